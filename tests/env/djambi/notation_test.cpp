// Rule tests: position and move notation, and the validity checks of RULES.md section 8.
#include <gtest/gtest.h>

#include "tests/env/djambi/rules_test_util.h"

namespace djambi::testing {
namespace {

const std::string kStart =
    "CgAgMg3MyAyCy/RgDgMg3MyDyRy/MgMgNg3NyMyMy/9/9/9/MrMrNr3NbMbMb/RrDrMr3MbDbRb/"
    "CrArMr3MbAbCb r rbyg - 0 0";

// Section 8: a valid position reads and writes back unchanged.
TEST(RulesNotation, PositionsRoundTrip) {
  const std::vector<std::string> positions = {
      kStart,
      // Cr a1, Cb i1, Cy i9, Cg a9
      "Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rbyg - 0 0",
      // Cr e5, Mr a3, Cb i1, Cy i9, Cg a9
      "Cg7Cy/9/9/9/4Cr4/9/Mr8/9/8Cb r rbyg b 12 345",
      // X e5, Cb h5, Ay c3, Cy i9, Dg b2, Rg h8, Ng c6, Mr a4
      "8Cy/7Rg1/9/2Ng6/4X2Cb1/Mr8/2Ay6/1Dg7/9 y ybyb - 119 7",
      // Cr e5, X i1 i2, Cy i9, Cg a9
      "Cg7Cy/9/9/9/4Cr4/9/9/8X/8X r r-yg b 0 21",  // after: a player now out
  };
  for (const auto& p : positions) EXPECT_EQ(format_position(parse_position(p)), p);
  const std::string two = kStart.substr(0, kStart.size() - 12) + "r rryy - 0 0";
  EXPECT_EQ(format_position(parse_position(two, with_variants({"two_players"}))), two);
}

// Section 8: only the canonical spelling is valid.
TEST(RulesNotation, RejectsNonCanonicalSpelling) {
  const std::string rest = " r rbyg - 0 0";
  const std::vector<std::string> bad = {
      "Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rbyg - 0",                 // 5 fields
      "Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rbyg - 0 0 0",             // 7 fields
      "Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r  rbyg - 0 0",              // two spaces
      "Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rbyg - 0 0 ",              // trailing space
      "Cg7Cy/45/9/9/9/9/9/9/Cr7Cb" + rest,                    // two digits in a row
      "Cg7Cy/9/9/9/9/9/9/9/Cr3X13Cb" + rest,                  // two digits in a row (13)
      "Cg7Cy/8/9/9/9/9/9/9/Cr7Cb" + rest,                     // a rank of 8 squares
      "Cg7Cy/9/9/9/9/9/9/9/Cr8Cb" + rest,                     // a rank of 10 squares
      "Cg7Cy/9/9/9/9/9/9/Cr7Cb" + rest,                       // 8 ranks
      "Cg7Cy/9/9/9/9/9/9/9/9/Cr7Cb" + rest,                   // 10 ranks
      "Cg7Cy/X0X7/9/9/9/9/9/9/Cr7Cb" + rest,                  // the digit 0
      "Cg7Cy/Qr8/9/9/9/9/9/9/Cr7Cb" + rest,                   // unknown type
      "Cg7Cy/Cx8/9/9/9/9/9/9/Cr7Cb" + rest,                   // unknown party
      "Cg7Cy/Xr8/9/9/9/9/9/9/Cr7Cb" + rest,                   // a corpse has no party
      "Cg7Cy/cr8/9/9/9/9/9/9/Cr7Cb" + rest,                   // lower-case type
      "Cg7Cy/9/9/9/9/9/9/9/Cr7C" + rest,                      // piece without party
      "Cg7Cy/9/9/9/9/9/9/9/Cr7Cb x rbyg - 0 0",               // to-move
      "Cg7Cy/9/9/9/9/9/9/9/Cr7Cb - rbyg - 0 0",
      "Cg7Cy/9/9/9/9/9/9/9/Cr7Cb R rbyg - 0 0",
      "Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rby - 0 0",                // controllers
      "Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rbygr - 0 0",
      "Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rbyx - 0 0",
      "Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rbyg x 0 0",               // after
      "Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rbyg rb 0 0",
      "Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rbyg - -1 0",              // counters
      "Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rbyg - a 0",
      "Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rbyg - 0 x",
      "Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rbyg - 01 0",
      "Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rbyg - 0 07",
      "",
  };
  for (const auto& p : bad) EXPECT_THROW(parse_position(p), NotationError) << "'" << p << "'";
  EXPECT_NO_THROW(parse_position("Cg7Cy/9/9/9/9/9/9/9/Cr7Cb" + rest));
}

// Section 8: the rule-level checks of a position.
TEST(RulesNotation, RejectsInvalidPositions) {
  // A party with two chiefs.
  // Cr a1 b1, Cb i1, Cy i9, Cg a9
  EXPECT_THROW(parse_position("Cg7Cy/9/9/9/9/9/9/9/CrCr6Cb r rbyg - 0 0"), NotationError);
  // A party whose chief lives, not controlled by itself.
  // Cr a1, Cb i1, Cy i9, Cg a9
  EXPECT_THROW(parse_position("Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rbgg - 0 0"), NotationError);
  // Cr a1, Cb i1, Cy i9, Cg a9
  EXPECT_THROW(parse_position("Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rb-g - 0 0"), NotationError);
  // A party whose chief is dead naming itself.
  // Cr a1, Cb i1, My e9, Cg a9
  EXPECT_THROW(parse_position("Cg3My4/9/9/9/9/9/9/9/Cr7Cb r rbyg - 0 0"), NotationError);
  // A party controlled by a player who is out (Yellow's chief is dead).
  // Cr a1, Cb i1, Mg e9
  EXPECT_THROW(parse_position("4Mg4/9/9/9/9/9/9/9/Cr7Cb r rb-y - 0 0"), NotationError);
  // Cr a1, Cb i1, Cg a9
  EXPECT_THROW(parse_position("Cg8/9/9/9/9/9/9/9/Cr7Cb r rbbr - 0 0"), NotationError);
  // A living non-chief on e5.
  // Cr a1, Cb i1, Cy i9, Cg a9, Mr e5
  EXPECT_THROW(parse_position("Cg7Cy/9/9/9/4Mr4/9/9/9/Cr7Cb r rbyg - 0 0"),
               NotationError);
  // Cr a1, Cb i1, Cy i9, Cg a9, Db e5
  EXPECT_THROW(parse_position("Cg7Cy/9/9/9/4Db4/9/9/9/Cr7Cb r rbyg - 0 0"),
               NotationError);
  // The player to move is out in a running game.
  // Cr a1, Cb i1, Cg a9
  EXPECT_THROW(parse_position("Cg8/9/9/9/9/9/9/9/Cr7Cb y rb-g - 0 0"), NotationError);
}

// Section 8: the valid counterparts.
TEST(RulesNotation, AcceptsValidPositions) {
  const std::vector<std::string> good = {
      // Cr e5, Cb i1, Cy i9, Cg a9
      "Cg7Cy/9/9/9/4Cr4/9/9/9/8Cb r rbyg - 0 0",   // a chief on e5
      // Cr a1, Cb i1, Cy i9, Cg a9, X e5
      "Cg7Cy/9/9/9/4X4/9/9/9/Cr7Cb r rbyg - 0 0",  // a puppet
      // Cr a1, Cb i1, Cg a9, My e9
      "Cg3My4/9/9/9/9/9/9/9/Cr7Cb r rb-g - 0 0",   // zombies
      // Cr a1, Cb i1, Cg a9, My e9
      "Cg3My4/9/9/9/9/9/9/9/Cr7Cb r rbbg - 0 0",   // inherited
      // Cr a1, Cb i1, Cg a9, My e9
      "Cg3My4/9/9/9/9/9/9/9/Cr7Cb g rbgg - 0 0",
      // Cr a1
      "9/9/9/9/9/9/9/9/Cr8 b rrrr - 0 9",                        // a won game: the mover may be out
      // Cr a1, Cb i1, Cg a9
      "Cg8/9/9/9/9/9/9/9/Cr7Cb y rb-g - 120 9",        // a drawn game
  };
  for (const auto& p : good) EXPECT_NO_THROW(parse_position(p)) << p;
}

// Section 8: whole moves read and write back unchanged.
TEST(RulesNotation, MovesRoundTrip) {
  for (const char* m : {"c3-f6", "b1xe4", "a3xb4>h5", "a2-a6+b6", "a2-a6", "b2xe5>a5,e5xh5>e5",
                        "c3xe5,e5xh5", "c3xd4>h5", "d4xe5>d6,e5xg7>a1", "pass", "a5-d5+d6+e5",
                        "i9-a1"})
    EXPECT_EQ(format_move(parse_move(m)), m);
}

// Section 8: malformed moves are rejected.
TEST(RulesNotation, RejectsMalformedMoves) {
  for (const char* m : {"", "a1", "a1-", "a1-a", "a1a2", "a1-a2-", "j1-a2", "a0-a1", "a1-a10",
                        "a1xa2>", "a1xa2>e", "a1xa2>b3>c4", "a2-a6+", "a2-a6+b", "a1-a2,",
                        ",a1-a2", "pass,a1-a2", "PASS", "A1-A2", "a1 -a2", "a1-a2 ",
                        "a1xe5>a2,e5-e6,e6-e7", "a1=a2"})
    EXPECT_THROW(parse_move(m), NotationError) << "'" << m << "'";
}

// A well-formed but illegal move is refused when applied.
TEST(RulesNotation, IllegalMoveIsRefused) {
  EXPECT_THROW(apply_moves(kStart, {"a1-a5"}), std::invalid_argument);
  EXPECT_THROW(apply_moves(kStart, {"i1-i2"}), std::invalid_argument);  // Blue's piece
  EXPECT_THROW(apply_moves(kStart, {"a1xa2>e5"}), std::invalid_argument);
}

}  // namespace
}  // namespace djambi::testing
