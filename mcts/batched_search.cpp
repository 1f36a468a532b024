#include "mcts/batched_search.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <chrono>

namespace djambi {

namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

}  // namespace

BatchedSearch::BatchedSearch(Evaluator& evaluator, int leaves_per_tree)
    : evaluator_(evaluator), leaves_per_tree_(std::max(1, leaves_per_tree)) {}

void BatchedSearch::run(const std::vector<Tree*>& trees, const std::vector<int>& simulations) {
  const size_t num_trees = trees.size();
  if (num_trees == 0) return;
  const bool with_observations = evaluator_.needs_observations();
  std::vector<int> done(num_trees, 0);
  for (Tree* t : trees) t->prepare_search();
  LeafBatch& batch = batch_;
  while (true) {
    auto t0 = Clock::now();
    // 1. Select leaves in every unfinished tree; slot range [i * L, (i + 1) * L) is tree i's.
    const size_t slots_per_tree = static_cast<size_t>(leaves_per_tree_);
    leaves_.resize(num_trees * slots_per_tree);
    leaf_count_.assign(num_trees, 0);
    tbb::parallel_for(size_t(0), num_trees, [&](size_t i) {
      Tree& tree = *trees[i];
      for (size_t k = 0; k < slots_per_tree && done[i] + leaf_count_[i] < simulations[i]; ++k) {
        Leaf& leaf = leaves_[i * slots_per_tree + static_cast<size_t>(leaf_count_[i])];
        const auto result = tree.select_leaf(leaf);
        if (result == Tree::Selection::kEvaluate) ++leaf_count_[i];
        else if (result == Tree::Selection::kTerminal) ++done[i];
        else break;
      }
    });
    // 2. Dense rows for the evaluator.
    std::vector<std::pair<size_t, size_t>> rows;  // (tree, slot)
    for (size_t i = 0; i < num_trees; ++i)
      for (int k = 0; k < leaf_count_[i]; ++k) rows.emplace_back(i, i * slots_per_tree + static_cast<size_t>(k));
    bool all_done = true;
    for (size_t i = 0; i < num_trees; ++i) all_done &= done[i] >= simulations[i];
    if (rows.empty()) {
      timings_.tree_seconds += seconds_since(t0);
      if (all_done) return;
      continue;  // only terminal playouts this round
    }
    batch.prepare(*leaves_[rows[0].second].state, rows.size(), with_observations);
    tbb::parallel_for(size_t(0), rows.size(), [&](size_t r) {
      batch.encode(r, *leaves_[rows[r].second].state, with_observations);
    });
    timings_.tree_seconds += seconds_since(t0);
    // 3. One evaluation for every leaf of every tree.
    t0 = Clock::now();
    try {
      const EvalBatch view = batch.view(rows.size(), with_observations);
      evaluator_.evaluate(view);
      check_evaluation(view, evaluator_);
    } catch (...) {  // the trees stay usable: no leaf is left waiting
      for (const auto& [tree, slot] : rows) trees[tree]->abandon(leaves_[slot]);
      throw;
    }
    timings_.evaluate_seconds += seconds_since(t0);
    timings_.evaluations += static_cast<long long>(rows.size());
    ++timings_.rounds;
    // 4. Back up, tree by tree.
    t0 = Clock::now();
    std::vector<size_t> first_row(num_trees + 1, 0);
    for (size_t i = 0; i < num_trees; ++i) first_row[i + 1] = first_row[i] + static_cast<size_t>(leaf_count_[i]);
    const size_t actions = static_cast<size_t>(trees[0]->root_state().num_actions());
    const size_t players = static_cast<size_t>(trees[0]->num_players());
    tbb::parallel_for(size_t(0), num_trees, [&](size_t i) {
      for (size_t r = first_row[i]; r < first_row[i + 1]; ++r) {
        trees[i]->expand_and_backup(leaves_[rows[r].second], &batch.priors[r * actions], &batch.values[r * players]);
        ++done[i];
      }
    });
    timings_.tree_seconds += seconds_since(t0);
  }
}

}  // namespace djambi
