// Rule tests: movement (RULES.md section 3).
#include <gtest/gtest.h>

#include "tests/env/djambi/rules_test_util.h"

namespace djambi::testing {
namespace {

// Queen movement; corpses and own pieces block; the diplomat may cross the empty e5 but not
// stop there, nor end on a corpse or an own piece (sections 3, 4).
TEST(RulesMovement, QueenMoveBlockedByCorpsesAndOwnPieces) {
  // Cr a2, Cb h1, Cy i8, Cg b9, Dr d4, X d6 g7, Mr f4
  const std::string pos = "1Cg7/8Cy/6X2/3X5/9/3Dr1Mr3/9/Cr8/7Cb1 r rbyg - 0 0";
  EXPECT_EQ(moves_from(pos, "d4"),
            sorted({"d4-d5",                    // N: d6 holds a corpse
                    "d4-f6",                    // NE: crosses the empty e5, stops before g7
                    "d4-e4",                    // E: f4 holds an own militant
                    "d4-e3", "d4-f2", "d4-g1",  // SE
                    "d4-d3", "d4-d2", "d4-d1",  // S
                    "d4-c3", "d4-b2", "d4-a1",  // SW
                    "d4-c4", "d4-b4", "d4-a4",  // W
                    "d4-c5", "d4-b6", "d4-a7"}));
}

// Living pieces of any side block; the necromobile never ends on a living piece (sections 3, 4).
TEST(RulesMovement, LivingPiecesBlockTheNecromobile) {
  // Cr a2, Cb h1, Cy i8, Cg b9, Nr d4, Mb d6, Mr f4
  const std::string pos = "1Cg7/8Cy/9/3Mb5/9/3Nr1Mr3/9/Cr8/7Cb1 r rbyg - 0 0";
  EXPECT_EQ(moves_from(pos, "d4"),
            sorted({"d4-d5", "d4-f6", "d4-g7", "d4-h8", "d4-i9", "d4-e4", "d4-e3", "d4-f2",
                    "d4-g1", "d4-d3", "d4-d2", "d4-d1", "d4-c3", "d4-b2", "d4-a1", "d4-c4",
                    "d4-b4", "d4-a4", "d4-c5", "d4-b6", "d4-a7"}));
}

// Militants move 1 or 2 squares in a straight line; they may cross the empty e5 (d4-f6) but
// not stop on it.
TEST(RulesMovement, MilitantRangeTwo) {
  // Cr a2, Cb h1, Cy i8, Cg b9, Mr d4
  const std::string pos = "1Cg7/8Cy/9/9/9/3Mr5/9/Cr8/7Cb1 r rbyg - 0 0";
  EXPECT_EQ(moves_from(pos, "d4"),
            sorted({"d4-d5", "d4-d6", "d4-f6", "d4-e4", "d4-f4", "d4-e3", "d4-f2", "d4-d3",
                    "d4-d2", "d4-c3", "d4-b2", "d4-c4", "d4-b4", "d4-c5", "d4-b6"}));
}

// A militant next to e5 cannot stop there, so its only move that way is the crossing.
TEST(RulesMovement, MilitantNeverEndsOnTheCentre) {
  // Cr a2, Cb h1, Cy i8, Cg b9, Mr c3
  const std::string pos = "1Cg7/8Cy/9/9/9/9/2Mr6/Cr8/7Cb1 r rbyg - 0 0";
  const auto moves = moves_from(pos, "c3");
  EXPECT_TRUE(contains(moves, "c3-d4"));
  EXPECT_FALSE(contains(moves, "c3-e5"));
  EXPECT_EQ(moves.size(), 15u);  // 16 squares within two steps, less e5
}

// A corpse on e5 (a puppet) blocks like any corpse: no crossing.
TEST(RulesMovement, PuppetOnTheCentreBlocksCrossing) {
  // Cr a2, Cb h1, Cy i8, Cg b9, Mr d4, X e5
  const std::string pos = "1Cg7/8Cy/9/9/4X4/3Mr5/9/Cr8/7Cb1 r rbyg - 0 0";
  const auto moves = moves_from(pos, "d4");
  EXPECT_FALSE(contains(moves, "d4-f6"));
  EXPECT_EQ(moves.size(), 14u);
  // Cr a2, Cb h1, Cy i8, Cg b9, Dr d4, X e5
  const std::string dip = "1Cg7/8Cy/9/9/4X4/3Dr5/9/Cr8/7Cb1 r rbyg - 0 0";
  for (const auto& m : moves_from(dip, "d4"))
    EXPECT_TRUE(m != "d4-f6" && m != "d4-g7" && m.rfind("d4xe5", 0) != 0) << m;
}

// Every non-chief may cross the empty centre but none may end a plain move there.
TEST(RulesMovement, NonChiefsCrossButDoNotStopOnTheEmptyCentre) {
  const std::vector<std::string> positions = {
      // Cr a2, Cb h1, Cy i8, Cg b9, Ar c3
      "1Cg7/8Cy/9/9/9/9/2Ar6/Cr8/7Cb1 r rbyg - 0 0",
      // Cr a2, Cb h1, Cy i8, Cg b9, Rr c3
      "1Cg7/8Cy/9/9/9/9/2Rr6/Cr8/7Cb1 r rbyg - 0 0",
      // Cr a2, Cb h1, Cy i8, Cg b9, Dr c3
      "1Cg7/8Cy/9/9/9/9/2Dr6/Cr8/7Cb1 r rbyg - 0 0",
      // Cr a2, Cb h1, Cy i8, Cg b9, Nr c3
      "1Cg7/8Cy/9/9/9/9/2Nr6/Cr8/7Cb1 r rbyg - 0 0",
  };
  for (const auto& pos : positions) {
    const auto moves = moves_from(pos, "c3");
    EXPECT_TRUE(contains(moves, "c3-d4")) << pos;
    EXPECT_TRUE(contains(moves, "c3-f6")) << pos;
    EXPECT_TRUE(contains(moves, "c3-i9")) << pos;
    EXPECT_FALSE(contains(moves, "c3-e5")) << pos;
  }
}

// Only a chief may end a plain move on e5 (section 3); the chief moves like a queen.
TEST(RulesMovement, ChiefMayStopOnTheCentre) {
  // Cr c3, Cb i1, Cy h9, Cg a8
  const std::string pos = "7Cy1/Cg8/9/9/9/9/2Cr6/9/8Cb r rbyg - 0 0";
  EXPECT_EQ(moves_from(pos, "c3"),
            sorted({"c3-c4", "c3-c5", "c3-c6", "c3-c7", "c3-c8", "c3-c9",   // N
                    "c3-d4", "c3-e5", "c3-f6", "c3-g7", "c3-h8", "c3-i9",   // NE
                    "c3-d3", "c3-e3", "c3-f3", "c3-g3", "c3-h3", "c3-i3",   // E
                    "c3-d2", "c3-e1", "c3-c2", "c3-c1", "c3-b2", "c3-a1",   // SE S SW
                    "c3-b3", "c3-a3", "c3-b4", "c3-a5"}));                  // W NW
  EXPECT_EQ(apply_moves(pos, {"c3-e5"}).position,
            // Cr e5, Cb i1, Cy h9, Cg a8
            "7Cy1/Cg8/9/9/4Cr4/9/9/9/8Cb b rbyg - 1 1");
}

}  // namespace
}  // namespace djambi::testing
