// The one outcome rule: finished games, quiet-turn draws and games cut by a cap, under every
// reward scheme.
#include <gtest/gtest.h>

#include <numeric>

#include "env/djambi/game.h"
#include "env/djambi/notation.h"
#include "env/outcome.h"
#include "env/tictactoe/game.h"

namespace djambi {
namespace {

// Red, Blue and Yellow alive; Green out (its party Red's).
const char* kRunning = "8Cy/9/9/9/9/9/9/9/Cr7Cb r rbyr - 5 40";
const char* kQuietDraw = "8Cy/9/9/9/9/9/9/9/Cr7Cb r rbyr - 120 40";
// Red to move takes Blue's chief, the last opponent.
const char* kWinInOne = "9/1Cb7/9/9/8Mb/1Ar7/9/9/Cr8 r rbrr - 0 10";

constexpr RewardScheme kSchemes[] = {RewardScheme::kWinner, RewardScheme::kRank, RewardScheme::kSurvival};

TEST(Outcome, ACutGameIsValuedAsTheRulesOwnDrawUnderEveryScheme) {
  for (RewardScheme scheme : kSchemes) {
    const DjambiState cut(parse_position(kRunning), scheme, -0.5f);
    const DjambiState drawn(parse_position(kQuietDraw), scheme, -0.5f);
    ASSERT_FALSE(cut.is_terminal());
    ASSERT_TRUE(drawn.is_terminal());
    const Outcome a = outcome_of(cut), b = outcome_of(drawn);
    EXPECT_FALSE(a.finished);
    EXPECT_TRUE(b.finished);
    EXPECT_EQ(a.ranks, (std::vector<int>{1, 1, 1, 4}));
    EXPECT_EQ(a.ranks, b.ranks);
    EXPECT_EQ(a.returns, b.returns) << reward_scheme_name(scheme);
    EXPECT_TRUE(a.draw());
    EXPECT_TRUE(a.drew(0) && a.drew(1) && a.drew(2));
    EXPECT_FALSE(a.drew(3) || a.won(3));
    if (scheme == RewardScheme::kWinner) {
      EXPECT_EQ(a.returns, (std::vector<float>{-0.5f, -0.5f, -0.5f, -1.0f}));
    } else if (scheme == RewardScheme::kRank) {  // the one scheme that sums to zero
      EXPECT_NEAR(std::accumulate(a.returns.begin(), a.returns.end(), 0.0f), 0.0f, 1e-6);
    }
  }
}

TEST(Outcome, AWinHasOneWinnerAndElimination) {
  for (RewardScheme scheme : kSchemes) {
    DjambiState s(parse_position(kWinInOne), scheme);
    s.apply_action(s.to_view_action(action::move_part(parse_square("b4"), 0, 4)));  // b4xb8
    ASSERT_TRUE(s.is_terminal());
    const Outcome o = outcome_of(s);
    EXPECT_TRUE(o.finished);
    EXPECT_EQ(o.winner, 0);
    EXPECT_TRUE(o.won(0));
    EXPECT_FALSE(o.drew(1) || o.won(1));
    EXPECT_EQ(o.ranks[0], 1);
    EXPECT_EQ(o.ranks[1], 2);  // out in the last turn, before the players out earlier
    EXPECT_EQ(o.returns[0], 1.0f);
    if (scheme == RewardScheme::kRank) {
      EXPECT_NEAR(std::accumulate(o.returns.begin(), o.returns.end(), 0.0f), 0.0f, 1e-6);
    }
  }
}

TEST(Outcome, TiesShareFirstPlaceAndSoleWinnersAreFound) {
  EXPECT_EQ(sole_winner({1, 2, 3, 4}), 0);
  EXPECT_EQ(sole_winner({3, 1, 4, 2}), 1);
  EXPECT_EQ(sole_winner({1, 1, 3, 4}), -1);
  EXPECT_EQ(sole_winner({1, 1, 1, 1}), -1);
}

TEST(Outcome, TicTacToeDrawAndCut) {
  TicTacToeGame game;
  auto s = game.new_initial_state();
  const Outcome cut = outcome_of(*s);
  EXPECT_FALSE(cut.finished);
  EXPECT_TRUE(cut.draw());
  EXPECT_EQ(cut.returns, (std::vector<float>{0.0f, 0.0f}));
}

}  // namespace
}  // namespace djambi
