// Many threads in one tree (search_tree_parallel), and evaluations the search must refuse.
// The TreeParallel tests create their threads themselves (no TBB), so that the ThreadSanitizer
// job, which runs the tests named *Evaluator*, checks the tree's locking too.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <random>

#include "env/djambi/game.h"
#include "env/djambi/notation.h"
#include "env/tictactoe/game.h"
#include "mcts/basic_evaluators.h"
#include "mcts/batched_search.h"
#include "mcts/queued_evaluator.h"

namespace djambi {
namespace {

SearchConfig config_with(uint64_t seed) {
  SearchConfig c;
  c.seed = seed;
  return c;
}

std::unique_ptr<GameState> djambi_start() {
  return std::make_unique<DjambiState>(Position::start(), RewardScheme::kWinner);
}

// Every playout counted once and nothing left under way: an expanded node's visits are its
// children's plus the evaluation that expanded it; a node never evaluated has none.
void expect_consistent(const Tree& tree, const Node& node) {
  EXPECT_EQ(node.stats.virtual_visits, 0);
  if (!node.expanded) {
    EXPECT_EQ(node.stats.visits, 0);
    return;
  }
  if (node.terminal) return;
  int children = 0;
  for (int32_t k = 0; k < node.num_children; ++k) {
    const Node& c = tree.node(node.first_child + k);
    children += c.stats.visits;
    expect_consistent(tree, c);
  }
  EXPECT_EQ(node.stats.visits, children + 1);
}

// Passes another evaluator's results on, but NaN values from call `bad_call` on. Thread-safe
// when the inner one is.
class NanAfter : public Evaluator {
 public:
  NanAfter(Evaluator& inner, int bad_call) : inner_(inner), bad_call_(bad_call) {}
  void evaluate(const EvalBatch& b) override {
    inner_.evaluate(b);
    if (calls_.fetch_add(1) + 1 < bad_call_) return;
    b.values[0] = std::numeric_limits<float>::quiet_NaN();
  }
  bool needs_observations() const override { return false; }
  std::string describe() const override { return "nan-after"; }

 private:
  Evaluator& inner_;
  const int bad_call_;
  std::atomic<int> calls_{0};
};

TEST(TreeParallel, ManyWorkersWithAQueuedEvaluatorLoseNoPlayout) {
  auto rollouts = std::make_shared<RolloutEvaluator>(1, 200, 5);
  QueuedEvaluator queued(rollouts, 16, std::chrono::microseconds(300));
  Tree tree(config_with(1), djambi_start());
  search_tree_parallel(tree, queued, 600, 8, 2);
  EXPECT_EQ(tree.root_visits(), 600);
  expect_consistent(tree, tree.root());
  // A second search in the same tree adds exactly its playouts again.
  search_tree_parallel(tree, queued, 300, 8, 2);
  EXPECT_EQ(tree.root_visits(), 900);
  expect_consistent(tree, tree.root());
}

// A Gumbel root search keeps its sequential-halving state under the root's lock: many workers
// lose no playout, and the move and the improved policy come out of the considered actions.
TEST(TreeParallel, GumbelRootWithAQueuedEvaluatorLosesNoPlayout) {
  auto rollouts = std::make_shared<RolloutEvaluator>(1, 200, 5);
  QueuedEvaluator queued(rollouts, 16, std::chrono::microseconds(300));
  SearchConfig c = config_with(3);
  c.gumbel = true;
  c.gumbel_considered = 4;
  c.root_noise = true;  // Gumbel noise: the move is the survivor of the halving
  c.simulations = 400;
  Tree tree(c, djambi_start());
  search_tree_parallel(tree, queued, 400, 8, 2);
  EXPECT_EQ(tree.root_visits(), 400);
  expect_consistent(tree, tree.root());
  int searched = 0;
  for (const auto& [action, visits] : tree.root_visit_counts()) searched += visits > 0;
  EXPECT_LE(searched, 4);
  std::mt19937_64 rng(1);
  const Action chosen = tree.choose_action(0.0f, rng);
  float total = 0.0f;
  for (const auto& [action, share] : tree.policy_target()) total += share;
  EXPECT_NEAR(total, 1.0f, 1e-4f);
  bool chosen_searched = false;
  for (const auto& [action, visits] : tree.root_visit_counts()) chosen_searched |= action == chosen && visits > 0;
  EXPECT_TRUE(chosen_searched) << "chose " << chosen;
}

TEST(TreeParallel, ManyWorkersWithAThreadSafeEvaluatorFinishGamesToo) {
  // Tic-tac-toe: small enough that most playouts end in finished games and workers collide.
  UniformEvaluator uniform;  // stateless, so safe to call from every worker at once
  Tree tree(config_with(2), TicTacToeState::from_string("x...o....").clone());
  search_tree_parallel(tree, uniform, 3000, 8, 4);
  EXPECT_EQ(tree.root_visits(), 3000);
  expect_consistent(tree, tree.root());
}

TEST(TreeParallel, SolverProofsWithManyWorkers) {
  // x to move wins by force after r0c2; every other move loses at once. The proofs are written
  // under the parents' locks while other workers select through them.
  UniformEvaluator uniform;
  SearchConfig c = config_with(4);
  c.solver = true;
  Tree tree(c, TicTacToeState::from_string("oo..x...x").clone());
  search_tree_parallel(tree, uniform, 3000, 8, 4);
  EXPECT_EQ(tree.root_visits(), 3000);
  EXPECT_EQ(tree.root().stats.virtual_visits, 0);
  ASSERT_TRUE(tree.root_proven());
  EXPECT_EQ(tree.root_values()[0], 1.0f);
  std::mt19937_64 rng(1);
  EXPECT_EQ(tree.choose_action(0.0f, rng), 2);
}

TEST(TreeParallel, NanFromTheEvaluatorStopsEveryWorkerWithANamedError) {
  UniformEvaluator uniform;
  NanAfter nan(uniform, 20);
  Tree tree(config_with(3), djambi_start());
  try {
    search_tree_parallel(tree, nan, 100000, 6, 2);
    FAIL() << "a NaN value was backed up";
  } catch (const EvaluatorError& e) {
    EXPECT_NE(std::string(e.what()).find("evaluator nan-after returned a non-finite value (nan)"), std::string::npos)
        << e.what();
  }
  // The failed leaves were given back: the tree takes a new search.
  expect_consistent(tree, tree.root());
  const int before = tree.root_visits();
  search_tree_parallel(tree, uniform, 50, 3, 2);
  EXPECT_EQ(tree.root_visits(), before + 50);
  expect_consistent(tree, tree.root());
}

TEST(Search, NonFiniteEvaluationsAreRefusedByNameAndTheTreeStaysUsable) {
  UniformEvaluator uniform;
  NanAfter nan(uniform, 5);
  Tree tree(config_with(4), djambi_start());
  BatchedSearch search(nan, 4);
  EXPECT_THROW(search.run({&tree}, {200}), EvaluatorError);
  expect_consistent(tree, tree.root());
  const int before = tree.root_visits();
  BatchedSearch(uniform, 4).run({&tree}, {40});
  EXPECT_EQ(tree.root_visits(), before + 40);
  expect_consistent(tree, tree.root());
}

TEST(Search, NanSettingsStillChooseALegalAction) {
  // Every PUCT score is NaN: the search must still descend to real children (it used to step
  // outside the tree and play an action out of range).
  SearchConfig c = config_with(5);
  c.c_puct = std::numeric_limits<float>::quiet_NaN();
  UniformEvaluator uniform;
  const TicTacToeState start;
  Tree tree(c, start.clone());
  BatchedSearch(uniform).run({&tree}, {200});
  std::mt19937_64 rng(1);
  const auto legal = start.legal_actions();
  EXPECT_NE(std::find(legal.begin(), legal.end(), tree.choose_action(0.0f, rng)), legal.end());
}

}  // namespace
}  // namespace djambi
