// Rule tests: power, extra turns, inheritance and zombies (RULES.md sections 2 and 6).
#include <gtest/gtest.h>

#include "tests/env/djambi/rules_test_util.h"

namespace djambi::testing {
namespace {

// Section 2: Red in power, four players: R, B, R, Y, R, G, R, R, B, R, ...
TEST(RulesPower, ExtraTurnSequence) {
  // Cr e5, Mr a3, Cb i1, Cy i9, Cg a9
  const std::string pos = "Cg7Cy/9/9/9/4Cr4/9/Mr8/9/8Cb r rbyg - 0 0";
  const std::vector<std::string> moves = {"a3-a4", "i1-i2", "a4-a3", "i9-i8", "a3-a4",
                                          "a9-a8", "a4-a3", "a3-a4", "i2-i1", "a4-a3"};
  // Who is to move before each of the ten turns, then after the last one.
  const std::vector<std::string> expected = {"r -", "b -", "r b", "y -", "r y", "g -",
                                             "r g", "r -", "b -", "r b", "y -"};
  for (size_t n = 0; n <= moves.size(); ++n)
    EXPECT_EQ(turn_after(pos, moves, n), expected[n]) << "after " << n << " moves";
  EXPECT_EQ(apply_moves(pos, moves).position,
            // Cr e5, Mr a3, Cb i1, Cy i8, Cg a8
            "9/Cg7Cy/9/9/4Cr4/9/Mr8/9/8Cb y rbyg - 10 10");
}

// Section 2: taking the centre on one's own regular turn gives no extra turn for that turn;
// losing it (here during the extra turn) ends the extra turns.
TEST(RulesPower, TakingAndLosingTheCentre) {
  // Cr d4, Cb i1, Cy i9, Cg a9
  const std::string pos = "Cg7Cy/9/9/9/9/3Cr5/9/9/8Cb r rbyg - 0 0";
  const std::vector<std::string> moves = {"d4-e5", "i1-i2", "e5-d4", "i9-i8", "a9-a8"};
  const std::vector<std::string> expected = {"r -", "b -", "r b", "y -", "g -", "r -"};
  for (size_t n = 0; n <= moves.size(); ++n)
    EXPECT_EQ(turn_after(pos, moves, n), expected[n]) << "after " << n << " moves";
}

// Section 2: the holder leaving e5 on its own regular turn gets no extra turn afterwards.
TEST(RulesPower, LosingTheCentreOnOwnRegularTurn) {
  // Cr e5, Cb i1, Cy i9, Cg a9
  const std::string pos = "Cg7Cy/9/9/9/4Cr4/9/9/9/8Cb r rbyg - 0 0";
  EXPECT_EQ(turn_after(pos, {"e5-e6", "i1-i2"}, 1), "b -");
  EXPECT_EQ(turn_after(pos, {"e5-e6", "i1-i2"}, 2), "y -");
}

// Sections 2, 4, 6: a chief killing the chief in power stays on e5 and inherits; taking the
// centre on its own turn it gets no extra turn now, but one after the next player's turn.
TEST(RulesPower, ChiefKillsTheChiefInPowerAndTakesTheCentre) {
  // Cr d4, Cb e5, Cy i9, Cg a9
  const std::string pos = "Cg7Cy/9/9/9/4Cb4/3Cr5/9/9/9 r rbyg - 4 0";
  const auto after = apply_moves(pos, {"d4xe5>d4"});
  // Cr e5, X d4, Cy i9, Cg a9
  EXPECT_EQ(after.position, "Cg7Cy/9/9/9/4Cr4/3X5/9/9/9 y rryg - 0 1");
  EXPECT_EQ(turn_after(pos, {"d4xe5>d4", "i9-i8"}, 2), "r y");
}

// Sections 2, 4: a chief placed on e5 by another player's diplomat holds power at the end of
// that player's regular turn, so it plays an extra turn, then its own regular turn follows
// (the regular order continues with the player after Red).
TEST(RulesPower, ChiefPlacedOnTheCentreDuringAnotherPlayersTurn) {
  // Cr a2, Cb d6, Mb i3, Cy i8, Cg b9, Dr d4
  const std::string pos = "1Cg7/8Cy/9/3Cb5/9/3Dr5/8Mb/Cr8/9 r rbyg - 0 0";
  const std::vector<std::string> moves = {"d4xd6>e5", "i3-i4", "i4-i3"};
  EXPECT_EQ(apply_moves(pos, {moves[0]}).position,
            // Cr a2, Cb e5, Mb i3, Cy i8, Cg b9, Dr d6
            "1Cg7/8Cy/9/3Dr5/4Cb4/9/8Mb/Cr8/9 b rbyg r 1 1");
  EXPECT_EQ(turn_after(pos, moves, 2), "b -");
  EXPECT_EQ(turn_after(pos, moves, 3), "y -");  // Blue, the holder, ends its regular turn
}

// Section 6: a killed chief's player is out and the mover takes every party it controlled.
TEST(RulesPower, InheritanceOnAChiefKill) {
  // Blue controls Yellow (Yellow's chief is dead).
  // Cr d4, Cb d5, My h7, Cg a9
  const std::string pos = "Cg8/9/7My1/9/3Cb5/3Cr5/9/9/9 r rbbg - 0 0";
  const auto after = apply_moves(pos, {"d4xd5>d4"});
  // Cr d5, X d4, My h7, Cg a9
  EXPECT_EQ(after.position, "Cg8/9/7My1/9/3Cr5/3X5/9/9/9 g rrrg - 0 1");
  // Red now moves the Yellow militant.
  EXPECT_FALSE(moves_from(apply_moves(after.position, {"a9-a8"}).position, "h7").empty());
}

// Section 6: zombies the victim controlled only through power stay zombies.
TEST(RulesPower, ZombiesHeldThroughPowerStayZombiesOnAChiefKill) {
  // Cr a2, Cb e5, My h7, Cg a9, Ar d4
  const std::string pos = "Cg8/9/7My1/9/4Cb4/3Ar5/9/Cr8/9 r rb-g - 0 0";
  EXPECT_EQ(apply_moves(pos, {"d4xe5,e5-e6"}).position,
            // Cr a2, X d4, Ar e6, My h7, Cg a9
            "Cg8/9/7My1/4Ar4/9/3X5/9/Cr8/9 g rr-g - 0 1");
}

// Section 6: if P is out at the end of its own regular turn (here Blue's own move leaves its
// chief surrounded), the holder still plays its extra turn, then the order resumes after P.
TEST(RulesPower, HolderPlaysItsExtraTurnAfterAPlayerWhoWentOut) {
  const std::string pos =
      // Cr e5, Mr a3, Cb i1, Nb i2, X h1 h2 h3 i3, Cy i9, Cg a9
      "Cg7Cy/9/9/9/4Cr4/9/Mr6XX/7XNb/7XCb b rbyg - 5 20";
  const auto after = apply_moves(pos, {"i1xi2>i1"});
  // Cr e5, Mr a3, X i1 i2, X h1 h2 h3 i3, Cy i9, Cg a9
  EXPECT_EQ(after.position, "Cg7Cy/9/9/9/4Cr4/9/Mr6XX/7XX/7XX r r-yg b 0 21");
  EXPECT_EQ(turn_after(pos, {"i1xi2>i1", "a3-a4"}, 2), "y -");
}

// Section 6: zombies are neutral when nobody holds power: nobody moves them, anyone may kill or
// displace them.
TEST(RulesPower, ZombiesAreNeutralWithoutAHolder) {
  // Cr a2, Cb h1, Cg b9, My d6, Dr d4, Rr b6, Ar d8
  const std::string pos = "1Cg7/3Ar5/9/1Rr1My5/9/3Dr5/9/Cr8/7Cb1 r rb-g - 0 0";
  EXPECT_TRUE(moves_from(pos, "d6").empty());
  EXPECT_FALSE(moves_from(pos, "d4xd6>").empty());               // displaced by a diplomat
  EXPECT_TRUE(contains(moves_from(pos, "b6"), "b6-c6+d6"));      // killed by a reporter
  EXPECT_EQ(moves_from(pos, "d8xd6"), std::vector<std::string>{"d8xd6"});  // by an assassin
  // Cr a2, Cb h1, Cg b9, My d6, Db d4
  const std::string blue = "1Cg7/9/9/3My5/9/3Db5/9/Cr8/7Cb1 b rb-g - 0 0";
  EXPECT_TRUE(moves_from(blue, "d6").empty());
  EXPECT_FALSE(moves_from(blue, "d4xd6>").empty());
}

// Section 6: zombies are controlled by the holder, and then count as its own pieces: it moves
// them, and its diplomat and reporter may not act on them. Other players cannot move them.
TEST(RulesPower, ZombiesAreMovedByTheHolder) {
  // Cr e5, Cb h1, Cg b9, My c7, Dr c4, Rr a7
  const std::string pos = "1Cg7/9/Rr1My6/9/4Cr4/2Dr6/9/9/7Cb1 r rb-g - 0 0";
  const auto zombie = moves_from(pos, "c7-");
  EXPECT_TRUE(contains(zombie, "c7-c8"));
  EXPECT_TRUE(contains(zombie, "c7-d6"));
  EXPECT_FALSE(contains(zombie, "c7-e5"));
  EXPECT_TRUE(moves_from(pos, "c4xc7").empty());
  EXPECT_EQ(moves_from(pos, "a7-b7"), std::vector<std::string>{"a7-b7"});
  EXPECT_EQ(apply_moves(pos, {"c7-c8"}).position,
            // Cr e5, Cb h1, Cg b9, My c8, Dr c4, Rr a7
            "1Cg7/2My6/Rr8/9/4Cr4/2Dr6/9/9/7Cb1 b rb-g - 1 1");
  // Cr e5, Cb h1, Cg b9, My c7, Dr c4, Rr a7
  const std::string blue = "1Cg7/9/Rr1My6/9/4Cr4/2Dr6/9/9/7Cb1 b rb-g - 0 0";
  EXPECT_TRUE(moves_from(blue, "c7").empty());
}

// Section 2: with two players left the holder plays twice in a row after each opposing turn.
TEST(RulesPower, TwoPlayersLeftHolderPlaysTwice) {
  // Cr e5, Mr a3, Cb i1
  const std::string pos = "9/9/9/9/4Cr4/9/Mr8/9/8Cb b rb-- - 0 0";
  const std::vector<std::string> moves = {"i1-i2", "a3-a4", "a4-a3", "i2-i1"};
  const std::vector<std::string> expected = {"b -", "r b", "r -", "b -", "r b"};
  for (size_t n = 0; n <= moves.size(); ++n)
    EXPECT_EQ(turn_after(pos, moves, n), expected[n]) << "after " << n << " moves";
}

}  // namespace
}  // namespace djambi::testing
