#include "train/recent_score.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace djambi {
namespace {

TEST(RecentScore, AnEqualPlayerScoresOne) {
  RecentScore score(100);
  EXPECT_EQ(score.score(), 0.0);
  // One network seat of four, winning one game in four: exactly its share.
  for (int i = 0; i < 400; ++i) score.add_game(i % 4 == 0, 1, 4);
  EXPECT_NEAR(score.score(), 1.0, 0.05);
  // Three seats of four winning every game: 4/3 of its share.
  for (int i = 0; i < 2000; ++i) score.add_game(true, 3, 4);
  EXPECT_NEAR(score.score(), 4.0 / 3.0, 1e-3);
}

TEST(RecentScore, FollowsTheRecentGames) {
  RecentScore score(50);
  for (int i = 0; i < 1000; ++i) score.add_game(false, 2, 4);
  EXPECT_EQ(score.score(), 0.0);
  for (int i = 0; i < 300; ++i) score.add_game(i % 2 == 0, 2, 4);  // half the games: its share
  EXPECT_NEAR(score.score(), 1.0, 0.05);  // the thousand losses are forgotten
}

TEST(RecentScore, RestoresItsCounts) {
  RecentScore a(64), b(64);
  for (int i = 0; i < 30; ++i) a.add_game(i % 3 == 0, 1, 4);
  b.restore(a.wins(), a.expected_wins());
  a.add_game(true, 1, 4);
  b.add_game(true, 1, 4);
  EXPECT_DOUBLE_EQ(a.score(), b.score());
  EXPECT_THROW(b.restore(-1, 2), std::invalid_argument);
  EXPECT_THROW(RecentScore(0.5), std::invalid_argument);
}

}  // namespace
}  // namespace djambi
