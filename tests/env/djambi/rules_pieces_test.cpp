// Rule tests: what each piece does on an occupied square (RULES.md section 4).
#include <gtest/gtest.h>

#include "tests/env/djambi/rules_test_util.h"

namespace djambi::testing {
namespace {

// Chief: kills by moving onto a living piece; the corpse goes to any square empty once the chief
// has arrived, its from-square included, never e5 (4, "Placing a piece").
TEST(RulesPieces, ChiefKillsAndPlacesTheCorpse) {
  // Cr d4, Mb d5, Cb h1, Cy i8, Cg b9
  const std::string pos = "1Cg7/8Cy/9/9/3Mb5/3Cr5/9/9/7Cb1 r rbyg - 5 8";
  const auto kills = moves_from(pos, "d4xd5>");
  EXPECT_EQ(kills.size(), 76u);  // 81 - 4 occupied (Cr on d5, three chiefs) - e5
  EXPECT_TRUE(contains(kills, "d4xd5>d4"));
  EXPECT_TRUE(contains(kills, "d4xd5>a1"));
  EXPECT_TRUE(contains(kills, "d4xd5>i9"));
  EXPECT_FALSE(contains(kills, "d4xd5>e5"));
  EXPECT_FALSE(contains(kills, "d4xd5>d5"));
  EXPECT_FALSE(contains(kills, "d4xd5>h1"));
  const auto after = apply_moves(pos, {"d4xd5>d4"});
  // Cr d5, X d4, Cb h1, Cy i8, Cg b9
  EXPECT_EQ(after.position, "1Cg7/8Cy/9/9/3Cr5/3X5/9/9/7Cb1 b rbyg - 0 9");
}

// Militant: kills like the chief, within its 1-2 square range, with the same placement.
TEST(RulesPieces, MilitantKillsWithinRangeTwo) {
  // Cr a2, Cb h1, Cy i8, Cg b9, Mr d4, Mb d6
  const std::string pos = "1Cg7/8Cy/9/3Mb5/9/3Mr5/9/Cr8/7Cb1 r rbyg - 0 0";
  const auto kills = moves_from(pos, "d4xd6>");
  EXPECT_EQ(kills.size(), 75u);  // 81 - 5 occupied - e5
  EXPECT_TRUE(contains(kills, "d4xd6>d4"));
  EXPECT_FALSE(contains(kills, "d4xd6>e5"));
  // Cr a2, Cb h1, Cy i8, Cg b9, Mr d4, Mb d7
  const std::string far = "1Cg7/8Cy/3Mb5/9/9/3Mr5/9/Cr8/7Cb1 r rbyg - 0 0";
  EXPECT_TRUE(moves_from(far, "d4x").empty());
  EXPECT_TRUE(contains(moves_from(far, "d4"), "d4-d6"));
}

// A militant may kill a chief that is not on e5; the mover inherits the victim's parties (6).
TEST(RulesPieces, MilitantKillsAChiefOffTheCentre) {
  // Cr a2, Cy i8, Cg b9, Mr d4, Cb d5, Mb h3
  const std::string pos = "1Cg7/8Cy/9/9/3Cb5/3Mr5/7Mb1/Cr8/9 r rbyg - 0 0";
  EXPECT_EQ(moves_from(pos, "d4xd5>").size(), 75u);  // 81 - 5 occupied - e5
  EXPECT_EQ(apply_moves(pos, {"d4xd5>h1"}).position,
            // Cr a2, Cy i8, Cg b9, Mr d5, X h1, Mb h3
            "1Cg7/8Cy/9/9/3Mr5/9/7Mb1/Cr8/7X1 y rryg - 0 1");
}

// Militants never kill a chief standing on e5 (nor stop on or cross an occupied e5); the chief
// and the assassin may.
TEST(RulesPieces, MilitantNeverKillsTheChiefOnTheCentre) {
  // Cr a2, Cb e5, Cy i8, Cg b9, Mr d4
  const std::string pos = "1Cg7/8Cy/9/9/4Cb4/3Mr5/9/Cr8/9 r rbyg - 0 0";
  EXPECT_EQ(moves_from(pos, "d4"),
            sorted({"d4-d5", "d4-d6", "d4-e4", "d4-f4", "d4-e3", "d4-f2", "d4-d3", "d4-d2",
                    "d4-c3", "d4-b2", "d4-c4", "d4-b4", "d4-c5", "d4-b6"}));
  // Cr d4, Cb e5, Cy i8, Cg b9
  const std::string chief = "1Cg7/8Cy/9/9/4Cb4/3Cr5/9/9/9 r rbyg - 0 0";
  EXPECT_EQ(moves_from(chief, "d4xe5>").size(), 78u);  // 81 - 3 occupied; e5 holds Cr
  EXPECT_TRUE(contains(moves_from(chief, "d4xe5>"), "d4xe5>d4"));
  // Cr a2, Cb e5, Cy i8, Cg b9, Ar d4
  const std::string assassin = "1Cg7/8Cy/9/9/4Cb4/3Ar5/9/Cr8/9 r rbyg - 0 0";
  EXPECT_TRUE(contains(moves_from(assassin, "d4xe5"), "d4xe5,e5-e6"));
}

// Assassin: kills by moving onto a living piece; the corpse goes to its from-square, no choice.
TEST(RulesPieces, AssassinLeavesTheCorpseOnItsFromSquare) {
  // Cr a2, Cb h1, Cy i8, Cg b9, Ar d4, Mb d6, X f6
  const std::string pos = "1Cg7/8Cy/9/3Mb1X3/9/3Ar5/9/Cr8/7Cb1 r rbyg - 3 0";
  EXPECT_EQ(moves_from(pos, "d4x"), std::vector<std::string>{"d4xd6"});  // never onto the corpse f6
  EXPECT_EQ(apply_moves(pos, {"d4xd6"}).position,
            // Cr a2, Cb h1, Cy i8, Cg b9, Ar d6, X d4 f6
            "1Cg7/8Cy/9/3Ar1X3/9/3X5/9/Cr8/7Cb1 b rbyg - 0 1");
}

// Reporter: never moves onto an occupied square; after the move it may kill one living piece that
// is not its own and stands orthogonally next to it, or nobody (4). Diagonal neighbours, corpses,
// own pieces and its own chief are never victims.
TEST(RulesPieces, ReporterKillsOneOrthogonalNeighbourOrNobody) {
  const std::string pos =
      // Cr a2, Cb h1, Cy i8, Cg b9, Rr a4, Mb d5, Ab c5, Mr d3, X e4
      "1Cg7/8Cy/9/9/2AbMb5/Rr3X4/3Mr5/Cr8/7Cb1 r rbyg - 4 0";
  EXPECT_EQ(moves_from(pos, "a4"),
            sorted({"a4-a5", "a4-a6", "a4-a7", "a4-a8", "a4-a9", "a4-a9+b9",  // N
                    "a4-a3",                                                  // S (a2: own chief)
                    "a4-b4", "a4-c4", "a4-c4+c5", "a4-d4", "a4-d4+d5",        // E (e4: corpse)
                    "a4-b5", "a4-b5+c5", "a4-c6", "a4-c6+c5", "a4-d7", "a4-e8", "a4-f9",  // NE
                    "a4-b3", "a4-c2", "a4-d1"}));                             // SE
  // The victim stays where it is, as a corpse.
  EXPECT_EQ(apply_moves(pos, {"a4-d4+d5"}).position,
            // Cr a2, Cb h1, Cy i8, Cg b9, Rr d4, X d5, Ab c5, Mr d3, X e4
            "1Cg7/8Cy/9/9/2AbX5/3RrX4/3Mr5/Cr8/7Cb1 b rbyg - 0 1");
  EXPECT_EQ(apply_moves(pos, {"a4-d4"}).position,
            // Cr a2, Cb h1, Cy i8, Cg b9, Rr d4, Mb d5, Ab c5, Mr d3, X e4
            "1Cg7/8Cy/9/9/2AbMb5/3RrX4/3Mr5/Cr8/7Cb1 b rbyg - 5 1");
}

// A reporter next to e5 can kill the chief in power; the victim's parties pass to the mover (6).
TEST(RulesPieces, ReporterKillsTheChiefInPower) {
  // Cr a2, Cb e5, Cy i8, Cg b9, Rr a4
  const std::string pos = "1Cg7/8Cy/9/9/4Cb4/Rr8/9/Cr8/9 r rbyg - 3 10";
  EXPECT_EQ(moves_from(pos, "a4-e4"), sorted({"a4-e4", "a4-e4+e5"}));
  EXPECT_EQ(apply_moves(pos, {"a4-e4+e5"}).position,
            // Cr a2, X e5, Cy i8, Cg b9, Rr e4
            "1Cg7/8Cy/9/9/4X4/4Rr4/9/Cr8/9 y rryg - 0 11");
}

// Diplomat: moves onto a non-own living piece and places it, alive, on any empty square, its
// from-square included; a non-chief never goes to e5. No kill: the quiet counter advances.
TEST(RulesPieces, DiplomatDisplacesAPiece) {
  // Cr a2, Cb h1, Cy i8, Cg b9, Dr d4, Mb d6
  const std::string pos = "1Cg7/8Cy/9/3Mb5/9/3Dr5/9/Cr8/7Cb1 r rbyg - 5 0";
  const auto moves = moves_from(pos, "d4xd6>");
  EXPECT_EQ(moves.size(), 75u);  // 81 - 5 occupied - e5
  EXPECT_TRUE(contains(moves, "d4xd6>d4"));
  EXPECT_FALSE(contains(moves, "d4xd6>e5"));
  EXPECT_EQ(apply_moves(pos, {"d4xd6>a5"}).position,
            // Cr a2, Cb h1, Cy i8, Cg b9, Dr d6, Mb a5
            "1Cg7/8Cy/9/3Dr5/Mb8/9/9/Cr8/7Cb1 b rbyg - 6 1");
}

// Diplomat on a chief: the chief may be placed on the empty e5 (4, "Placing a piece").
TEST(RulesPieces, DiplomatMayPlaceAChiefOnTheEmptyCentre) {
  // Cr a2, Cb d6, Cy i8, Cg b9, Dr d4
  const std::string pos = "1Cg7/8Cy/9/3Cb5/9/3Dr5/9/Cr8/9 r rbyg - 0 0";
  const auto moves = moves_from(pos, "d4xd6>");
  EXPECT_EQ(moves.size(), 77u);  // 81 - 4 occupied, e5 included
  EXPECT_TRUE(contains(moves, "d4xd6>e5"));
  EXPECT_TRUE(contains(moves, "d4xd6>d4"));
  EXPECT_EQ(field(apply_moves(pos, {"d4xd6>e5"}).position, 0),
            // Cr a2, Cb e5, Cy i8, Cg b9, Dr d6
            field("1Cg7/8Cy/9/3Dr5/4Cb4/9/9/Cr8/9 r rbyg - 0 0", 0));
}

// Necromobile: moves onto a corpse and places it on any empty square but e5; never kills.
TEST(RulesPieces, NecromobileMovesACorpse) {
  // Cr a2, Cb h1, Cy i8, Cg b9, Nr d4, X d6
  const std::string pos = "1Cg7/8Cy/9/3X5/9/3Nr5/9/Cr8/7Cb1 r rbyg - 5 0";
  const auto moves = moves_from(pos, "d4xd6>");
  EXPECT_EQ(moves.size(), 75u);  // 81 - 5 occupied - e5
  EXPECT_TRUE(contains(moves, "d4xd6>d4"));
  EXPECT_FALSE(contains(moves, "d4xd6>e5"));
  EXPECT_EQ(apply_moves(pos, {"d4xd6>a5"}).position,
            // Cr a2, Cb h1, Cy i8, Cg b9, Nr d6, X a5
            "1Cg7/8Cy/9/3Nr5/X8/9/9/Cr8/7Cb1 b rbyg - 6 1");
}

// 4.0: chief, assassin and militant may kill living pieces of their own side, never their own
// chief; such a kill resets the quiet counter (8).
TEST(RulesPieces, KillersMayKillOwnPiecesButNotTheirChief) {
  const std::string pos =
      // Cr a2, Ar a4, Mr c4 a6, Cb h1, Cy i8, Cg b9
      "1Cg7/8Cy/9/Mr8/9/Ar1Mr6/9/Cr8/7Cb1 r rbyg - 9 0";
  EXPECT_EQ(moves_from(pos, "a4"),
            sorted({"a4-a5", "a4xa6", "a4-a3", "a4-b4", "a4xc4", "a4-b5", "a4-c6", "a4-d7",
                    "a4-e8", "a4-f9", "a4-b3", "a4-c2", "a4-d1"}));
  EXPECT_EQ(moves_from(pos, "c4-"),
            sorted({"c4-c5", "c4-c6", "c4-d5", "c4-e6", "c4-d4", "c4-e4", "c4-d3", "c4-e2",
                    "c4-c3", "c4-c2", "c4-b3", "c4-b4", "c4-b5"}));
  EXPECT_EQ(moves_from(pos, "c4xa4>").size(), 74u);  // 81 - 6 occupied - e5
  EXPECT_EQ(moves_from(pos, "c4xa6>").size(), 74u);
  EXPECT_TRUE(moves_from(pos, "c4xa2").empty());
  EXPECT_EQ(moves_from(pos, "a2xa4>").size(), 74u);  // the chief kills its own assassin
  EXPECT_EQ(apply_moves(pos, {"c4xa6>c4"}).position,
            // Cr a2, Ar a4, Mr a6, X c4, Cb h1, Cy i8, Cg b9
            "1Cg7/8Cy/9/Mr8/9/Ar1X6/9/Cr8/7Cb1 b rbyg - 0 1");
}

// Placing a piece: a chief leaving e5 by a kill may not put the corpse on its from-square e5.
TEST(RulesPieces, CorpseNeverPlacedOnTheCentre) {
  // Cr e5, Mb e6, Cb i1, Cy i9, Cg a9
  const std::string pos = "Cg7Cy/9/9/4Mb4/4Cr4/9/9/9/8Cb r rbyg - 0 0";
  const auto moves = moves_from(pos, "e5xe6>");
  EXPECT_EQ(moves.size(), 76u);  // 81 - 4 occupied - e5
  EXPECT_FALSE(contains(moves, "e5xe6>e5"));
  EXPECT_EQ(apply_moves(pos, {"e5xe6>e4"}).position,
            // Cr e6, X e4, Cb i1, Cy i9, Cg a9
            "Cg7Cy/9/9/4Cr4/9/4X4/9/9/8Cb b rbyg - 0 1");
}

}  // namespace
}  // namespace djambi::testing
