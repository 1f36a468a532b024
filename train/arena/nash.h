#pragma once
// The maximum-entropy Nash equilibrium of a symmetric two-player zero-sum game, and the Nash
// average of its strategies (Balduzzi, Tuyls, Perolat, Graepel 2018, "Re-evaluating
// evaluation"). The game is a meta-game between players: payoff[i][j] is what strategy i gains
// against strategy j, and payoff[j][i] = -payoff[i][j]. Among the game's equilibria (often
// more than one), the one of maximum entropy is unique; it spreads its weight evenly over
// redundant copies of a strategy, so adding a copy of a player changes no one's Nash average.
#include <vector>

namespace djambi {

struct NashAverage {
  std::vector<double> weights;  // the equilibrium: the weight of each strategy, summing to 1
  std::vector<double> average;  // each strategy's payoff against the equilibrium (0 on its support, below 0 off it)
};

// Throws std::invalid_argument for a matrix that is not square, not finite or not
// antisymmetric (within 1e-9), or empty.
NashAverage maxent_nash(const std::vector<std::vector<double>>& payoff);

}  // namespace djambi
