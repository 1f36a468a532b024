// Pipelined batched search (BatchedSearch with several groups, the accelerator's mode): the
// same search as in turn, the evaluator called from one other thread at a time, batches in
// flight together, and a failed evaluation passed on with the trees still usable.
#include <gtest/gtest.h>

#include <tbb/global_control.h>

#include <atomic>
#include <stdexcept>
#include <thread>

#include "env/djambi/game.h"
#include "env/random.h"
#include "env/tictactoe/game.h"
#include "mcts/batched_search.h"

namespace djambi {
namespace {

// Priors and values that are a function of the position alone (and not uniform, so that they
// steer the search); it notes the largest batch, who called and whether two calls overlapped.
class PositionEvaluator : public Evaluator {
 public:
  void evaluate(const EvalBatch& b) override {
    if (inside_.fetch_add(1) != 0) overlapped = true;
    if (std::this_thread::get_id() == caller) from_caller = true;
    largest = std::max(largest.load(), b.size);
    ++calls;
    if (fail_at_call > 0 && calls == fail_at_call) {
      inside_.fetch_sub(1);
      throw std::runtime_error("device lost");
    }
    for (int i = 0; i < b.size; ++i) {
      const GameState& s = *b.states[i];
      uint64_t h = s.hash();
      const int actions = s.num_actions(), players = s.num_players();
      float* priors = b.priors + static_cast<size_t>(i) * actions;
      float sum = 0;
      for (int a = 0; a < actions; ++a) {
        h = h * 6364136223846793005ULL + 1442695040888963407ULL;
        priors[a] = b.legal_masks[static_cast<size_t>(i) * actions + a] ? 0.1f + static_cast<float>(h >> 60) : 0.0f;
        sum += priors[a];
      }
      for (int a = 0; a < actions; ++a) priors[a] /= sum;
      for (int p = 0; p < players; ++p)
        b.values[i * players + p] = static_cast<float>((h >> (8 * p)) & 0xFF) / 127.5f - 1.0f;
    }
    inside_.fetch_sub(1);
  }
  bool needs_observations() const override { return false; }
  std::string describe() const override { return "position"; }

  std::thread::id caller = std::this_thread::get_id();
  std::atomic<bool> overlapped{false}, from_caller{false};
  std::atomic<int> largest{0}, calls{0};
  int fail_at_call = 0;

 private:
  std::atomic<int> inside_{0};
};

// `count` trees at Djambi positions a few random decisions from the start, one seed each.
std::vector<std::unique_ptr<Tree>> djambi_trees(int count) {
  std::vector<std::unique_ptr<Tree>> trees;
  DjambiGame game;
  for (int t = 0; t < count; ++t) {
    auto state = game.new_initial_state();
    Rng rng(static_cast<uint64_t>(100 + t));
    for (int d = 0; d < 4 * (t % 5); ++d) {
      const auto legal = state->legal_actions();
      state->apply_action(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
    }
    SearchConfig config;
    config.seed = static_cast<uint64_t>(t);
    trees.push_back(std::make_unique<Tree>(config, std::move(state)));
  }
  return trees;
}

std::vector<Tree*> pointers(const std::vector<std::unique_ptr<Tree>>& trees) {
  std::vector<Tree*> p;
  for (const auto& t : trees) p.push_back(t.get());
  return p;
}

// Playouts differ by tree, so that the groups finish at different rounds.
std::vector<int> playouts(size_t trees) {
  std::vector<int> sims;
  for (size_t t = 0; t < trees; ++t) sims.push_back(20 + 7 * static_cast<int>(t % 6));
  return sims;
}

TEST(PipelinedSearch, SearchesExactlyAsInTurn) {
  constexpr int kTrees = 11;
  auto reference = djambi_trees(kTrees);
  PositionEvaluator evaluator;
  BatchedSearch in_turn(evaluator, 2);
  in_turn.run(pointers(reference), playouts(kTrees));
  EXPECT_EQ(in_turn.timings().most_in_flight, 1);
  for (int groups : {2, 3, 11, 40}) {
    auto trees = djambi_trees(kTrees);
    BatchedSearch pipelined(evaluator, 2, groups);
    pipelined.run(pointers(trees), playouts(kTrees));
    EXPECT_EQ(pipelined.timings().most_in_flight, std::min(groups, kTrees)) << groups << " groups";
    EXPECT_EQ(pipelined.timings().evaluations, in_turn.timings().evaluations) << groups << " groups";
    for (int t = 0; t < kTrees; ++t) {
      EXPECT_EQ(trees[t]->root_visit_counts(), reference[t]->root_visit_counts()) << "tree " << t << ", " << groups << " groups";
      EXPECT_EQ(trees[t]->root_values(), reference[t]->root_values()) << "tree " << t << ", " << groups << " groups";
    }
  }
}

// ThreadSanitizer runs this one (scripts/test.sh): with TBB on the caller's thread alone (Debian's
// TBB is not instrumented), the only threads are the caller's and the evaluator's.
TEST(PipelinedSearch, CallsTheEvaluatorFromOneOtherThreadAtATimeWithAGroupsBatch) {
  tbb::global_control one_thread(tbb::global_control::max_allowed_parallelism, 1);
  constexpr int kTrees = 12;
  auto trees = djambi_trees(kTrees);
  PositionEvaluator evaluator;
  BatchedSearch pipelined(evaluator, 2, 3);
  pipelined.run(pointers(trees), playouts(kTrees));
  EXPECT_FALSE(evaluator.from_caller) << "pipelined: the caller's thread does the tree work";
  EXPECT_FALSE(evaluator.overlapped) << "two evaluator calls at once";
  EXPECT_LE(evaluator.largest, 2 * kTrees / 3) << "a batch holds one group's leaves";
  EXPECT_GT(evaluator.largest, 2);
  EXPECT_EQ(pipelined.timings().rounds, evaluator.calls);
}

TEST(PipelinedSearch, AFailedEvaluationIsPassedOnAndTheTreesStayUsable) {
  constexpr int kTrees = 9;
  auto trees = djambi_trees(kTrees);
  PositionEvaluator failing;
  failing.fail_at_call = 5;
  BatchedSearch pipelined(failing, 2, 3);
  try {
    pipelined.run(pointers(trees), playouts(kTrees));
    FAIL() << "the evaluator's error was lost";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "device lost");
  }
  // No leaf is left waiting: the next search adds exactly its playouts to every root.
  std::vector<int> before;
  for (const auto& t : trees) before.push_back(t->root_visits());
  PositionEvaluator working;
  BatchedSearch(working, 2, 3).run(pointers(trees), std::vector<int>(kTrees, 30));
  for (int t = 0; t < kTrees; ++t) {
    EXPECT_EQ(trees[t]->root_visits(), before[t] + 30) << "tree " << t;
    for (int32_t c = 0; c < trees[t]->root().num_children; ++c)
      EXPECT_EQ(trees[t]->node(trees[t]->root().first_child + c).stats.virtual_visits, 0);
  }
}

TEST(PipelinedSearch, MoreGroupsThanTreesAndNoTrees) {
  TicTacToeGame game;
  SearchConfig config;
  Tree tree(config, game.new_initial_state());
  PositionEvaluator evaluator;
  BatchedSearch pipelined(evaluator, 1, 4);
  pipelined.run({}, {});
  pipelined.run({&tree}, {50});
  EXPECT_EQ(tree.root_visits(), 50);
  EXPECT_EQ(pipelined.timings().most_in_flight, 1);
}

}  // namespace
}  // namespace djambi
