#include "env/tictactoe/solver.h"

#include <algorithm>

namespace djambi {

int TicTacToeSolver::value(const TicTacToeState& s) {
  // A line can only have been completed by the previous mover, so a won game is lost for the
  // side to move.
  if (s.winner() >= 0) return -1;
  if (s.is_terminal()) return 0;
  const uint64_t h = s.hash();
  if (auto it = memo_.find(h); it != memo_.end()) return it->second;
  int best = -1;
  for (int sq = 0; sq < tictactoe::kNumCells && best < 1; ++sq) {
    if (s.cell(sq) != tictactoe::kEmpty) continue;
    TicTacToeState child = s;
    child.apply_action(static_cast<Action>(sq));
    best = std::max(best, -value(child));
  }
  memo_.emplace(h, static_cast<int8_t>(best));
  return best;
}

std::vector<Action> TicTacToeSolver::optimal_actions(const TicTacToeState& s) {
  std::vector<Action> out;
  if (s.is_terminal()) return out;
  const int target = value(s);
  for (int sq = 0; sq < tictactoe::kNumCells; ++sq) {
    if (s.cell(sq) != tictactoe::kEmpty) continue;
    TicTacToeState child = s;
    child.apply_action(static_cast<Action>(sq));
    if (-value(child) == target) out.push_back(static_cast<Action>(sq));
  }
  return out;
}

int solve_value(const TicTacToeState& s) { return TicTacToeSolver().value(s); }

std::vector<Action> optimal_actions(const TicTacToeState& s) { return TicTacToeSolver().optimal_actions(s); }

}  // namespace djambi
