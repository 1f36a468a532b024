#pragma once
// The project's games by name, and states from text: what records, the bot protocol and the
// command line share to set up a game.
#include <memory>
#include <string>

#include "env/game.h"
#include "env/rewards.h"
#include "env/variants.h"

namespace djambi {

// "djambi" (with any variants) or "tictactoe" (none). Throws std::invalid_argument naming an
// unknown game or a variant given to tic-tac-toe.
std::shared_ptr<const Game> make_game(const std::string& name, Variants variants = {},
                                      RewardScheme scheme = RewardScheme::kWinner, float draw_value = 0.0f);
// Variant names separated by commas or spaces; "" and "none" are the empty set.
Variants parse_variant_list(const std::string& text);
// The variants of `game` as a record writes them ("none" if none).
std::string variant_list_of(const Game& game);

// The text of a position: Djambi's position notation; "initial" for tic-tac-toe's only start.
std::string state_text(const GameState& state);
// The inverse (at a turn start). Throws std::invalid_argument (Djambi: NotationError) on bad text.
std::unique_ptr<GameState> state_from_text(const Game& game, const std::string& text);

}  // namespace djambi
