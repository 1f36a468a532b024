// TorchEvaluator on real Djambi positions, checked against the network's own forward pass.
#include "nets/torch_evaluator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <numeric>
#include <set>
#include <vector>

#include "nets/bundle.h"
#include "mcts/shipped_player.h"
#include "tests/nets/nets_test_util.h"

namespace djambi::nets_test {
namespace {

struct Batch {
  std::vector<std::unique_ptr<GameState>> states;
  std::vector<const GameState*> pointers;
  std::vector<float> observations;
  std::vector<uint8_t> masks;
};

// Positions from random Djambi games, at least one for every seat to act, so that a missing or
// wrong rotation of the values shows.
Batch djambi_batch(const Game& game, int count) {
  Batch b;
  b.states = random_states(game, count, 5, 3);
  std::set<int> to_act;
  for (const auto& s : b.states) to_act.insert(s->current_player());
  EXPECT_EQ(static_cast<int>(to_act.size()), game.num_players()) << "not every seat is to act in the batch";
  const int obs_size = game.observation_shape().size();
  b.observations.assign(static_cast<size_t>(count * obs_size), -1.0f);
  b.masks.assign(static_cast<size_t>(count * game.num_actions()), 7);
  for (int i = 0; i < count; ++i) {
    b.pointers.push_back(b.states[i].get());
    b.states[i]->observation(b.observations.data() + i * obs_size);
    b.states[i]->legal_mask(b.masks.data() + i * game.num_actions());
  }
  return b;
}

// The evaluator's outputs against the network's own forward pass, through either path: in
// place (the CPU's) or compact (the accelerator's: legal priors gathered and scattered back).
void expect_evaluator_matches_the_forward_pass(bool compact) {
  DjambiGame game;
  const int n = 12, actions = game.num_actions(), players = game.num_players();
  Batch b = djambi_batch(game, n);
  TorchEvaluator evaluator(PolicyValueNet(djambi_config(16, 2)), torch::Device(torch::kCPU));
  evaluator.set_compact_transfer(compact);

  // NaN sentinels: every output element must be written.
  std::vector<float> priors(static_cast<size_t>(n * actions), std::numeric_limits<float>::quiet_NaN());
  std::vector<float> values(static_cast<size_t>(n * players), std::numeric_limits<float>::quiet_NaN());
  EvalBatch batch;
  batch.size = n;
  batch.states = b.pointers.data();
  batch.observations = b.observations.data();
  batch.legal_masks = b.masks.data();
  batch.priors = priors.data();
  batch.values = values.data();
  evaluator.evaluate(batch);

  // The same net (now in eval mode, channels-last) run directly.
  torch::NoGradGuard no_grad;
  const ObservationShape shape = game.observation_shape();
  const auto obs =
      torch::from_blob(b.observations.data(), {n, shape.channels, shape.height, shape.width}).clone();
  const PolicyValueOutput out = evaluator.net()->forward(obs);
  const auto mask = torch::from_blob(b.masks.data(), {n, actions}, torch::kUInt8).to(torch::kBool);
  const auto expected_priors =
      torch::softmax(out.policy_logits.masked_fill(mask.logical_not(), -1e30), 1);

  for (int i = 0; i < n; ++i) {
    double sum = 0;
    int legal = 0;
    for (int a = 0; a < actions; ++a) {
      const float p = priors[static_cast<size_t>(i * actions + a)];
      if (b.masks[static_cast<size_t>(i * actions + a)]) {
        ++legal;
        EXPECT_GT(p, 0.0f);
        EXPECT_NEAR(p, expected_priors[i][a].item<float>(), 1e-6);
      } else {
        ASSERT_EQ(p, 0.0f) << "state " << i << " illegal action " << a;
      }
      sum += p;
    }
    EXPECT_GT(legal, 1);
    EXPECT_NEAR(sum, 1.0, 1e-5) << "state " << i;

    // Output j belongs to the j-th seat after the one to act.
    const int to_act = b.states[i]->current_player();
    for (int j = 0; j < players; ++j) {
      const float v = values[static_cast<size_t>(i * players + (to_act + j) % players)];
      EXPECT_NEAR(v, out.values[i][j].item<float>(), 1e-6) << "state " << i << " output " << j;
      EXPECT_GT(v, -1.0f);
      EXPECT_LT(v, 1.0f);
    }
  }
  // The check above is only meaningful if the outputs of one position differ from each other.
  EXPECT_GT((out.values[0] - out.values[0][0]).abs().max().item<float>(), 1e-4);
}

TEST_F(NetsTest, EvaluatorPriorsAndValuesOnDjambiStates) { expect_evaluator_matches_the_forward_pass(false); }

TEST_F(NetsTest, EvaluatorCompactTransferGivesTheSameOutputs) { expect_evaluator_matches_the_forward_pass(true); }

TEST_F(NetsTest, Bf16InferenceOfTheShippedPlayerAgreesWithFp32) {
  DjambiGame game;
  const int n = 128, actions = game.num_actions(), players = game.num_players();
  Batch b = djambi_batch(game, n);
  const PolicyValueNet trained = load_player_bundle(shipped_player("djambi").path).net;
  PolicyValueNet copy(trained->config);
  copy_weights(trained, copy);
  TorchEvaluator exact(trained, torch::Device(torch::kCPU));
  TorchEvaluator reduced(copy, torch::Device(torch::kCPU), Precision::kBFloat16);
  EXPECT_NE(reduced.describe().find("bf16"), std::string::npos) << reduced.describe();
  std::vector<float> p32(static_cast<size_t>(n * actions)), v32(static_cast<size_t>(n * players));
  std::vector<float> p16(p32.size()), v16(v32.size());
  exact.evaluate({n, b.pointers.data(), b.observations.data(), b.masks.data(), p32.data(), v32.data()});
  reduced.evaluate({n, b.pointers.data(), b.observations.data(), b.masks.data(), p16.data(), v16.data()});
  int same = 0;
  for (int i = 0; i < n; ++i) {
    const auto row32 = p32.begin() + i * actions, row16 = p16.begin() + i * actions;
    same += std::max_element(row32, row32 + actions) - row32 == std::max_element(row16, row16 + actions) - row16;
    EXPECT_NEAR(std::accumulate(row16, row16 + actions, 0.0), 1.0, 1e-4);
  }
  EXPECT_GE(same, n * 9 / 10) << "bf16 chose fp32's best move in " << same << " positions of " << n;
  for (size_t k = 0; k < v32.size(); ++k) EXPECT_NEAR(v16[k], v32[k], 0.05) << "value " << k;
}

TEST_F(NetsTest, EvaluatorPrecisionsByNameAndFp16RefusedOnTheCpu) {
  EXPECT_EQ(precision_from_name("fp32"), Precision::kFloat32);
  EXPECT_EQ(precision_from_name("bf16"), Precision::kBFloat16);
  EXPECT_EQ(precision_from_name("fp16"), Precision::kFloat16);
  EXPECT_THROW(precision_from_name("fp8"), std::invalid_argument);
  EXPECT_THROW(TorchEvaluator(PolicyValueNet(tictactoe_config(8, 1)), torch::Device(torch::kCPU), Precision::kFloat16),
               std::invalid_argument);
}

TEST_F(NetsTest, EvaluatorEmptyBatchIsANoOp) {
  TorchEvaluator evaluator(PolicyValueNet(tictactoe_config(8, 1)), torch::Device(torch::kCPU));
  EvalBatch batch;  // size 0, null buffers
  evaluator.evaluate(batch);
  EXPECT_NE(evaluator.describe().find("8x1"), std::string::npos) << evaluator.describe();
}

}  // namespace
}  // namespace djambi::nets_test
