// Board symmetries for data augmentation: tic-tac-toe has the 8 of the square, and each maps a
// position's observation and legal actions to those of the transformed position; Djambi has
// none but the identity.
#include <gtest/gtest.h>

#include <set>

#include "env/djambi/game.h"
#include "env/tictactoe/game.h"

namespace djambi {
namespace {

TEST(Symmetries, TicTacToeHasTheEightOfTheSquare) {
  TicTacToeGame game;
  ASSERT_EQ(game.num_symmetries(), 8);
  std::set<std::vector<int>> distinct;
  for (int k = 0; k < 8; ++k) {
    std::vector<int> image;
    for (int c = 0; c < 9; ++c) image.push_back(game.symmetric_cell(k, c));
    EXPECT_EQ(std::set<int>(image.begin(), image.end()).size(), 9u) << "not a bijection";
    EXPECT_EQ(image[4], 4) << "the centre stays";
    distinct.insert(image);
  }
  EXPECT_EQ(distinct.size(), 8u);
  EXPECT_EQ(game.symmetric_cell(0, 2), 2);
}

TEST(Symmetries, MapObservationsAndActionsOfTicTacToePositions) {
  TicTacToeGame game;
  const std::string board = "xo..x..o.";
  const auto state = TicTacToeState::from_string(board);
  std::vector<float> obs(27), transformed_obs(27);
  state.observation(obs.data());
  for (int k = 0; k < 8; ++k) {
    std::string image(9, '.');
    for (int c = 0; c < 9; ++c) image[game.symmetric_cell(k, c)] = board[c];
    const auto transformed = TicTacToeState::from_string(image);
    transformed.observation(transformed_obs.data());
    for (int plane = 0; plane < 3; ++plane)
      for (int c = 0; c < 9; ++c)
        EXPECT_EQ(transformed_obs[plane * 9 + game.symmetric_cell(k, c)], obs[plane * 9 + c]) << k;
    std::set<Action> mapped;
    for (Action a : state.legal_actions()) mapped.insert(game.symmetric_action(k, a));
    const auto legal = transformed.legal_actions();
    EXPECT_EQ(mapped, std::set<Action>(legal.begin(), legal.end()));
  }
}

TEST(Symmetries, DjambiHasOnlyTheIdentity) { EXPECT_EQ(DjambiGame().num_symmetries(), 1); }

}  // namespace
}  // namespace djambi
