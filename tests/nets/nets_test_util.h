#pragma once
// Shared helpers of nets_tests: configs for the two games, real positions and their encodings,
// temporary directories.
#include <gtest/gtest.h>
#include <torch/torch.h>

#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "env/djambi/game.h"
#include "env/game.h"
#include "env/tictactoe/game.h"
#include "nets/net_config.h"
#include "nets/resnet.h"
#include "nets/torch_evaluator.h"
#include "tests/temp_dir.h"

namespace djambi::nets_test {

// Every test runs with 2 intra-op threads (the reference machine) and a fixed seed.
class NetsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    set_torch_threads(2);
    torch::manual_seed(20240607);
  }
};

inline NetConfig config_for(const Game& game, const std::string& variants, int channels, int blocks) {
  NetConfig c;
  const ObservationShape shape = game.observation_shape();
  c.game = game.name();
  c.variants = variants;
  c.input_channels = shape.channels;
  c.board_height = shape.height;
  c.board_width = shape.width;
  c.num_actions = game.num_actions();
  c.num_players = game.num_players();
  c.channels = channels;
  c.blocks = blocks;
  return c;
}
inline NetConfig djambi_config(int channels = 16, int blocks = 1) {
  DjambiGame game;
  return config_for(game, game.variants().to_string(), channels, blocks);
}
inline NetConfig tictactoe_config(int channels = 16, int blocks = 1) {
  return config_for(TicTacToeGame(), "", channels, blocks);
}

// Non-terminal positions reached by uniformly random legal actions from the initial state
// (restarting when a game ends), one every `stride` actions.
inline std::vector<std::unique_ptr<GameState>> random_states(const Game& game, int count, int stride,
                                                             uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::unique_ptr<GameState>> out;
  auto state = game.new_initial_state();
  int step = 0;
  while (static_cast<int>(out.size()) < count) {
    if (state->is_terminal()) state = game.new_initial_state();
    if (step++ % stride == 0) out.push_back(state->clone());
    const std::vector<Action> legal = state->legal_actions();
    state->apply_action(legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng)]);
  }
  return out;
}

// [N, C, H, W] observations of `states`.
inline torch::Tensor observations_of(const std::vector<std::unique_ptr<GameState>>& states) {
  const ObservationShape shape = states.at(0)->observation_shape();
  auto obs = torch::empty({static_cast<int64_t>(states.size()), shape.channels, shape.height, shape.width});
  for (size_t i = 0; i < states.size(); ++i)
    states[i]->observation(obs.data_ptr<float>() + i * static_cast<size_t>(shape.size()));
  return obs;
}

// [N, num_actions] legal masks (bool) of `states`.
inline torch::Tensor masks_of(const std::vector<std::unique_ptr<GameState>>& states) {
  const int actions = states.at(0)->num_actions();
  auto mask = torch::empty({static_cast<int64_t>(states.size()), actions}, torch::kUInt8);
  for (size_t i = 0; i < states.size(); ++i)
    states[i]->legal_mask(mask.data_ptr<uint8_t>() + i * static_cast<size_t>(actions));
  return mask.to(torch::kBool);
}

using test::TempDir;  // tests/temp_dir.h

}  // namespace djambi::nets_test
