// The decisions djambi serve offers the page, in board coordinates, for every kind of decision
// of a turn: move parts, placements, the reporter's choice, exits from the throne, passes.
#include <gtest/gtest.h>

#include <algorithm>

#include "apps/serve/decisions.h"
#include "apps/serve/json.h"
#include "env/games.h"

namespace djambi::cli::serve {
namespace {

std::unique_ptr<GameState> position(const std::string& text) {
  static const auto game = make_game("djambi");
  return state_from_text(*game, text);
}

const Decision* find(const std::vector<Decision>& list, const std::string& type, const std::string& from,
                     const std::string& to) {
  for (const Decision& d : list)
    if (d.type == type && d.from == from && d.to == to) return &d;
  return nullptr;
}

TEST(ServeDecisions, StartPositionMovesAreInBoardCoordinates) {
  auto state = make_game("djambi")->new_initial_state();
  const auto decisions = legal_decisions(*state);
  const auto from_c3 = std::count_if(decisions.begin(), decisions.end(), [](const Decision& d) { return d.from == "c3"; });
  EXPECT_EQ(from_c3, 12);  // as `djambi play` lists the moves of c3
  const Decision* own_kill = find(decisions, "move", "a1", "a2");
  ASSERT_NE(own_kill, nullptr);
  EXPECT_TRUE(own_kill->capture);
  EXPECT_FALSE(find(decisions, "move", "c3", "d4")->capture);
}

TEST(ServeDecisions, BlueSeesBoardCoordinatesToo) {
  // Blue's actions are in its rotated frame; the page must still get g3 -> f4.
  auto state = position("CgAgMg3MyAyCy/RgDgMg3MyDyRy/MgMgNg3NyMyMy/9/9/9/MrMrNr3NbMbMb/RrDrMr3MbDbRb/CrArMr3MbAbCb b rbyg - 1 1");
  const auto decisions = legal_decisions(*state);
  ASSERT_NE(find(decisions, "move", "g3", "f4"), nullptr);
  EXPECT_EQ(find(decisions, "move", "c3", "d4"), nullptr);
}

TEST(ServeDecisions, KillThenPlacement) {
  auto state = position("Cg7Cy/9/9/9/9/1Mb7/Mr8/9/Cr7Cb r rbyg - 3 12");
  const auto moves = legal_decisions(*state);  // kept: `kill` points into it
  const Decision* kill = find(moves, "move", "a3", "b4");
  ASSERT_NE(kill, nullptr);
  state->apply_action(kill->id);
  const auto places = legal_decisions(*state);
  ASSERT_FALSE(places.empty());
  for (const Decision& d : places) EXPECT_EQ(d.type, "place");
  const Decision* h5 = find(places, "place", "", "h5");
  ASSERT_NE(h5, nullptr);
  EXPECT_EQ(find(places, "place", "", "e5"), nullptr);  // never a corpse on the throne
  const nlohmann::json board = board_json(*state);
  EXPECT_EQ(board["in_hand"]["kind"], "corpse");
  EXPECT_EQ(board["in_hand"]["alive"], false);
  EXPECT_EQ(board["moving"], "b4");
  state->apply_action(h5->id);
  EXPECT_TRUE(state->at_turn_start());
  EXPECT_EQ(state_text(*state), "Cg7Cy/9/9/9/7X1/1Mr7/9/9/Cr7Cb b rbyg - 0 13");
}

TEST(ServeDecisions, ReporterChoosesAVictimOrNobody) {
  auto state = position("Cg7Cy/9/Mg8/1Dy7/9/9/9/Rr8/Cr7Cb r rbyg - 3 12");
  state->apply_action(find(legal_decisions(*state), "move", "a2", "a6")->id);
  const auto choices = legal_decisions(*state);
  EXPECT_NE(find(choices, "report", "a6", "b6"), nullptr);
  EXPECT_NE(find(choices, "report", "a6", "a7"), nullptr);
  EXPECT_NE(find(choices, "nokill", "a6", ""), nullptr);
  EXPECT_EQ(choices.size(), 3u);
}

TEST(ServeDecisions, ExitFromTheThrone) {
  auto state = position("Cg7Cy/9/9/9/4CbMb3/9/2Ar6/9/Cr8 r rbyg - 3 12");
  state->apply_action(find(legal_decisions(*state), "move", "c3", "e5")->id);
  const auto exits = legal_decisions(*state);
  ASSERT_FALSE(exits.empty());
  for (const Decision& d : exits) {
    EXPECT_EQ(d.type, "exit");
    EXPECT_EQ(d.from, "e5");
  }
  EXPECT_NE(find(exits, "exit", "e5", "f6"), nullptr);
  EXPECT_EQ(board_json(*state)["controllers"]["b"], "r");  // Blue's party inherited before the exit
}

TEST(ServeDecisions, BoardJsonShowsOwnersZombiesAndPower) {
  // Blue's chief holds the throne; Green is out and its pieces are zombies.
  auto state = position("X8/Mg8/9/9/4Cb4/9/9/9/Cr7Cy r rby- - 3 12");
  const nlohmann::json b = board_json(*state);
  EXPECT_EQ(b["holder"], "b");
  EXPECT_EQ(b["to_move"], "r");
  EXPECT_EQ(b["controllers"]["g"], "-");
  bool zombie = false;
  for (const auto& p : b["pieces"])
    if (p["square"] == "a8") zombie = p["zombie"].get<bool>() && p["party"] == "g";
  EXPECT_TRUE(zombie);
  EXPECT_EQ(b["players"].size(), 4u);
  EXPECT_EQ(b["players"][3]["alive"], false);
  EXPECT_EQ(b["position"], "X8/Mg8/9/9/4Cb4/9/9/9/Cr7Cy r rby- - 3 12");
}

}  // namespace
}  // namespace djambi::cli::serve
