// PolicyValueNet: output shapes and ranges for each game it is built for.
#include "nets/resnet.h"

#include <gtest/gtest.h>

#include <vector>

#include "nets/torch_evaluator.h"
#include "tests/nets/nets_test_util.h"

namespace djambi::nets_test {
namespace {

using Sizes = std::vector<int64_t>;

// Forward of real positions of `game`: policy [N, actions], values [N, players] in (-1, 1).
void check_forward(const Game& game, const NetConfig& config) {
  PolicyValueNet net(config);
  net->eval();
  const auto states = random_states(game, 5, 3, 11);
  torch::NoGradGuard no_grad;
  const PolicyValueOutput out = net->forward(observations_of(states));
  EXPECT_EQ(out.policy_logits.sizes().vec(), (Sizes{5, game.num_actions()}));
  EXPECT_EQ(out.values.sizes().vec(), (Sizes{5, game.num_players()}));
  EXPECT_TRUE(torch::isfinite(out.policy_logits).all().item<bool>());
  EXPECT_TRUE((out.values > -1).all().item<bool>());
  EXPECT_TRUE((out.values < 1).all().item<bool>());
}

TEST_F(NetsTest, DjambiSizes) {
  DjambiGame game;
  const ObservationShape shape = game.observation_shape();
  EXPECT_EQ(shape.channels, 58);
  EXPECT_EQ(shape.height, 9);
  EXPECT_EQ(shape.width, 9);
  EXPECT_EQ(game.num_actions(), 5271);
  EXPECT_EQ(game.num_players(), 4);
}

// The count a checkpoint's size is checked against is the built net's.
TEST_F(NetsTest, TensorElementsCountedFromTheConfigAreTheNetsOwn) {
  for (const NetConfig& c : {djambi_config(16, 2), djambi_config(32, 4), tictactoe_config(8, 1)}) {
    PolicyValueNet net(c);
    int64_t elements = 0;
    for (const auto& p : net->parameters()) elements += p.numel();
    for (const auto& b : net->buffers()) elements += b.numel();
    EXPECT_EQ(net_tensor_elements(c), static_cast<double>(elements)) << c.describe();
  }
}

TEST_F(NetsTest, DjambiForwardShapes) { check_forward(DjambiGame(), djambi_config(16, 2)); }

// copy_weights makes a second network compute what the first does, into a channels-last copy
// too; another architecture is refused.
TEST_F(NetsTest, CopyWeightsGivesTheSameOutputs) {
  DjambiGame game;
  PolicyValueNet from(djambi_config(16, 2)), to(djambi_config(16, 2));
  to_channels_last(*to);
  from->eval();
  to->eval();
  const torch::Tensor x = observations_of(random_states(game, 4, 5, 3));
  torch::NoGradGuard no_grad;
  EXPECT_FALSE(torch::allclose(from->forward(x).values, to->forward(x).values));
  copy_weights(from, to);
  EXPECT_TRUE(torch::allclose(from->forward(x).policy_logits, to->forward(x).policy_logits, 1e-4, 1e-5));
  EXPECT_TRUE(torch::allclose(from->forward(x).values, to->forward(x).values, 1e-4, 1e-5));
  PolicyValueNet bigger(djambi_config(32, 2));
  EXPECT_THROW(copy_weights(from, bigger), std::invalid_argument);
}

TEST_F(NetsTest, DjambiTwoPlayerForwardShapes) {
  DjambiGame game(Variants().set(Variant::kTwoPlayers));
  ASSERT_EQ(game.num_players(), 2);
  check_forward(game, config_for(game, game.variants().to_string(), 16, 1));
}

TEST_F(NetsTest, TicTacToeForwardShapes) {
  TicTacToeGame game;
  EXPECT_EQ(game.observation_shape().size(), 3 * 3 * 3);
  check_forward(game, tictactoe_config(16, 2));
}

// Training mode (batch statistics): gradients reach every parameter.
TEST_F(NetsTest, TrainModeForwardAndBackward) {
  PolicyValueNet net(tictactoe_config(8, 1));
  net->train();
  const auto states = random_states(TicTacToeGame(), 4, 1, 5);
  const PolicyValueOutput out = net->forward(observations_of(states));
  (out.policy_logits.sum() + out.values.sum()).backward();
  for (const auto& p : net->parameters()) {
    ASSERT_TRUE(p.grad().defined());
    EXPECT_TRUE(torch::isfinite(p.grad()).all().item<bool>());
  }
}

// One check for every network seated in a game (az players, league seats).
TEST_F(NetsTest, GameMismatchNamesBothGamesAndVariants) {
  const NetConfig plain = net_config_for(DjambiGame(), "small");
  EXPECT_EQ(game_mismatch(plain, DjambiGame()), "");
  Variants two;
  two.set(Variant::kTwoPlayers);
  EXPECT_EQ(game_mismatch(plain, DjambiGame(two)), "plays djambi (variants: none), not djambi (variants: two_players)");
  EXPECT_EQ(game_mismatch(plain, TicTacToeGame()), "plays djambi (variants: none), not tictactoe (variants: none)");
}

}  // namespace
}  // namespace djambi::nets_test
