// The network can learn: a tiny net fits fixed policy and value targets on a handful of real
// positions. This catches broken gradients, masking or optimiser wiring, which shape tests miss.
#include <gtest/gtest.h>

#include <limits>
#include <set>
#include <vector>

#include "nets_test_util.h"

namespace djambi::nets_test {
namespace {

struct Targets {
  torch::Tensor obs;     // [N, C, H, W]
  torch::Tensor mask;    // [N, A] bool
  torch::Tensor action;  // [N] int64: a legal action, the one-hot policy target
  torch::Tensor value;   // [N, players] in {-1, 0, 1}, relative to the player to act
};

// `n` positions of `game` with distinct observations (so the targets never contradict each other)
// and arbitrary but fixed targets.
Targets make_targets(const Game& game, int n, int stride, uint32_t seed) {
  auto candidates = random_states(game, 8 * n, stride, seed);
  std::vector<std::unique_ptr<GameState>> states;
  std::set<std::vector<float>> seen;
  for (auto& s : candidates) {
    std::vector<float> obs(static_cast<size_t>(s->observation_shape().size()));
    s->observation(obs.data());
    if (seen.insert(obs).second) states.push_back(std::move(s));
    if (static_cast<int>(states.size()) == n) break;
  }
  EXPECT_EQ(static_cast<int>(states.size()), n);
  Targets t;
  t.obs = observations_of(states);
  t.mask = masks_of(states);
  t.action = torch::empty({n}, torch::kInt64);
  t.value = torch::empty({n, game.num_players()});
  for (int i = 0; i < n; ++i) {
    const std::vector<Action> legal = states[i]->legal_actions();
    t.action[i] = static_cast<int64_t>(legal[static_cast<size_t>(i * 7) % legal.size()]);
    for (int j = 0; j < game.num_players(); ++j) t.value[i][j] = static_cast<float>((i + j) % 3 - 1);
  }
  return t;
}

// Masked policy cross-entropy against the one-hot target plus the value MSE, both batch means.
// Illegal logits become -inf before the softmax; the gathered target is legal, so finite.
torch::Tensor loss_of(const PolicyValueOutput& out, const Targets& t) {
  const auto logits = out.policy_logits.masked_fill(t.mask.logical_not(), -std::numeric_limits<float>::infinity());
  const auto policy_loss = -torch::log_softmax(logits, 1).gather(1, t.action.unsqueeze(1)).mean();
  const auto value_loss = torch::mse_loss(out.values, t.value);
  return policy_loss + value_loss;
}

// Trains a 16-channel, 1-block net with Adam (lr 1e-2) on `t` and checks the loss falls below 0.1.
// The bound is below what either head alone leaves when it does not learn: an untrained policy
// costs ln(#legal actions) >= ln 2 = 0.69, an untrained value head ~mean(target^2) = 2/3 with
// these targets; the targets are consistent (distinct positions), so 0 is reachable. Measured on
// the reference machine: the loss starts at ~2.5 (tic-tac-toe) / ~4.2 (Djambi), crosses 0.1
// after ~25 / ~12 steps and is ~2e-3 / ~7e-4 after 100 steps: a margin of 50x.
void expect_learns(const Game& game, const Targets& t, int steps) {
  constexpr double kBound = 0.1;
  PolicyValueNet net(config_for(game, "", 16, 1));
  net->train();
  torch::optim::Adam adam(net->parameters(), torch::optim::AdamOptions(1e-2));
  double initial = 0, final_loss = 0;
  for (int step = 0; step < steps; ++step) {
    adam.zero_grad();
    const auto loss = loss_of(net->forward(t.obs), t);
    if (step == 0) initial = loss.item<double>();
    loss.backward();
    adam.step();
  }
  {
    torch::NoGradGuard no_grad;
    final_loss = loss_of(net->forward(t.obs), t).item<double>();
  }
  EXPECT_GT(initial, 10 * kBound) << "the initial loss should be far above the bound";
  EXPECT_LT(final_loss, kBound) << "initial loss " << initial;

  // In eval mode (running BatchNorm statistics) the learnt policy picks every target action.
  net->eval();
  torch::NoGradGuard no_grad;
  const auto logits = net->forward(t.obs).policy_logits.masked_fill(t.mask.logical_not(), -1e30);
  EXPECT_TRUE(torch::equal(logits.argmax(1), t.action));
}

TEST_F(NetsTest, LearnsTicTacToeTargets) {
  TicTacToeGame game;
  expect_learns(game, make_targets(game, 8, 1, 17), 100);
}

TEST_F(NetsTest, LearnsDjambiTargets) {
  DjambiGame game;
  expect_learns(game, make_targets(game, 8, 3, 17), 100);
}

}  // namespace
}  // namespace djambi::nets_test
