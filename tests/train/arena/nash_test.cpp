#include "train/arena/nash.h"

#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>

namespace djambi {
namespace {

using Matrix = std::vector<std::vector<double>>;

TEST(MaxentNash, RockPaperScissorsIsUniform) {
  const Matrix rps{{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}};
  const NashAverage nash = maxent_nash(rps);
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(nash.weights[i], 1.0 / 3, 1e-9);
    EXPECT_NEAR(nash.average[i], 0.0, 1e-9);
  }
}

TEST(MaxentNash, ADominatedStrategyGetsNoWeight) {
  // Rock-paper-scissors with a fourth strategy that loses to all three.
  const Matrix game{{0, -1, 1, 0.5}, {1, 0, -1, 0.5}, {-1, 1, 0, 0.5}, {-0.5, -0.5, -0.5, 0}};
  const NashAverage nash = maxent_nash(game);
  EXPECT_EQ(nash.weights[3], 0.0);
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(nash.weights[i], 1.0 / 3, 1e-9);
  EXPECT_NEAR(nash.average[3], -0.5, 1e-9);  // what it loses against the equilibrium
  // A transitive game: the strongest player takes all the weight.
  const NashAverage ladder = maxent_nash({{0, 0.2, 0.6}, {-0.2, 0, 0.3}, {-0.6, -0.3, 0}});
  EXPECT_NEAR(ladder.weights[0], 1.0, 1e-12);
  EXPECT_NEAR(ladder.average[1], -0.2, 1e-9);
  EXPECT_NEAR(ladder.average[2], -0.6, 1e-9);
}

TEST(MaxentNash, ACopiedStrategySharesItsWeightAndChangesNoAverage) {
  // Rock twice: every split of a third between the copies is an equilibrium; the one of
  // maximum entropy splits it evenly, and paper and scissors keep their thirds.
  const Matrix game{{0, 0, -1, 1}, {0, 0, -1, 1}, {1, 1, 0, -1}, {-1, -1, 1, 0}};
  const NashAverage nash = maxent_nash(game);
  EXPECT_NEAR(nash.weights[0], 1.0 / 6, 1e-7);
  EXPECT_NEAR(nash.weights[1], 1.0 / 6, 1e-7);
  EXPECT_NEAR(nash.weights[2], 1.0 / 3, 1e-7);
  EXPECT_NEAR(nash.weights[3], 1.0 / 3, 1e-7);
  // Equal players: all equilibria, the uniform one of maximum entropy.
  const NashAverage even = maxent_nash({{0, 0}, {0, 0}});
  EXPECT_NEAR(even.weights[0], 0.5, 1e-12);
}

TEST(MaxentNash, RefusesAMatrixThatIsNotAZeroSumMetaGame) {
  EXPECT_THROW(maxent_nash({}), std::invalid_argument);
  EXPECT_THROW(maxent_nash({{0, 1}, {1, 0}}), std::invalid_argument);
  EXPECT_THROW(maxent_nash({{0, 1}, {-1}}), std::invalid_argument);
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_THROW(maxent_nash({{0, inf}, {-inf, 0}}), std::invalid_argument);
}

}  // namespace
}  // namespace djambi
