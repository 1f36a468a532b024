// Rule tests: the variants of RULES.md section 9.
#include <gtest/gtest.h>

#include "tests/env/djambi/rules_test_util.h"

namespace djambi::testing {
namespace {

// ---------------------------------------------------------------------------------------------
// reporter_kills_all

// The reporter kills every living piece orthogonally next to it (enemy, own, the chief in power)
// except its own chief; one move per destination; victims in byte order.
TEST(RulesVariants, ReporterKillsAll) {
  const Variants v = with_variants({"reporter_kills_all"});
  // Cr d6, Cb e5, Mg c5, Mr d4, Rr a2, Cy i9, Cg a9
  const std::string pos = "Cg7Cy/9/9/3Cr5/2Mg1Cb4/3Mr5/9/Rr8/9 r rbyg - 6 0";
  EXPECT_EQ(moves_from(pos, "a2", v),
            sorted({"a2-a3", "a2-a4", "a2-a5", "a2-a6", "a2-a7", "a2-a8+a9",             // N
                    "a2-b3", "a2-c4+c5+d4", "a2-d5+c5+d4+e5", "a2-e6+e5", "a2-f7", "a2-g8",
                    "a2-h9+i9",                                                          // NE
                    "a2-b2", "a2-c2", "a2-d2", "a2-e2", "a2-f2", "a2-g2", "a2-h2", "a2-i2",  // E
                    "a2-a1", "a2-b1"}));
  // Without the variant: one optional victim, never an own piece.
  EXPECT_EQ(moves_from(pos, "a2-d5"), sorted({"a2-d5", "a2-d5+c5", "a2-d5+e5"}));
  EXPECT_EQ(apply_moves(pos, {"a2-d5+c5+d4+e5"}, v).position,
            // Cr d6, X e5 c5 d4, Rr d5, Cy i9, Cg a9
            "Cg7Cy/9/9/3Cr5/2XRrX4/3X5/9/9/9 y rryg - 0 1");
  EXPECT_EQ(format_move(parse_move("a5-d5+d6+e5")), "a5-d5+d6+e5");
}

// no_own_kills does not restrain a reporter under reporter_kills_all.
TEST(RulesVariants, ReporterKillsAllIgnoresNoOwnKills) {
  const Variants v = with_variants({"reporter_kills_all", "no_own_kills"});
  // Cr d6, Cb e5, Mg c5, Mr d4, Rr a2, Cy i9, Cg a9
  const std::string pos = "Cg7Cy/9/9/3Cr5/2Mg1Cb4/3Mr5/9/Rr8/9 r rbyg - 6 0";
  EXPECT_EQ(moves_from(pos, "a2-d5", v), std::vector<std::string>{"a2-d5+c5+d4+e5"});
}

// ---------------------------------------------------------------------------------------------
// no_own_kills

// Killers may not kill their own pieces: an own piece stops them like the board's edge.
TEST(RulesVariants, NoOwnKills) {
  const Variants v = with_variants({"no_own_kills"});
  // Cr a2, Ar a4, Mr c4 a6, Cb h1, Cy i8, Cg b9
  const std::string pos = "1Cg7/8Cy/9/Mr8/9/Ar1Mr6/9/Cr8/7Cb1 r rbyg - 0 0";
  EXPECT_EQ(moves_from(pos, "a4", v),
            sorted({"a4-a5", "a4-a3", "a4-b4", "a4-b5", "a4-c6", "a4-d7", "a4-e8", "a4-f9",
                    "a4-b3", "a4-c2", "a4-d1"}));
  EXPECT_EQ(moves_from(pos, "c4", v),
            sorted({"c4-c5", "c4-c6", "c4-d5", "c4-e6", "c4-d4", "c4-e4", "c4-d3", "c4-e2",
                    "c4-c3", "c4-c2", "c4-b3", "c4-b4", "c4-b5"}));
  EXPECT_TRUE(moves_from(pos, "a2x", v).empty());
  // Enemies are still fair game.
  // Cr d4, Mr d5, Mb d3, Cb h1, Cy i8, Cg b9
  const std::string enemy = "1Cg7/8Cy/9/9/3Mr5/3Cr5/3Mb5/9/7Cb1 r rbyg - 0 0";
  EXPECT_TRUE(moves_from(enemy, "d4xd5", v).empty());
  EXPECT_EQ(moves_from(enemy, "d4xd3>", v).size(), 75u);  // 81 - 5 occupied - e5
}

// no_own_kills applies to exits from e5 too: with only an own militant to kill on the way out,
// the assassin cannot leave, so it cannot enter.
TEST(RulesVariants, NoOwnKillsAppliesToExits) {
  const std::string pos =
      // Cr a2, Cy i9, Cg a9, Cb e5, Ar d4, X d5 d6 e4 e6 f4 f6, Mr f5
      "Cg7Cy/9/9/3XXX3/3XCbMr3/3ArXX3/9/Cr8/9 r rbyg - 0 0";
  EXPECT_EQ(moves_from(pos, "d4xe5"), std::vector<std::string>{"d4xe5,e5xf5"});
  EXPECT_TRUE(moves_from(pos, "d4xe5", with_variants({"no_own_kills"})).empty());
}

// ---------------------------------------------------------------------------------------------
// militant_spares_chiefs

// Militants never kill a chief anywhere; a chief stops a militant like an own piece.
TEST(RulesVariants, MilitantSparesChiefs) {
  const Variants v = with_variants({"militant_spares_chiefs"});
  // Cr a2, Cb d5, Cy d2, Cg b9, Mr d4
  const std::string pos = "1Cg7/9/9/9/3Cb5/3Mr5/9/Cr2Cy5/9 r rbyg - 0 0";
  const std::vector<std::string> plain = {"d4-f6", "d4-e4", "d4-f4", "d4-e3", "d4-f2", "d4-d3",
                                          "d4-c3", "d4-b2", "d4-c4", "d4-b4", "d4-c5", "d4-b6"};
  EXPECT_EQ(moves_from(pos, "d4", v), sorted(plain));
  EXPECT_EQ(moves_from(pos, "d4-"), sorted(plain));
  EXPECT_EQ(moves_from(pos, "d4xd5>").size(), 76u);  // by default it kills either chief
  EXPECT_EQ(moves_from(pos, "d4xd2>").size(), 76u);
}

// ---------------------------------------------------------------------------------------------
// power_skip_repeat

// R in power: B, R, Y, R, G, R, B, R, ... (the regular turn of R after its extra turn following G
// is dropped, and a dropped turn does not count).
TEST(RulesVariants, PowerSkipRepeatSequence) {
  const Variants v = with_variants({"power_skip_repeat"});
  // Cr e5, Mr a3, Cb i1, Cy i9, Cg a9
  const std::string pos = "Cg7Cy/9/9/9/4Cr4/9/Mr8/9/8Cb b rbyg - 0 0";
  const std::vector<std::string> moves = {"i1-i2", "a3-a4", "i9-i8", "a4-a3",
                                          "a9-a8", "a3-a4", "i2-i1", "a4-a3"};
  const std::vector<std::string> expected = {"b -", "r b", "y -", "r y", "g -",
                                             "r g", "b -", "r b", "y -"};
  for (size_t n = 0; n <= moves.size(); ++n)
    EXPECT_EQ(turn_after(pos, moves, n, v), expected[n]) << "after " << n << " moves";
  EXPECT_EQ(apply_moves(pos, moves, v).position,
            // Cr e5, Mr a3, Cb i1, Cy i8, Cg a8
            "9/Cg7Cy/9/9/4Cr4/9/Mr8/9/8Cb y rbyg - 8 8");
  // By default R's regular turn follows its extra turn.
  EXPECT_EQ(turn_after(pos, moves, 6), "r -");
}

// The regular turn is dropped even if H lost power during that extra turn.
TEST(RulesVariants, PowerSkipRepeatAfterLosingPower) {
  const Variants v = with_variants({"power_skip_repeat"});
  // Cr e5, Mr a3, Cb i1, Cy i9, Cg a9
  const std::string pos = "Cg7Cy/9/9/9/4Cr4/9/Mr8/9/8Cb b rbyg - 0 0";
  const std::vector<std::string> moves = {"i1-i2", "a3-a4", "i9-i8", "a4-a3",
                                          "a9-a8", "e5-e6", "i2-i1"};
  EXPECT_EQ(turn_after(pos, moves, 6, v), "b -");
  EXPECT_EQ(turn_after(pos, moves, 7, v), "y -");
  EXPECT_EQ(turn_after(pos, moves, 6), "r -");
}

// A chief placed on e5 during another player's turn: its extra turn, then its own regular turn
// is dropped.
TEST(RulesVariants, PowerSkipRepeatAfterBeingPlacedOnTheCentre) {
  const Variants v = with_variants({"power_skip_repeat"});
  // Cr a2, Cb d6, Mb i3, Cy i8, Cg b9, Dr d4
  const std::string pos = "1Cg7/8Cy/9/3Cb5/9/3Dr5/8Mb/Cr8/9 r rbyg - 0 0";
  EXPECT_EQ(turn_after(pos, {"d4xd6>e5", "i3-i4"}, 1, v), "b r");
  EXPECT_EQ(apply_moves(pos, {"d4xd6>e5", "i3-i4"}, v).position,
            // Cr a2, Cb e5, Mb i4, Cy i8, Cg b9, Dr d6
            "1Cg7/8Cy/9/3Dr5/4Cb4/8Mb/9/Cr8/9 y rbyg - 2 2");
}

// ---------------------------------------------------------------------------------------------
// surround_throne_access

// A chief shut in a corpse-walled pocket (with empty squares) has no corpse-free path to e5.
TEST(RulesVariants, ThroneAccessPocketWithoutPath) {
  const Variants v = with_variants({"surround_throne_access"});
  const std::string pos =
      // Cr a1, Cb i1, X g1 g2 h3 i3, Nr e2, X e3, Cy i9, Cg a9
      "Cg7Cy/9/9/9/9/9/4X2XX/4Nr1X2/Cr5X1Cb r rbyg - 0 0";
  EXPECT_EQ(apply_moves(pos, {"e2xe3>g3"}, v).position,
            // Cr a1, X i1, X g1 g2 g3 h3 i3, Nr e3, Cy i9, Cg a9
            "Cg7Cy/9/9/9/9/9/4Nr1XXX/6X2/Cr5X1X y r-yg - 0 1");
  EXPECT_EQ(apply_moves(pos, {"e2xe3>g3"}).position,
            // Cr a1, Cb i1, X g1 g2 g3 h3 i3, Nr e3, Cy i9, Cg a9
            "Cg7Cy/9/9/9/9/9/4Nr1XXX/6X2/Cr5X1Cb b rbyg - 1 1");
  // A necromobile still protects.
  const std::string necro =
      // Cr a1, Cb i1, X g1 g2 h3 i3, Nb a5, Nr e2, X e3, Cy i9, Cg a9
      "Cg7Cy/9/9/9/Nb8/9/4X2XX/4Nr1X2/Cr5X1Cb r rbyg - 0 0";
  EXPECT_EQ(field(apply_moves(necro, {"e2xe3>g3"}, v).position, 2), "rbyg");
}

// Living pieces do not block the path.
TEST(RulesVariants, ThroneAccessLivingPiecesDoNotBlock) {
  const Variants v = with_variants({"surround_throne_access"});
  const std::string pos =
      // Cr a1, Mr a3, Cb i1, X g1 g2 h3 i3, My g3, Cy i9, Cg a9
      "Cg7Cy/9/9/9/9/9/Mr5MyXX/6X2/Cr5X1Cb r rbyg - 0 0";
  EXPECT_EQ(apply_moves(pos, {"a3-a4"}, v).position,
            // Cr a1, Mr a4, Cb i1, X g1 g2 h3 i3, My g3, Cy i9, Cg a9
            "Cg7Cy/9/9/9/9/Mr8/6MyXX/6X2/Cr5X1Cb b rbyg - 1 1");
}

// e5 counts as reached whatever stands on it: a chief next to a puppet is not surrounded.
TEST(RulesVariants, ThroneAccessPuppetCountsAsReached) {
  const Variants v = with_variants({"surround_throne_access"});
  const std::string pos =
      // Cr a1, Cb d4, X c3 c4 c5 d3 d5 e4 e5, Nr g1, X g2, Cy i9, Cg a9
      "Cg7Cy/9/9/9/2XXX4/2XCbX4/2XX5/6X2/Cr5Nr2 r rbyg - 0 0";
  EXPECT_EQ(apply_moves(pos, {"g1xg2>e3"}, v).position,
            // Cr a1, Cb d4, X c3 c4 c5 d3 d5 e4 e5 e3, Nr g2, Cy i9, Cg a9
            "Cg7Cy/9/9/9/2XXX4/2XCbX4/2XXX4/6Nr2/Cr8 b rbyg - 1 1");
}

// A chief on e5 is never surrounded under the variant (by default it is, here). The other
// players keep a necromobile so that only Red's chief is in question.
TEST(RulesVariants, ThroneAccessChiefOnTheCentre) {
  const Variants v = with_variants({"surround_throne_access"});
  // Cr e5, X d4 d5 d6 e4 e6 f4 f5 f6, Mr a3, Cb i1, Nb h1, Cy i9, Ny h9, Cg a9, Ng b9
  const std::string pos = "CgNg5NyCy/9/9/3XXX3/3XCrX3/3XXX3/Mr8/9/7NbCb r rbyg - 0 0";
  EXPECT_EQ(field(apply_moves(pos, {"a3-a4"}, v).position, 2), "rbyg");
  EXPECT_EQ(apply_moves(pos, {"a3-a4"}).position,
            // X e5, X d4 d5 d6 e4 e6 f4 f5 f6, Mr a4, Cb i1, Nb h1, Cy i9, Ny h9, Cg a9, Ng b9
            "CgNg5NyCy/9/9/3XXX3/3XXX3/Mr2XXX3/9/9/7NbCb b -byg - 0 1");
}

// With every neighbour of e5 a corpse, no other chief can reach e5: without necromobiles they are
// all surrounded at once, and the chief in power wins.
TEST(RulesVariants, ThroneAccessWalledCentreSurroundsEveryoneElse) {
  const Variants v = with_variants({"surround_throne_access"});
  const std::string pos =
      // Cr e5, X d4 d5 d6 e4 e6 f4 f5 f6, Mr a3, Cb i1, Cy i9, Cg a9
      "Cg7Cy/9/9/3XXX3/3XCrX3/3XXX3/Mr8/9/8Cb r rbyg - 0 0";
  const auto after = apply_moves(pos, {"a3-a4"}, v);
  EXPECT_EQ(field(after.position, 2), "r---");
  EXPECT_EQ(after.result, "result r:1 b:2 y:2 g:2");
}

// ---------------------------------------------------------------------------------------------
// surround_inherit_first_holder

// A surrounded player's parties go to the holder at the end of the turn.
TEST(RulesVariants, InheritFirstHolderTakesTheSurroundedParties) {
  const Variants v = with_variants({"surround_inherit_first_holder"});
  const std::string pos =
      // Cr e5, Cb i1, X h1 h2, Nr e2, X e3, Mb c7, Cy i9, Cg a9
      "Cg7Cy/9/2Mb6/9/4Cr4/9/4X4/4Nr2X1/7XCb r rbyg - 0 0";
  EXPECT_EQ(apply_moves(pos, {"e2xe3>i2"}, v).position,
            // Cr e5, X i1 h1 h2 i2, Nr e3, Mb c7, Cy i9, Cg a9
            "Cg7Cy/9/2Mb6/9/4Cr4/9/4Nr4/7XX/7XX y rryg - 0 1");
  EXPECT_EQ(field(apply_moves(pos, {"e2xe3>i2"}).position, 2), "r-yg");
}

// Zombie parties already on the board go to the holder at the end of any turn; without a holder
// they stay zombies.
TEST(RulesVariants, InheritFirstHolderTakesExistingZombies) {
  const Variants v = with_variants({"surround_inherit_first_holder"});
  // Cr e5, Mr a3, My c7, Cb i1, Cg a9
  const std::string held = "Cg8/9/2My6/9/4Cr4/9/Mr8/9/8Cb r rb-g - 0 0";
  EXPECT_EQ(field(apply_moves(held, {"a3-a4"}, v).position, 2), "rbrg");
  EXPECT_EQ(field(apply_moves(held, {"a3-a4"}).position, 2), "rb-g");
  // Cr d4, Mr a3, My c7, Cb i1, Cg a9
  const std::string none = "Cg8/9/2My6/9/9/3Cr5/Mr8/9/8Cb r rb-g - 0 0";
  EXPECT_EQ(field(apply_moves(none, {"a3-a4"}, v).position, 2), "rb-g");
}

// The inherited parties stay with the player for good, even once it has lost power.
TEST(RulesVariants, InheritFirstHolderIsForGood) {
  const Variants v = with_variants({"surround_inherit_first_holder"});
  // Cr e5, Mr a3, My c7, Cb i1, Cg a9
  const std::string held = "Cg8/9/2My6/9/4Cr4/9/Mr8/9/8Cb r rb-g - 0 0";
  const auto after = apply_moves(held, {"a3-a4", "i1-i2", "e5-e6"}, v);
  // Cr e6, Mr a4, My c7, Cb i2, Cg a9
  EXPECT_EQ(after.position, "Cg8/9/2My6/4Cr4/9/Mr8/9/8Cb/9 g rbrg - 3 3");
}

// ---------------------------------------------------------------------------------------------
// two_players

const std::string kStart =
    "CgAgMg3MyAyCy/RgDgMg3MyDyRy/MgMgNg3NyMyMy/9/9/9/MrMrNr3NbMbMb/RrDrMr3MbDbRb/"
    "CrArMr3MbAbCb r rryy - 0 0";

// Start controllers rryy; r moves Red's and Blue's pieces (889 moves each, they cannot reach
// each other); turns alternate r, y.
TEST(RulesVariants, TwoPlayersStartAndAlternation) {
  const Variants v = with_variants({"two_players"});
  EXPECT_EQ(moves_of(kStart, v).size(), 2u * 889);
  EXPECT_EQ(moves_from(kStart, "a1", v).size(), 135u);
  EXPECT_EQ(moves_from(kStart, "i1", v).size(), 135u);
  EXPECT_EQ(moves_from(kStart, "g3", v).size(), 12u);
  const std::vector<std::string> moves = {"a3-a4", "i7-i6", "i3-i4"};
  EXPECT_EQ(turn_after(kStart, moves, 1, v), "y -");
  EXPECT_EQ(turn_after(kStart, moves, 2, v), "r -");
  EXPECT_EQ(turn_after(kStart, moves, 3, v), "y -");
  EXPECT_THROW(apply_moves(kStart, {"a3-a4", "g1-f1"}, v), std::invalid_argument);  // r's piece
}

// Both chiefs are the player's own: none of its pieces may kill either; all its pieces are own.
TEST(RulesVariants, TwoPlayersBothChiefsAreOwn) {
  const Variants v = with_variants({"two_players"});
  // Cr d4, Cb d5, Mb e4, Ar d7, Rr a5, Mr c6, Cy i9, Cg a9
  const std::string pos = "Cg7Cy/9/3Ar5/2Mr6/Rr2Cb5/3CrMb4/9/9/9 r rryy - 0 0";
  EXPECT_TRUE(moves_from(pos, "d4xd5", v).empty());
  EXPECT_TRUE(moves_from(pos, "d7xd5", v).empty());
  EXPECT_TRUE(moves_from(pos, "c6xd5", v).empty());
  EXPECT_EQ(moves_from(pos, "a5-c5", v), std::vector<std::string>{"a5-c5"});
  EXPECT_FALSE(moves_from(pos, "d4xe4>", v).empty());  // a Blue militant is an own piece
  EXPECT_FALSE(moves_from(pos, "e4-", v).empty());     // which r moves
}

// r in power (a chief it controls on e5): y, r, r, y, r, ...
TEST(RulesVariants, TwoPlayersPower) {
  const Variants v = with_variants({"two_players"});
  // Cb e5, Cr a1, Mr a3, Cy i9, Cg a9
  const std::string pos = "Cg7Cy/9/9/9/4Cb4/9/Mr8/9/Cr8 y rryy - 0 0";
  const std::vector<std::string> moves = {"i9-i8", "a3-a4", "a4-a3", "i8-i9"};
  const std::vector<std::string> expected = {"y -", "r y", "r -", "y -", "r y"};
  for (size_t n = 0; n <= moves.size(); ++n)
    EXPECT_EQ(turn_after(pos, moves, n, v), expected[n]) << "after " << n << " moves";
}

// Each chief is tested on its own; a surrounded chief dies but its player, still holding a
// living chief, keeps every party.
TEST(RulesVariants, TwoPlayersPerChiefSurround) {
  const Variants v = with_variants({"two_players"});
  const std::string pos =
      // Cr a1, Cb i1, X h1 h2, Mb c3, Cy i9, Ny a4, X a5, Cg a9
      "Cg7Cy/9/9/9/X8/Ny8/2Mb6/7X1/Cr6XCb y rryy - 0 0";
  EXPECT_EQ(apply_moves(pos, {"a4xa5>i2"}, v).position,
            // Cr a1, X i1 h1 h2 i2, Mb c3, Cy i9, Ny a5, Cg a9
            "Cg7Cy/9/9/9/Ny8/9/2Mb6/7XX/Cr6XX r rryy - 0 1");
  // Any necromobile the player controls protects both chiefs.
  const std::string necro =
      // Cr a1, Cb i1, X h1 h2, Nr e1, Cy i9, Ny a4, X a5, Cg a9
      "Cg7Cy/9/9/9/X8/Ny8/9/7X1/Cr3Nr2XCb y rryy - 0 0";
  EXPECT_EQ(apply_moves(necro, {"a4xa5>i2"}, v).position,
            // Cr a1, Cb i1, X h1 h2 i2, Nr e1, Cy i9, Ny a5, Cg a9
            "Cg7Cy/9/9/9/Ny8/9/9/7XX/Cr3Nr2XCb r rryy - 1 1");
}

// G is built from every living piece the player controls: a Red militant joins Blue's chief's
// group (and does not save it as a foreign piece would with four players).
TEST(RulesVariants, TwoPlayersGroupFromAllControlledPieces) {
  const Variants v = with_variants({"two_players"});
  const std::string pos =
      // Cr a1, Cb i1, Mr i2, X h1 h2 h3, Cy i9, Ny a4, X a5, Cg a9
      "Cg7Cy/9/9/9/X8/Ny8/7X1/7XMr/Cr6XCb y rryy - 0 0";
  EXPECT_EQ(apply_moves(pos, {"a4xa5>i3"}, v).position,
            // Cr a1, X i1, Mr i2, X h1 h2 h3 i3, Cy i9, Ny a5, Cg a9
            "Cg7Cy/9/9/9/Ny8/9/7XX/7XMr/Cr6XX r rryy - 0 1");
}

// A killed chief's party (only that party) passes to the mover.
TEST(RulesVariants, TwoPlayersKilledChiefsPartyPasses) {
  const Variants v = with_variants({"two_players"});
  // Cr a1, Cb d5, My d4, Cy i9, Cg a9
  const std::string pos = "Cg7Cy/9/9/9/3Cb5/3My5/9/9/Cr8 y rryy - 0 0";
  const auto after = apply_moves(pos, {"d4xd5>d4"}, v);
  // Cr a1, X d4, My d5, Cy i9, Cg a9
  EXPECT_EQ(after.position, "Cg7Cy/9/9/9/3My5/3X5/9/9/Cr8 r ryyy - 0 1");
  EXPECT_EQ(after.result, "");
}

// A player with no living chief is out and the game is over: after a kill the mover takes every
// party it still controlled; the result line lists r and y only.
TEST(RulesVariants, TwoPlayersOutThroughAKill) {
  const Variants v = with_variants({"two_players"});
  // Cr d5, My d4, Mb c3, Cy i9, Cg a9
  const std::string pos = "Cg7Cy/9/9/9/3Cr5/3My5/2Mb6/9/9 y rryy - 0 0";
  const auto after = apply_moves(pos, {"d4xd5>d4"}, v);
  EXPECT_EQ(field(after.position, 2), "yyyy");
  EXPECT_EQ(after.result, "result r:2 y:1");
  EXPECT_TRUE(moves_of(after.position, v).empty());
}

// ... and after a surround its parties become zombies.
TEST(RulesVariants, TwoPlayersOutThroughASurround) {
  const Variants v = with_variants({"two_players"});
  // Cr i1, X h1 h2, Mb c3, Cy i9, Ny a4, X a5, Cg a9
  const std::string pos = "Cg7Cy/9/9/9/X8/Ny8/2Mb6/7X1/7XCr y rryy - 0 0";
  const auto after = apply_moves(pos, {"a4xa5>i2"}, v);
  EXPECT_EQ(field(after.position, 2), "--yy");
  EXPECT_EQ(after.result, "result r:2 y:1");
}

// Position checks follow the two-player ownerships.
TEST(RulesVariants, TwoPlayersPositionChecks) {
  const Variants v = with_variants({"two_players"});
  // Cr a1, Cb i1, Cy i9, Cg a9
  const std::string board = "Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rryy - 0 0";
  const std::string b = field(board, 0);
  EXPECT_NO_THROW(parse_position(b + " r rryy - 0 0", v));
  EXPECT_NO_THROW(parse_position(b + " y rryy r 0 0", v));
  EXPECT_THROW(parse_position(b + " r rbyg - 0 0", v), NotationError);  // letters r, y or -
  EXPECT_THROW(parse_position(b + " r rbyy - 0 0", v), NotationError);
  EXPECT_THROW(parse_position(b + " r ryyy - 0 0", v), NotationError);  // Cb lives: owner r
  EXPECT_THROW(parse_position(b + " b rryy - 0 0", v), NotationError);  // to-move r or y
  EXPECT_THROW(parse_position(b + " r rryy g 0 0", v), NotationError);  // after r or y
  EXPECT_THROW(parse_position(b + " r rryy b 0 0", v), NotationError);
  // Cr a1, Cy i9, Cg a9
  const std::string dead_blue = field("Cg7Cy/9/9/9/9/9/9/9/Cr8 r rryy - 0 0", 0);
  EXPECT_NO_THROW(parse_position(dead_blue + " r rryy - 0 0", v));
  EXPECT_NO_THROW(parse_position(dead_blue + " r ryyy - 0 0", v));
  EXPECT_NO_THROW(parse_position(dead_blue + " r r-yy - 0 0", v));
  // No party may be controlled by a player who is out (r has no living chief here).
  // Cy i9, Cg a9
  const std::string r_out = field("Cg7Cy/9/9/9/9/9/9/9/9 y rryy - 0 0", 0);
  EXPECT_THROW(parse_position(r_out + " y rryy - 0 0", v), NotationError);
  EXPECT_NO_THROW(parse_position(r_out + " y yyyy - 0 0", v));
}

// reporter_kills_all with two players spares both of the player's chiefs.
TEST(RulesVariants, TwoPlayersReporterKillsAllSparesBothChiefs) {
  const Variants v = with_variants({"two_players", "reporter_kills_all"});
  // Rr a2, Cr d4, Cb d6, My c5, Cy i9, Cg a9
  const std::string pos = "Cg7Cy/9/9/3Cb5/2My6/3Cr5/9/Rr8/9 r rryy - 0 0";
  EXPECT_EQ(moves_from(pos, "a2-d5", v), std::vector<std::string>{"a2-d5+c5"});
}

// A two-player draw: both share rank 1; the result line lists r and y only.
TEST(RulesVariants, TwoPlayersDraw) {
  const Variants v = with_variants({"two_players"});
  // Cr a1, Cb i1, Cy i9, Cg a9
  const std::string pos = "Cg7Cy/9/9/9/9/9/9/9/Cr7Cb r rryy - 119 0";
  EXPECT_EQ(apply_moves(pos, {"a1-a2"}, v).result, "result r:1 y:1");
}

}  // namespace
}  // namespace djambi::testing
