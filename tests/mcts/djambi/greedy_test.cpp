// The greedy player (docs/PLAYERS.md).
#include "mcts/djambi/greedy.h"

#include <gtest/gtest.h>

#include <memory>

#include "env/djambi/game.h"
#include "env/djambi/notation.h"

namespace djambi {
namespace {

// The whole move (notation) a player chooses in `position`.
std::string chosen_move(Player& player, const std::string& position) {
  DjambiState s(parse_position(position), RewardScheme::kWinner);
  const auto actions = player.choose_turn(s);
  std::string text;
  for (Action a : actions) {
    text += s.action_to_string(a);
    s.apply_action(a);
  }
  EXPECT_TRUE(s.at_turn_start());
  return text;
}

TEST(GreedyPlayer, WinsWhenItCan) {
  GreedyPlayer greedy(3);
  // Red's chief f2 takes Yellow's last chief f8 (any placement).
  const std::string move = chosen_move(greedy, "8Ay/5Cy3/9/9/9/9/9/Mr4Cr3/9 r r-y- - 0 30");
  EXPECT_EQ(move.substr(0, 5), "f2xf8");
}

TEST(GreedyPlayer, TakesTheMostValuablePiece) {
  // Red's assassin d4 can take Blue's militant d6 or Blue's necromobile f6 (more valuable);
  // nothing threatens Red's chief a1.
  const std::string move = chosen_move(*std::make_unique<GreedyPlayer>(4),
                                       "8Cy/9/9/3Mb1Nb3/9/3Ar5/9/8Cb/Cr8 r rby- - 0 30");
  EXPECT_EQ(move, "d4xf6");
}

TEST(GreedyPlayer, KeepsItsChiefOutOfReach) {
  // Red's militant b2 shields the chief a1 from Yellow's assassin i9; every militant move off
  // the diagonal exposes the chief; the greedy player never plays one.
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    GreedyPlayer greedy(seed);
    const std::string move = chosen_move(greedy, "8Ay/4Cy4/9/9/9/9/9/1Mr7/Cr8 r r-y- - 0 30");
    const bool militant_leaves = move.rfind("b2", 0) == 0 && move != "b2-c3" && move != "b2-d4";
    EXPECT_FALSE(militant_leaves) << move;
  }
}

}  // namespace
}  // namespace djambi
