// Rule tests: the centre e5, forced exits and master moves (RULES.md sections 4 and 5).
#include <gtest/gtest.h>

#include "tests/env/djambi/rules_test_util.h"

namespace djambi::testing {
namespace {

// Diplomat's master move: enter e5 displacing the chief in power, exit onto another chief and
// place it on the now empty e5; that player now holds power and plays an extra turn (2, 5).
TEST(RulesCentre, DiplomatsMasterMove) {
  // Cr a2, Cb e5, Cy h5, Cg b9, Dr c3
  const std::string pos = "1Cg7/9/9/9/4Cb2Cy1/9/2Dr6/Cr8/9 r rbyg - 0 0";
  const auto moves = moves_from(pos, "c3xe5>");
  EXPECT_TRUE(contains(moves, "c3xe5>a5,e5xh5>e5"));
  EXPECT_TRUE(contains(moves, "c3xe5>a5,e5xh5>a1"));  // the exit's chief may also go elsewhere
  EXPECT_EQ(apply_moves(pos, {"c3xe5>a5,e5xh5>e5"}).position,
            // Cr a2, Cb a5, Cy e5, Cg b9, Dr h5
            "1Cg7/9/9/9/Cb3Cy2Dr1/9/9/Cr8/9 y rbyg r 1 1");
  // After the first part the exit follows every rule of section 4: plain exits on all 8 rays
  // (W stops before the chief placed on a5), and the displacement of Cy (77 placements,
  // e5 included since e5 is empty again and Cy is a chief).
  EXPECT_EQ(moves_from(pos, "c3xe5>a5,e5-"),
            sorted({"c3xe5>a5,e5-e6", "c3xe5>a5,e5-e7", "c3xe5>a5,e5-e8", "c3xe5>a5,e5-e9",
                    "c3xe5>a5,e5-f6", "c3xe5>a5,e5-g7", "c3xe5>a5,e5-h8", "c3xe5>a5,e5-i9",
                    "c3xe5>a5,e5-f5", "c3xe5>a5,e5-g5",
                    "c3xe5>a5,e5-f4", "c3xe5>a5,e5-g3", "c3xe5>a5,e5-h2", "c3xe5>a5,e5-i1",
                    "c3xe5>a5,e5-e4", "c3xe5>a5,e5-e3", "c3xe5>a5,e5-e2", "c3xe5>a5,e5-e1",
                    "c3xe5>a5,e5-d4", "c3xe5>a5,e5-c3", "c3xe5>a5,e5-b2", "c3xe5>a5,e5-a1",
                    "c3xe5>a5,e5-d5", "c3xe5>a5,e5-c5", "c3xe5>a5,e5-b5",
                    "c3xe5>a5,e5-d6", "c3xe5>a5,e5-c7", "c3xe5>a5,e5-b8", "c3xe5>a5,e5-a9"}));
  EXPECT_EQ(moves_from(pos, "c3xe5>a5,e5xh5>").size(), 77u);
  EXPECT_EQ(moves_from(pos, "c3xe5>a5,").size(), 29u + 77u);
}

// Section 5 exception: the exit may not land on the piece placed during the first part.
TEST(RulesCentre, ExitMayNotLandOnThePiecePlacedInTheFirstPart) {
  // Cr a2, Cb e5, Cy h5, Cg b9, Dr c3
  const std::string pos = "1Cg7/9/9/9/4Cb2Cy1/9/2Dr6/Cr8/9 r rbyg - 0 0";
  EXPECT_TRUE(contains(moves_from(pos, "c3xe5>f5,"), "c3xe5>f5,e5-e6"));
  EXPECT_TRUE(moves_from(pos, "c3xe5>f5,e5xf5").empty());  // not even back onto e5
  EXPECT_TRUE(moves_from(pos, "c3xe5>f5,e5xh5").empty());  // f5 blocks the way to h5
  EXPECT_TRUE(moves_from(pos, "c3xe5>e5").empty());        // e5 holds the diplomat
}

// Assassin's master move: kill the chief in power (corpse to the assassin's from-square), exit
// killing a second chief (corpse to e5: a puppet). The mover inherits both players' parties.
TEST(RulesCentre, AssassinsMasterMove) {
  // Cr a2, Cb e5, Cy h5, Cg b9, Ar c3
  const std::string pos = "1Cg7/9/9/9/4Cb2Cy1/9/2Ar6/Cr8/9 r rbyg - 7 4";
  const auto moves = moves_from(pos, "c3xe5");
  EXPECT_TRUE(contains(moves, "c3xe5,e5xh5"));
  EXPECT_TRUE(contains(moves, "c3xe5,e5-d4"));
  EXPECT_FALSE(contains(moves, "c3xe5,e5-c3"));  // c3 now holds Cb's corpse
  EXPECT_EQ(moves.size(), 28u);  // 27 plain exits (SW ray: d4 only) + the kill on h5
  EXPECT_EQ(apply_moves(pos, {"c3xe5,e5xh5"}).position,
            // Cr a2, X c3 e5, Ar h5, Cg b9
            "1Cg7/9/9/9/4X2Ar1/9/2X6/Cr8/9 g rrrg - 0 5");
}

// The necromobile may enter e5 to move the puppet; the corpse never goes to e5, and the exit
// (which may take another corpse) may not take the corpse just placed.
TEST(RulesCentre, NecromobileMovesThePuppet) {
  // Cr a2, Cb h1, Cy i8, Cg b9, Nr d4, X e5 g7
  const std::string pos = "1Cg7/8Cy/6X2/9/4X4/3Nr5/9/Cr8/7Cb1 r rbyg - 2 0";
  const auto moves = moves_from(pos, "d4xe5>");
  EXPECT_TRUE(contains(moves, "d4xe5>d6,e5-e6"));
  EXPECT_TRUE(contains(moves, "d4xe5>d6,e5-d4"));       // back to the vacated from-square
  EXPECT_TRUE(contains(moves, "d4xe5>d6,e5xg7>a1"));    // another corpse
  EXPECT_TRUE(contains(moves, "d4xe5>d6,e5xg7>d4"));
  EXPECT_FALSE(contains(moves, "d4xe5>d6,e5xg7>e5"));   // nothing but a chief is placed on e5
  EXPECT_TRUE(moves_from(pos, "d4xe5>d6,e5xd6").empty());
  EXPECT_TRUE(contains(moves, "d4xe5>d4,e5-e6"));       // the from-square takes the corpse
  EXPECT_TRUE(moves_from(pos, "d4xe5>d4,e5xd4").empty());
  EXPECT_TRUE(moves_from(pos, "d4xe5>f6,e5xf6").empty());
  EXPECT_TRUE(moves_from(pos, "d4xe5>f6,e5xg7").empty());  // the placed f6 blocks the ray
  EXPECT_EQ(apply_moves(pos, {"d4xe5>d6,e5-e6"}).position,
            // Cr a2, Cb h1, Cy i8, Cg b9, Nr e6, X d6 g7
            "1Cg7/8Cy/6X2/3XNr4/9/9/9/Cr8/7Cb1 b rbyg - 3 1");
}

// Section 5: an entry into e5 that would leave no legal exit is illegal. Here the assassin's
// corpse fills its from-square d4 and every other neighbour of e5 holds a corpse.
TEST(RulesCentre, EntryWithoutExitIsIllegal) {
  const std::string blocked =
      // Cr a2, Cy i9, Cg a9, Cb e5, Ar d4, X d5 d6 e4 e6 f4 f5 f6
      "Cg7Cy/9/9/3XXX3/3XCbX3/3ArXX3/9/Cr8/9 r rbyg - 0 0";
  EXPECT_TRUE(moves_from(blocked, "d4xe5").empty());
  EXPECT_FALSE(moves_from(blocked, "d4").empty());
  // With a living enemy on f5 the exit kill makes the entry legal.
  const std::string open =
      // Cr a2, Cy i9, Cg a9, Cb e5, Ar d4, X d5 d6 e4 e6 f4 f6, Mg f5
      "Cg7Cy/9/9/3XXX3/3XCbMg3/3ArXX3/9/Cr8/9 r rbyg - 0 0";
  EXPECT_EQ(moves_from(open, "d4xe5"), std::vector<std::string>{"d4xe5,e5xf5"});
  // An own militant on f5 may be killed by the exit (4.0).
  const std::string own =
      // Cr a2, Cy i9, Cg a9, Cb e5, Ar d4, X d5 d6 e4 e6 f4 f6, Mr f5
      "Cg7Cy/9/9/3XXX3/3XCbMr3/3ArXX3/9/Cr8/9 r rbyg - 0 0";
  EXPECT_EQ(moves_from(own, "d4xe5"), std::vector<std::string>{"d4xe5,e5xf5"});
}

// Section 5: the placement choices offered are only those that leave an exit. The diplomat can
// only leave along d4-a1; placing Cb on d4 would shut it in, so that placement is not offered.
TEST(RulesCentre, PlacementsThatLeaveNoExitAreNotOffered) {
  const std::string pos =
      // Cr a2, Cy i9, Cg a9, Cb e5, Dr d4, X d5 d6 e4 e6 f4 f5 f6
      "Cg7Cy/9/9/3XXX3/3XCbX3/3DrXX3/9/Cr8/9 r rbyg - 0 0";
  const auto moves = moves_from(pos, "d4xe5>");
  // 70 empty squares for Cb; d4 leaves no exit; 66 squares off the ray leave 4 exits each;
  // c3, b2, a1 leave 1, 2, 3 exits.
  EXPECT_EQ(moves.size(), 66u * 4 + 1 + 2 + 3);
  EXPECT_TRUE(moves_from(pos, "d4xe5>d4").empty());
  EXPECT_EQ(moves_from(pos, "d4xe5>c3,"), std::vector<std::string>{"d4xe5>c3,e5-d4"});
  EXPECT_EQ(moves_from(pos, "d4xe5>a1,"),
            sorted({"d4xe5>a1,e5-d4", "d4xe5>a1,e5-c3", "d4xe5>a1,e5-b2"}));
  EXPECT_EQ(moves_from(pos, "d4xe5>h9,"),
            sorted({"d4xe5>h9,e5-d4", "d4xe5>h9,e5-c3", "d4xe5>h9,e5-b2", "d4xe5>h9,e5-a1"}));
}

// Section 5: control is updated after each part. Killing Blue's chief in the first part makes
// Blue's pieces the mover's own before the exit, so under no_own_kills the exit may not kill
// the Blue militant, the entry has no exit and is illegal; a Green militant is still fair game.
TEST(RulesCentre, ControlIsUpdatedBeforeTheExit) {
  const Variants noown = with_variants({"no_own_kills"});
  const std::string blue =
      // Cr a2, Cy i9, Cg a9, Cb e5, Ar d4, X d5 d6 e4 e6 f4 f6, Mb f5
      "Cg7Cy/9/9/3XXX3/3XCbMb3/3ArXX3/9/Cr8/9 r rbyg - 0 0";
  EXPECT_EQ(moves_from(blue, "d4xe5"), std::vector<std::string>{"d4xe5,e5xf5"});
  EXPECT_TRUE(moves_from(blue, "d4xe5", noown).empty());
  const std::string green =
      // Cr a2, Cy i9, Cg a9, Cb e5, Ar d4, X d5 d6 e4 e6 f4 f6, Mg f5
      "Cg7Cy/9/9/3XXX3/3XCbMg3/3ArXX3/9/Cr8/9 r rbyg - 0 0";
  EXPECT_EQ(moves_from(green, "d4xe5", noown), std::vector<std::string>{"d4xe5,e5xf5"});
  EXPECT_EQ(apply_moves(blue, {"d4xe5,e5xf5"}).position,
            // Cr a2, Cy i9, Cg a9, X d4 e5, Ar f5, X d5 d6 e4 e6 f4 f6
            "Cg7Cy/9/9/3XXX3/3XXAr3/3XXX3/9/Cr8/9 y rryg - 0 1");
}

// A non-chief displaced by the exit may go to any empty square, the exit's from-square e5 excepted.
TEST(RulesCentre, ExitDisplacesANonChiefNeverOntoTheCentre) {
  // Cr a2, Cb e5, Mg h5, Cy i9, Cg b9, Dr c3
  const std::string pos = "1Cg6Cy/9/9/9/4Cb2Mg1/9/2Dr6/Cr8/9 r rbyg - 0 0";
  const auto moves = moves_from(pos, "c3xe5>a5,e5xh5>");
  EXPECT_EQ(moves.size(), 75u);  // 81 - 5 occupied - e5
  EXPECT_TRUE(contains(moves, "c3xe5>a5,e5xh5>c3"));
  EXPECT_FALSE(contains(moves, "c3xe5>a5,e5xh5>e5"));
}

// Section 4: only the necromobile acts on a puppet; every other piece is stopped by it.
TEST(RulesCentre, OnlyTheNecromobileEntersAPuppetsSquare) {
  const std::vector<std::string> positions = {
      // Cr a2, Cb h1, Cy i8, Cg b9, X e5, Ar d4
      "1Cg7/8Cy/9/9/4X4/3Ar5/9/Cr8/7Cb1 r rbyg - 0 0",
      // Cr a2, Cb h1, Cy i8, Cg b9, X e5, Rr d4
      "1Cg7/8Cy/9/9/4X4/3Rr5/9/Cr8/7Cb1 r rbyg - 0 0",
      // Cr a2, Cb h1, Cy i8, Cg b9, X e5, Dr d4
      "1Cg7/8Cy/9/9/4X4/3Dr5/9/Cr8/7Cb1 r rbyg - 0 0",
      // Cr a2, Cb h1, Cy i8, Cg b9, X e5, Mr d4
      "1Cg7/8Cy/9/9/4X4/3Mr5/9/Cr8/7Cb1 r rbyg - 0 0",
      // Cr d4, Cb h1, Cy i8, Cg b9, X e5
      "1Cg7/8Cy/9/9/4X4/3Cr5/9/9/7Cb1 r rbyg - 0 0",
  };
  for (const auto& pos : positions) {
    const auto moves = moves_from(pos, "d4");
    EXPECT_FALSE(moves.empty()) << pos;
    for (const auto& m : moves)
      EXPECT_TRUE(m.rfind("d4xe5", 0) != 0 && m.rfind("d4-e5", 0) != 0 && m.rfind("d4-f6", 0) != 0)
          << pos << ": " << m;
  }
}

// Section 4: nobody enters e5 to act on its own chief in power.
TEST(RulesCentre, NoEntryOntoTheOwnChiefInPower) {
  // Cr e5, Dr d4, Ar f4, Mr d6, Cb h1, Cy i8, Cg b9
  const std::string pos = "1Cg7/8Cy/9/3Mr5/4Cr4/3Dr1Ar3/9/9/7Cb1 r rbyg - 0 0";
  EXPECT_TRUE(moves_from(pos, "d4xe5").empty());
  EXPECT_TRUE(moves_from(pos, "f4xe5").empty());
  EXPECT_TRUE(moves_from(pos, "d6xe5").empty());
}

}  // namespace
}  // namespace djambi::testing
