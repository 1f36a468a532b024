#pragma once
// Final ranks (RULES.md section 7): the winner (or every survivor of a draw) first, then the
// players in reverse order of elimination; players out in the same turn share a rank, players
// already out when the game was read share the last one. Ranks are numbered as in sports.
#include <array>
#include <climits>

#include "env/djambi/turn.h"

namespace djambi {

class Ranking {
 public:
  explicit Ranking(const Position& start);
  // Call once per finished turn, in order.
  void record(const TurnEvents& events);
  // Rank of each player index r b y g (0 for a player index that is not in the game).
  std::array<int, 4> ranks(const Position& end) const;
  // "result r:1 b:3 ..." as `djambi apply` prints it.
  std::string result_line(const Position& end) const;

 private:
  static constexpr int kStillAlive = INT_MAX;
  std::array<int, 4> out_stamp_{};  // 0: out before the game was read; k: out in turn k
  int turns_ = 0;
};

}  // namespace djambi
