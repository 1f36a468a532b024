// Rule tests: the start position (RULES.md sections 1, 4, 8).
#include <gtest/gtest.h>

#include "tests/env/djambi/rules_test_util.h"

namespace djambi::testing {
namespace {

const std::string kStart =
    "CgAgMg3MyAyCy/RgDgMg3MyDyRy/MgMgNg3NyMyMy/9/9/9/MrMrNr3NbMbMb/RrDrMr3MbDbRb/"
    "CrArMr3MbAbCb r rbyg - 0 0";

// Section 1 table: the start position in section 8 notation.
TEST(RulesStart, TableOfSection1MatchesTheNotation) {
  const std::string built =
      // Cg a9, Ag b9, Mg c9 a7 b7 c8, Rg a8, Dg b8, Ng c7, Cy i9, Ay h9, My g9 g8 h7 i7, Ry i8,
      // Dy h8, Ny g7, Cr a1, Ar b1, Mr c1 c2 a3 b3, Rr a2, Dr b2, Nr c3, Cb i1, Ab h1,
      // Mb g1 g2 h3 i3, Rb i2, Db h2, Nb g3
      "CgAgMg3MyAyCy/RgDgMg3MyDyRy/MgMgNg3NyMyMy/9/9/9/MrMrNr3NbMbMb/RrDrMr3MbDbRb/"
          "CrArMr3MbAbCb r rbyg - 0 0";
  EXPECT_EQ(built, kStart);
  EXPECT_EQ(format_position(parse_position(kStart)), kStart);
}

// Red has 889 moves at the start: 19 kills of own pieces (4.0) with 45 corpse placements each
// (44 empty squares other than e5, plus the killer's from-square), 4 assassin kills, and 30 plain
// moves (militants 18, necromobile 12). The reporter and the diplomat cannot move.
TEST(RulesStart, Has889MovesWithThisComposition) {
  const auto all = moves_of(kStart);
  EXPECT_EQ(all.size(), 889u);
  EXPECT_EQ(all, sorted(all));
  EXPECT_FALSE(contains(all, "pass"));

  EXPECT_EQ(moves_from(kStart, "a1").size(), 3u * 45);      // chief kills a2, b1, b2
  EXPECT_EQ(moves_from(kStart, "a1xa2>").size(), 45u);
  EXPECT_EQ(moves_from(kStart, "a1xb1>").size(), 45u);
  EXPECT_EQ(moves_from(kStart, "a1xb2>").size(), 45u);
  EXPECT_EQ(moves_from(kStart, "b1"), sorted({"b1xa2", "b1xb2", "b1xc1", "b1xc2"}));
  EXPECT_TRUE(moves_from(kStart, "a2").empty());  // reporter: every neighbour is occupied
  EXPECT_TRUE(moves_from(kStart, "b2").empty());  // diplomat: only own pieces around
  EXPECT_EQ(moves_from(kStart, "c3"),
            sorted({"c3-c4", "c3-c5", "c3-c6", "c3-d4", "c3-f6", "c3-d3", "c3-e3", "c3-f3", "c3-d2",
                    "c3-e1", "c3-b4", "c3-a5"}));
  EXPECT_EQ(moves_from(kStart, "c1-"), sorted({"c1-d1", "c1-e1", "c1-d2", "c1-e3"}));
  EXPECT_EQ(moves_from(kStart, "c1x").size(), 3u * 45);  // b1, b2, c2
  EXPECT_EQ(moves_from(kStart, "c2-"), sorted({"c2-d1", "c2-d2", "c2-e2", "c2-d3", "c2-e4"}));
  EXPECT_EQ(moves_from(kStart, "c2x").size(), 5u * 45);  // b1, b2, b3, c1, c3
  EXPECT_EQ(moves_from(kStart, "a3-"), sorted({"a3-a4", "a3-a5", "a3-b4", "a3-c5"}));
  EXPECT_EQ(moves_from(kStart, "a3x").size(), 3u * 45);  // a2, b2, b3
  EXPECT_EQ(moves_from(kStart, "b3-"), sorted({"b3-a4", "b3-b4", "b3-b5", "b3-c4", "b3-d5"}));
  EXPECT_EQ(moves_from(kStart, "b3x").size(), 5u * 45);  // a2, a3, b2, c2, c3
}

// Placing a piece: the corpse may go to the killer's from-square, never to e5.
TEST(RulesStart, CorpsePlacementsOfAChiefKill) {
  const auto kills = moves_from(kStart, "a1xa2>");
  EXPECT_TRUE(contains(kills, "a1xa2>a1"));
  EXPECT_TRUE(contains(kills, "a1xa2>d5"));
  EXPECT_TRUE(contains(kills, "a1xa2>f4"));
  EXPECT_FALSE(contains(kills, "a1xa2>e5"));
  EXPECT_FALSE(contains(kills, "a1xa2>a2"));  // the chief stands there
  EXPECT_FALSE(contains(kills, "a1xa2>b1"));  // occupied
}

// Section 2: a player passes only when it has no other move.
TEST(RulesStart, PassIsIllegalWhenAMoveExists) {
  EXPECT_THROW(apply_moves(kStart, {"pass"}), std::invalid_argument);
}

// Section 2 and 8: after Red's first move Blue is to move, and the counters advance.
TEST(RulesStart, FirstMoveHandsTheTurnToBlue) {
  const auto after = apply_moves(kStart, {"c3-f6"});
  EXPECT_EQ(after.position,
            "CgAgMg3MyAyCy/RgDgMg3MyDyRy/MgMgNg3NyMyMy/5Nr3/9/9/MrMr4NbMbMb/RrDrMr3MbDbRb/"
            "CrArMr3MbAbCb b rbyg - 1 1");
  EXPECT_EQ(after.result, "");
}

}  // namespace
}  // namespace djambi::testing
