// Rule tests: surrounded chiefs (RULES.md section 6).
#include <gtest/gtest.h>

#include "tests/env/djambi/rules_test_util.h"

namespace djambi::testing {
namespace {

// A chief hemmed in by corpses and the board's edge dies at the end of the turn, even a turn
// without a kill (the quiet counter resets: a surrounded chief counts as killed, 7). Every living
// piece its player controlled, inherited parties included, becomes a zombie ('-').
TEST(RulesSurround, CorpsesAndTheEdgeSurroundAChief) {
  const std::string pos =
      // Cr a1, Cb i1, X h1 h2, Nr e2, X e3, Mb d6, My f8, Cg a9
      "Cg8/5My3/9/3Mb5/9/9/4X4/4Nr2X1/Cr6XCb r rbbg - 7 3";
  EXPECT_EQ(apply_moves(pos, {"e2xe3>i2"}).position,
            // Cr a1, X i1, X h1 h2 i2, Nr e3, Mb d6, My f8, Cg a9
            "Cg8/5My3/9/3Mb5/9/9/4Nr4/7XX/Cr6XX g r--g - 0 4");
}

// The group G includes the living pieces P controls that touch the chief (8-connected).
TEST(RulesSurround, OwnPiecesJoinTheGroup) {
  const std::string pos =
      // Cr a1, Cb i1, Mb i2, X h1 h2 h3, Nr e2, X e3, Cy i9, Cg a9
      "Cg7Cy/9/9/9/9/9/4X2X1/4Nr2XMb/Cr6XCb r rbyg - 7 3";
  EXPECT_EQ(apply_moves(pos, {"e2xe3>i3"}).position,
            // Cr a1, X i1, Mb i2, X h1 h2 h3 i3, Nr e3, Cy i9, Cg a9
            "Cg7Cy/9/9/9/9/9/4Nr2XX/7XMb/Cr6XX y r-yg - 0 4");
  // A living piece P does not control next to the group keeps the chief alive.
  const std::string other =
      // Cr a1, Cb i1, My i2, X h1 h2 h3, Nr e2, X e3, Cy i9, Cg a9
      "Cg7Cy/9/9/9/9/9/4X2X1/4Nr2XMy/Cr6XCb r rbyg - 7 3";
  EXPECT_EQ(apply_moves(other, {"e2xe3>i3"}).position,
            // Cr a1, Cb i1, My i2, X h1 h2 h3 i3, Nr e3, Cy i9, Cg a9
            "Cg7Cy/9/9/9/9/9/4Nr2XX/7XMy/Cr6XCb b rbyg - 8 4");
}

// A player controlling a living necromobile (anywhere) is never surrounded.
TEST(RulesSurround, ANecromobileSavesTheChief) {
  const std::string pos =
      // Cr a1, Cb i1, X h1 h2, Nb a5, Nr e2, X e3, Cy i9, Cg a9
      "Cg7Cy/9/9/9/Nb8/9/4X4/4Nr2X1/Cr6XCb r rbyg - 7 3";
  EXPECT_EQ(apply_moves(pos, {"e2xe3>i2"}).position,
            // Cr a1, Cb i1, X h1 h2 i2, Nb a5, Nr e3, Cy i9, Cg a9
            "Cg7Cy/9/9/9/Nb8/9/4Nr4/7XX/Cr6XCb b rbyg - 8 4");
}

// An empty e5 next to G counts as empty; a puppet there counts as a corpse.
TEST(RulesSurround, EmptyCentreCountsAsEmpty) {
  const std::string empty =
      // Cr a1, Cb d4, X c3 c4 c5 d3 d5 e4, Nr g1, X g2, Cy i9, Cg a9
      "Cg7Cy/9/9/9/2XX5/2XCbX4/2XX5/6X2/Cr5Nr2 r rbyg - 0 0";
  EXPECT_EQ(apply_moves(empty, {"g1xg2>e3"}).position,
            // Cr a1, Cb d4, X c3 c4 c5 d3 d5 e4 e3, Nr g2, Cy i9, Cg a9
            "Cg7Cy/9/9/9/2XX5/2XCbX4/2XXX4/6Nr2/Cr8 b rbyg - 1 1");
  const std::string puppet =
      // Cr a1, Cb d4, X c3 c4 c5 d3 d5 e4 e5, Nr g1, X g2, Cy i9, Cg a9
      "Cg7Cy/9/9/9/2XXX4/2XCbX4/2XX5/6X2/Cr5Nr2 r rbyg - 0 0";
  EXPECT_EQ(apply_moves(puppet, {"g1xg2>e3"}).position,
            // Cr a1, X d4, X c3 c4 c5 d3 d5 e4 e5 e3, Nr g2, Cy i9, Cg a9
            "Cg7Cy/9/9/9/2XXX4/2XXX4/2XXX4/6Nr2/Cr8 y r-yg - 0 1");
}

// Surrounding is checked for the mover too: Red shuts its own chief in and goes out.
TEST(RulesSurround, CheckedForTheMoverToo) {
  // Cr a1, X a2 b1, Mr d4, Mb d5, Cb i1, Cy i9, Cg a9
  const std::string pos = "Cg7Cy/9/9/9/3Mb5/3Mr5/9/X8/CrX6Cb r rbyg - 3 0";
  EXPECT_EQ(apply_moves(pos, {"d4xd5>b2"}).position,
            // X a1, X a2 b1 b2, Mr d5, Cb i1, Cy i9, Cg a9
            "Cg7Cy/9/9/9/3Mr5/9/9/XX7/XX6Cb b -byg - 0 1");
}

// The check is repeated until nothing changes: Blue is surrounded; its militant on f5 becomes a
// zombie, controlled by Red (in power), so it joins Red's group, whose every neighbour is a
// corpse: Red is surrounded in turn. Nobody holds power then, so Green plays next.
TEST(RulesSurround, RepeatedUntilStable) {
  // Cr e5, X d4 d5 d6 e4 e6 f4 f6 g4 g5 g6, Mb f5, Cb i1, X h1 h2, Cy i9, Ny a4, X a5, Cg a9
  const std::string pos = "Cg7Cy/9/9/3XXXX2/X2XCrMbX2/Ny2XXXX2/9/7X1/7XCb y rbyg - 4 9";
  EXPECT_EQ(apply_moves(pos, {"a4xa5>i2"}).position,
            // X e5, X d4 d5 d6 e4 e6 f4 f6 g4 g5 g6, Mb f5, X i1, X h1 h2 i2, Cy i9, Ny a5, Cg a9
            "Cg7Cy/9/9/3XXXX2/Ny2XXMbX2/3XXXX2/9/7XX/7XX g --yg - 0 10");
}

// Surrounding is checked at the end of extra turns too; the regular order then resumes after
// Blue with the next alive player (Yellow is out: Green).
TEST(RulesSurround, CheckedAtTheEndOfAnExtraTurn) {
  // Cr e5, Nr e2, X e3, Cy i9, X h9 h8, Cb i1, Cg a9
  const std::string pos = "Cg6XCy/7X1/9/9/4Cr4/9/4X4/4Nr4/8Cb r rbyg b 5 9";
  EXPECT_EQ(apply_moves(pos, {"e2xe3>i8"}).position,
            // Cr e5, Nr e3, X i9 h9 h8 i8, Cb i1, Cg a9
            "Cg6XX/7XX/9/9/4Cr4/9/4Nr4/9/8Cb g rb-g - 0 10");
}

// ... and at the end of a pass (Blue's chief, walled in by corpses, dies when Red passes).
TEST(RulesSurround, CheckedAtTheEndOfAPass) {
  const std::string pos =
      // Cr a1, X a2 b1 b2, Nr a9, Cg b9, Mg a8 b8, Cb i1, X h1 h2 i2, Cy i9
      "NrCg6Cy/MgMg7/9/9/9/9/9/XX5XX/CrX5XCb r rbyg - 3 7";
  EXPECT_EQ(moves_of(pos), std::vector<std::string>{"pass"});
  EXPECT_EQ(apply_moves(pos, {"pass"}).position,
            // Cr a1, X a2 b1 b2, Nr a9, Cg b9, Mg a8 b8, X i1 h1 h2 i2, Cy i9
            "NrCg6Cy/MgMg7/9/9/9/9/9/XX5XX/CrX5XX y r-yg - 0 8");
}

// A zombie next to G is a living piece P does not control: it keeps the chief alive.
TEST(RulesSurround, ANeighbouringZombieKeepsTheChiefAlive) {
  const std::string pos =
      // Cr a1, Cb i1, My i2, X h1 h2 h3, Nr e2, X e3, Cg a9
      "Cg8/9/9/9/9/9/4X2X1/4Nr2XMy/Cr6XCb r rb-g - 7 3";
  EXPECT_EQ(apply_moves(pos, {"e2xe3>i3"}).position,
            // Cr a1, Cb i1, My i2, X h1 h2 h3 i3, Nr e3, Cg a9
            "Cg8/9/9/9/9/9/4Nr2XX/7XMy/Cr6XCb b rb-g - 8 4");
}

// A zombie necromobile controlled through power protects the holder's chief.
TEST(RulesSurround, ZombieNecromobileProtectsTheHolder) {
  const std::string pos =
      // Cr e5, X d4 d5 d6 e4 e6 f4 f5 f6, Mr a3, Ny a6, Cb i1, Cg a9
      "Cg8/9/9/Ny2XXX3/3XCrX3/3XXX3/Mr8/9/8Cb r rb-g - 0 0";
  EXPECT_EQ(apply_moves(pos, {"a3-a4"}).position,
            // Cr e5, X d4 d5 d6 e4 e6 f4 f5 f6, Mr a4, Ny a6, Cb i1, Cg a9
            "Cg8/9/9/Ny2XXX3/3XCrX3/Mr2XXX3/9/9/8Cb b rb-g - 1 1");
}

}  // namespace
}  // namespace djambi::testing
