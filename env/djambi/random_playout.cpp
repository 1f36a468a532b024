#include "env/djambi/random_playout.h"

namespace djambi {

PlayoutResult random_playout(const Position& start, Rng& rng, int max_turns) {
  PlayoutResult result;
  Ranking ranking(start);
  Turn turn(start);
  ActionBuffer buffer;
  while (result.turns < max_turns) {
    const int n = turn.legal_actions(buffer.data());
    if (n == 0) break;
    ++result.decisions;
    if (turn.apply(buffer[rng.below(static_cast<uint32_t>(n))])) {
      ranking.record(turn.last_turn());
      ++result.turns;
    }
  }
  result.end = turn.position();
  result.ranks = ranking.ranks(result.end);
  result.draw = result.end.num_alive() > 1 && result.end.game_over();
  return result;
}

}  // namespace djambi
