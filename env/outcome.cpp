#include "env/outcome.h"

#include <algorithm>

namespace djambi {

int sole_winner(const std::vector<int>& ranks) {
  if (std::count(ranks.begin(), ranks.end(), 1) != 1) return -1;
  return static_cast<int>(std::find(ranks.begin(), ranks.end(), 1) - ranks.begin());
}

Outcome outcome_of(const GameState& end) {
  Outcome o;
  const auto n = static_cast<size_t>(end.num_players());
  o.ranks.assign(n, 1);
  end.ranks(o.ranks.data());
  o.returns.assign(n, 0.0f);
  end.adjudicated_returns(o.returns.data());
  o.finished = end.is_terminal();
  o.winner = sole_winner(o.ranks);
  return o;
}

}  // namespace djambi
