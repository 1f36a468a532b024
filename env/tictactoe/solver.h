#pragma once
// Exact minimax for tic-tac-toe: the reference that trained agents are checked against.
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "env/action.h"
#include "env/tictactoe/game.h"

namespace djambi {

// A memoising solver; keep one around to answer many queries cheaply (the whole game has 5478
// positions). Not thread-safe: use one per thread.
class TicTacToeSolver {
 public:
  // The game-theoretic value for the side to move (next_mover() in a terminal state): +1 win,
  // 0 draw, -1 loss.
  int value(const TicTacToeState& s);
  // Every legal action whose successor has the minimax value, ascending; empty when terminal.
  std::vector<Action> optimal_actions(const TicTacToeState& s);

 private:
  std::unordered_map<uint64_t, int8_t> memo_;  // hash -> value for the side to move
};

// One-shot versions (a fresh solver per call).
int solve_value(const TicTacToeState& s);
std::vector<Action> optimal_actions(const TicTacToeState& s);

}  // namespace djambi
