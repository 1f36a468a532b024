// Gumbel root search: the sequential-halving schedule, sigma, completed Q and the improved
// policy against hand-computed values, and a whole search on a two-move tic-tac-toe position.
#include "mcts/gumbel.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "env/tictactoe/game.h"
#include "mcts/basic_evaluators.h"
#include "mcts/batched_search.h"
#include "mcts/tree.h"

namespace djambi {
namespace {

TEST(Gumbel, SequentialHalvingSchedule) {
  // 4 actions, 16 playouts, 2 phases: 2 rounds of all four, then 4 rounds of the best two.
  EXPECT_EQ(gumbel::considered_visit_sequence(4, 16, 16),
            (std::vector<int>{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5}));
  // Fewer playouts than actions: one each while they last.
  EXPECT_EQ(gumbel::considered_visit_sequence(4, 2, 6), (std::vector<int>{0, 0, 0, 0, 1, 1}));
  EXPECT_EQ(gumbel::considered_visit_sequence(1, 5, 3), (std::vector<int>{0, 1, 2}));
}

TEST(Gumbel, SigmaCompletedQAndImprovedPolicy) {
  EXPECT_FLOAT_EQ(gumbel::sigma(0.0f, 3, 50.0f, 1.0f), 26.5f);
  EXPECT_FLOAT_EQ(gumbel::sigma(1.0f, 0, 50.0f, 0.1f), 5.0f);
  // v_mix = (0 + 2 / 0.5 * 0.5 * 1) / (1 + 2) = 2/3 for the unvisited actions.
  const auto completed = gumbel::completed_q({0.5f, 0.3f, 0.2f}, {1.0f, 0.0f, 0.0f}, {2, 0, 0}, 0.0f);
  ASSERT_EQ(completed.size(), 3u);
  EXPECT_FLOAT_EQ(completed[0], 1.0f);
  EXPECT_NEAR(completed[1], 2.0f / 3.0f, 1e-6);
  EXPECT_NEAR(completed[2], 2.0f / 3.0f, 1e-6);
  EXPECT_FLOAT_EQ(gumbel::completed_q({0.5f, 0.5f}, {0.0f, 0.0f}, {0, 0}, -0.25f)[1], -0.25f);
  // softmax(log 0.5 + 5.1, log 0.5 + 2.55) with sigma = (50 + 1) * 0.1 * (q + 1) / 2.
  const auto policy = gumbel::improved_policy({0.5f, 0.5f, 0.0f}, {1.0f, 0.0f, 1.0f}, 1, 50.0f, 0.1f);
  EXPECT_NEAR(policy[0], 1.0 / (1.0 + std::exp(-2.55)), 1e-5);
  EXPECT_NEAR(policy[1], 1.0 / (1.0 + std::exp(2.55)), 1e-5);
  EXPECT_EQ(policy[2], 0.0f);  // no prior, no mass
}

TEST(Gumbel, RootTargetOnATinyTree) {
  // O to move, two empty squares: c2 (index 5) completes O's middle row; a3 (index 2) does not.
  const TicTacToeState s = TicTacToeState::from_string("xx.oo.xox");
  SearchConfig c;
  c.gumbel = true;
  c.gumbel_considered = 2;
  c.gumbel_c_scale = 0.1f;
  c.simulations = 3;  // the root's own evaluation, then one playout for each move
  Tree tree(c, s.clone());
  UniformEvaluator uniform;  // priors 1/2 each, value 0
  BatchedSearch(uniform).run({&tree}, {3});
  ASSERT_EQ(tree.root_visits(), 3);
  for (const auto& [action, visits] : tree.root_visit_counts()) EXPECT_EQ(visits, 1) << action;
  // Q(index 2) = 0 (the evaluator's value), Q(index 5) = +1 (O wins): the improved policy is
  // softmax(log 1/2 + 51 * 0.1 * 1/2, log 1/2 + 51 * 0.1 * 1).
  const auto target = tree.policy_target();
  ASSERT_EQ(target.size(), 2u);
  EXPECT_EQ(target[0].first, 2);
  EXPECT_NEAR(target[0].second, 1.0 / (1.0 + std::exp(2.55)), 1e-5);
  EXPECT_EQ(target[1].first, 5);
  EXPECT_NEAR(target[1].second, 1.0 / (1.0 + std::exp(-2.55)), 1e-5);
  std::mt19937_64 rng(1);
  EXPECT_EQ(tree.choose_action(0.0f, rng), 5);
}

TEST(Gumbel, SharesThePlayoutsAmongTheConsideredMoves) {
  // The empty board, 9 moves, 4 considered, 1 + 32 playouts: only the considered moves are
  // searched, and the survivors of the halving have more playouts than the others.
  SearchConfig c;
  c.gumbel = true;
  c.gumbel_considered = 4;
  c.root_noise = true;
  c.simulations = 33;
  c.seed = 7;
  Tree tree(c, TicTacToeState().clone());
  RolloutEvaluator rollouts(2, 4, 3);
  BatchedSearch(rollouts).run({&tree}, {33});
  std::vector<int> visits;
  for (const auto& [action, n] : tree.root_visit_counts())
    if (n > 0) visits.push_back(n);
  ASSERT_EQ(visits.size(), 4u);
  std::sort(visits.begin(), visits.end());
  EXPECT_EQ(visits, (std::vector<int>{4, 4, 12, 12}));
  double sum = 0;
  for (const auto& [action, p] : tree.policy_target()) sum += p;
  EXPECT_NEAR(sum, 1.0, 1e-5);
  EXPECT_EQ(tree.policy_target().size(), 9u);  // every legal move keeps some mass
}

// Priors of 0.96 on the centre and 0.005 on each other move, values 0: a network sure of itself.
class SharpPriorEvaluator : public Evaluator {
 public:
  void evaluate(const EvalBatch& batch) override {
    const int actions = batch.states[0]->num_actions(), players = batch.states[0]->num_players();
    for (int i = 0; i < batch.size; ++i) {
      uniform_priors(batch.legal_masks + i * actions, actions, batch.priors + i * actions);
      float* p = batch.priors + i * actions;
      if (p[4] > 0.0f)
        for (int a = 0; a < actions; ++a) p[a] = a == 4 ? 0.96f : (p[a] > 0.0f ? 0.005f : 0.0f);
      for (int s = 0; s < players; ++s) batch.values[i * players + s] = 0.0f;
    }
  }
  bool needs_observations() const override { return false; }
  std::string describe() const override { return "sharp"; }
};

// The share of 400 searches (one playout per considered move) that play another move than the
// centre; the policy target is the same whatever the noise.
double share_off_the_prior(float noise_scale) {
  SharpPriorEvaluator sharp;
  int off = 0;
  for (uint64_t seed = 1; seed <= 400; ++seed) {
    SearchConfig c;
    c.gumbel = true;
    c.root_noise = true;
    c.gumbel_noise_scale = noise_scale;
    c.simulations = 9;
    c.seed = seed;
    Tree tree(c, TicTacToeState().clone());
    BatchedSearch(sharp).run({&tree}, {9});
    std::mt19937_64 rng(seed);
    off += tree.choose_action(0.0f, rng) != 4;
    for (const auto& [action, p] : tree.policy_target()) EXPECT_NEAR(p, action == 4 ? 0.96 : 0.005, 1e-5);
  }
  return off / 400.0;
}

TEST(Gumbel, NoiseScaleKeepsExploringASharpPrior) {
  // P(a Gumbel sample of the prior leaves the centre) = 0.04; at scale 2 the sample is of the
  // prior at temperature 2: 8 * sqrt(0.005) / (sqrt(0.96) + 8 * sqrt(0.005)) = 0.366.
  EXPECT_NEAR(share_off_the_prior(1.0f), 0.04, 0.03);
  EXPECT_NEAR(share_off_the_prior(2.0f), 0.366, 0.08);
  EXPECT_DOUBLE_EQ(share_off_the_prior(0.0f), 0.0);
}

}  // namespace
}  // namespace djambi
