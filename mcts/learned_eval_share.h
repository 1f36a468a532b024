#pragma once
// The learned evaluation of a bundle as a function of the position, whatever the game: what
// `djambi heldout` measures against a held-out set (train/arena/heldout_set.h).
#include <functional>
#include <string>

#include "env/game.h"

namespace djambi {

// The share of the player to act in a state (a running game at a turn start).
using PositionShare = std::function<float(const GameState& state)>;

// The learned evaluation of the bundle at `path`, for games of `game` (its variants), as the
// share the alpha-beta search values a leaf with. Throws std::invalid_argument naming the file
// for a bundle that does not load or is of another game or variant set, and for a game without
// a learned evaluation.
PositionShare learned_eval_share(const std::string& path, const Game& game);

}  // namespace djambi
