// Perft from the start position. Depth 1 is derived in the issue (889); depths 2 and 3 were
// computed by this engine and independently by tests/reference (a direct whole-move generator
// written from RULES.md alone), which agree. Depth 3 runs in the slow suite.
#include "env/djambi/perft.h"

#include <gtest/gtest.h>

#include "env/djambi/moves.h"
#include "env/djambi/notation.h"

namespace djambi {
namespace {

TEST(Perft, StartDepthOneIs889) {
  const Position start = Position::start();
  EXPECT_EQ(perft(start, 0), 1u);
  EXPECT_EQ(perft(start, 1), 889u);
  EXPECT_EQ(legal_moves(start).size(), 889u);
}

TEST(Perft, StartDepthTwo) { EXPECT_EQ(perft(Position::start(), 2), 799993u); }

TEST(Perft, FinishedGameIsALeaf) {
  // Only Red is alive: the game is over, so every depth counts the position itself once.
  const Position won = parse_position("8Cr/9/9/9/9/9/9/9/X8 r r--- - 0 10");
  EXPECT_EQ(perft(won, 0), 1u);
  EXPECT_EQ(perft(won, 3), 1u);
  EXPECT_TRUE(legal_moves(won).empty());
}

}  // namespace
}  // namespace djambi
