#include "env/djambi/perft.h"

#include "env/djambi/moves.h"

namespace djambi {

namespace {
uint64_t perft_from(const Turn& turn, int depth) {
  if (turn.at_turn_start()) {
    if (depth == 0 || turn.game_over()) return 1;
    if (depth == 1) return count_legal_moves(turn.position());
  }
  ActionBuffer buffer;
  const int n = turn.legal_actions(buffer.data());
  uint64_t total = 0;
  for (int i = 0; i < n; ++i) {
    Turn next = turn;
    total += perft_from(next, next.apply(buffer[i]) ? depth - 1 : depth);
  }
  return total;
}
}  // namespace

uint64_t perft(const Position& pos, int depth) { return perft_from(Turn(pos), depth); }

}  // namespace djambi
