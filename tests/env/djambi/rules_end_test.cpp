// Rule tests: passing, the quiet counter, draws, the end of the game and the ranking
// (RULES.md sections 2, 6, 7 and 8).
#include <gtest/gtest.h>

#include "tests/env/djambi/rules_test_util.h"

namespace djambi::testing {
namespace {

// Section 2/6: `pass` is the only move of a player with no other legal move, and a full turn.
TEST(RulesEnd, PassOnlyWhenNoOtherMove) {
  // Red's chief is walled in by corpses; its necromobile (which keeps the chief from being
  // surrounded) is hemmed in by living Green pieces.
  // Cr a1, X a2 b1 b2, Nr a9, Cg b9, Mg a8 b8, Cb i1, Cy i9
  const std::string pos = "NrCg6Cy/MgMg7/9/9/9/9/9/XX7/CrX6Cb r rbyg - 3 7";
  EXPECT_EQ(moves_of(pos), std::vector<std::string>{"pass"});
  EXPECT_EQ(apply_moves(pos, {"pass"}).position,
            // Cr a1, X a2 b1 b2, Nr a9, Cg b9, Mg a8 b8, Cb i1, Cy i9
            "NrCg6Cy/MgMg7/9/9/9/9/9/XX7/CrX6Cb b rbyg - 4 8");
  EXPECT_THROW(apply_moves(pos, {"a9-a8"}), std::invalid_argument);
}

// Section 7: a draw when 120 consecutive turns pass without a kill; the survivors share rank 1.
TEST(RulesEnd, DrawAfter120QuietTurns) {
  // Cr a1, Cb i1, Cy i9, Cg a9
  const std::string pos = "Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rbyg - 118 300";
  const auto one = apply_moves(pos, {"a1-a2"});
  EXPECT_EQ(one.result, "");
  EXPECT_EQ(field(one.position, 4), "119");
  EXPECT_FALSE(moves_of(one.position).empty());
  const auto two = apply_moves(pos, {"a1-a2", "i1-i2"});
  EXPECT_EQ(two.result, "result r:1 b:1 y:1 g:1");
  EXPECT_EQ(field(two.position, 4), "120");
  EXPECT_TRUE(moves_of(two.position).empty());  // a finished game has no moves, not even pass
}

// Section 7: players already out when a position is read share the last rank.
TEST(RulesEnd, DrawWithAPlayerAlreadyOut) {
  // Cr a1, Cb i1, Cg a9
  const std::string pos = "Cg8/9/9/9/9/9/9/9/Cr7Cb r rb-g - 119 40";
  EXPECT_EQ(apply_moves(pos, {"a1-a2"}).result, "result r:1 b:1 y:4 g:1");
}

// Section 8: any kill resets the quiet counter, so no draw.
TEST(RulesEnd, AKillResetsTheQuietCounter) {
  // Cr a1, Mr d4, Mb d5, Cb i1, Cy i9, Cg a9
  const std::string pos = "Cg7Cy/9/9/9/3Mb5/3Mr5/9/9/Cr7Cb r rbyg - 119 0";
  const auto after = apply_moves(pos, {"d4xd5>d4"});
  EXPECT_EQ(after.result, "");
  EXPECT_EQ(field(after.position, 4), "0");
}

// Section 7: ranks as in sports (1, 1, 3, 4): two survivors of a draw, then the players in
// reverse order of elimination (Green went out after Yellow).
TEST(RulesEnd, RanksOfADrawAfterTwoEliminations) {
  // Cr a1, Mr c5, Cy c6, Cb i1, Mb g6, Cg g7
  const std::string pos = "9/9/6Cg2/2Cy3Mb2/2Mr6/9/9/9/Cr7Cb r rbyg - 0 0";
  std::vector<std::string> moves = {"c5xc6>c5", "g6xg7>g6"};
  for (int i = 0; i < 60; ++i) {
    moves.push_back(i % 2 ? "a2-a1" : "a1-a2");
    moves.push_back(i % 2 ? "i2-i1" : "i1-i2");
  }
  const auto before = apply_moves(pos, std::vector<std::string>(moves.begin(), moves.end() - 1));
  EXPECT_EQ(before.result, "");
  EXPECT_EQ(field(before.position, 2), "rbrb");  // Yellow went to Red, Green to Blue
  const auto after = apply_moves(pos, moves);
  EXPECT_EQ(after.result, "result r:1 b:1 y:4 g:3");
}

// Section 7: the game ends when one player is alive; the others rank in reverse order of
// elimination, the player out before the position was read last.
TEST(RulesEnd, RankingByOrderOfElimination) {
  // Cr a1, Mr c5 g6, Cb c6, Cg g7, Mg a9
  const std::string pos = "Mg8/9/6Cg2/2Cb3Mr2/2Mr6/9/9/9/Cr8 r rb-g - 0 0";
  EXPECT_EQ(apply_moves(pos, {"c5xc6>c5"}).result, "");
  EXPECT_EQ(apply_moves(pos, {"c5xc6>c5", "a9-a8"}).result, "");
  const auto end = apply_moves(pos, {"c5xc6>c5", "a9-a8", "g6xg7>g6"});
  EXPECT_EQ(end.result, "result r:1 b:3 y:4 g:2");
  EXPECT_TRUE(moves_of(end.position).empty());
  EXPECT_THROW(apply_moves(end.position, {"pass"}), std::invalid_argument);
}

// Section 7: players out in the same turn share a rank (the assassin's master move kills two
// chiefs); ranks skip after a shared rank.
TEST(RulesEnd, PlayersOutInTheSameTurnShareARank) {
  // Cr e5, Cb h5, Ay c3, Cy i9
  const std::string pos = "8Cy/9/9/9/4Cr2Cb1/9/2Ay6/9/9 y rby- - 0 0";
  const auto end = apply_moves(pos, {"c3xe5,e5xh5"});
  EXPECT_EQ(end.result, "result r:2 b:2 y:1 g:4");
  EXPECT_TRUE(moves_of(end.position).empty());
}

// Section 7: a position read after the draw limit is a finished game without moves.
TEST(RulesEnd, FinishedGameHasNoMoves) {
  // Cr a1, Cb i1, Cy i9, Cg a9
  const std::string drawn = "Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rbyg - 120 500";
  EXPECT_TRUE(moves_of(drawn).empty());
  EXPECT_THROW(apply_moves(drawn, {"pass"}), std::invalid_argument);
  EXPECT_THROW(apply_moves(drawn, {"a1-a2"}), std::invalid_argument);
  // Cr a1, X i1 i9 a9
  const std::string won = "X7X/9/9/9/9/9/9/9/Cr7X r rrrr - 0 50";
  EXPECT_TRUE(moves_of(won).empty());
}

// Section 7: several players already out when the position was read share the last rank, which
// is numbered as in sports (3, 3 after ranks 1 and 2).
TEST(RulesEnd, PlayersOutBeforeReadingShareTheLastRank) {
  // Cr a1, Cb e5, Ar d4
  const std::string pos = "9/9/9/9/4Cb4/3Ar5/9/9/Cr8 r rb-- - 0 0";
  const auto end = apply_moves(pos, {"d4xe5,e5-e6"});
  EXPECT_EQ(end.result, "result r:1 b:2 y:3 g:3");
  EXPECT_EQ(field(end.position, 2), "rr--");
}

}  // namespace
}  // namespace djambi::testing
