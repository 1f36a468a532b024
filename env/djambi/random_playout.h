#pragma once
// Random games: every sub-decision drawn uniformly among the legal ones.
#include <cstdint>

#include "env/djambi/ranking.h"
#include "env/random.h"

namespace djambi {

struct PlayoutResult {
  Position end;
  std::array<int, 4> ranks{};
  int turns = 0;      // turns played from the start position
  int decisions = 0;  // sub-decisions taken
  bool draw = false;  // ended by the quiet-turn counter
};

// Plays from `start` until the game ends or `max_turns` turns have been played.
PlayoutResult random_playout(const Position& start, Rng& rng, int max_turns = 1 << 30);

}  // namespace djambi
