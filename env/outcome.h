#pragma once
// Who won: the one rule that self-play, training evaluation and the arena share. A finished game
// has the game's own ranks and returns. A game cut by a length cap is adjudicated as the rules'
// own draw among the players still in it: ranked as it stands (players out keep their places)
// and valued with GameState::adjudicated_returns (Djambi: the reward scheme's draw value for the
// survivors), so that stalling to the cap never pays more than a real draw.
#include <vector>

#include "env/game.h"

namespace djambi {

struct Outcome {
  std::vector<int> ranks;      // by seat: 1 = first, shared places as in sports (1, 1, 3, 4)
  std::vector<float> returns;  // by seat
  bool finished = true;        // false: cut by a length cap and adjudicated
  int winner = -1;             // the seat alone in first place, or -1 (first place shared: a draw)
  bool draw() const { return winner < 0; }
  // A seat wins alone, shares a drawn first place, or loses.
  bool won(int seat) const { return winner == seat; }
  bool drew(int seat) const { return winner < 0 && ranks[static_cast<size_t>(seat)] == 1; }
};

// The outcome of `end` (terminal, or cut by a cap).
Outcome outcome_of(const GameState& end);
// The seat alone at rank 1, or -1 when first place is shared.
int sole_winner(const std::vector<int>& ranks);

}  // namespace djambi
