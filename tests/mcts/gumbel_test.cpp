// Gumbel root search: the sequential-halving schedule, sigma, completed Q and the improved
// policy against hand-computed values, and a whole search on a two-move tic-tac-toe position.
#include "mcts/gumbel.h"

#include <gtest/gtest.h>

#include <cmath>

#include "env/tictactoe.h"
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

}  // namespace
}  // namespace djambi
