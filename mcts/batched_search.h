#pragma once
// Many games, one batch: the self-play path searches many trees at once. Each round collects
// leaves from every unfinished tree (TBB spreads the trees over the cores), encodes them into
// one contiguous batch, makes one evaluator call for all of them, and backs up (again spread
// over the cores). Tree work and the network never run at the same time, so LibTorch's
// threads and TBB's do not compete for the cores.
#include <vector>

#include "mcts/evaluator.h"
#include "mcts/leaf_batch.h"
#include "mcts/tree.h"

namespace djambi {

struct SearchTimings {
  double tree_seconds = 0.0;      // selection, encoding, backup
  double evaluate_seconds = 0.0;  // inside the evaluator
  long long evaluations = 0;      // positions evaluated
  long long rounds = 0;
};

class BatchedSearch {
 public:
  // `leaves_per_tree`: leaves gathered from each tree per round (virtual loss spreads them).
  BatchedSearch(Evaluator& evaluator, int leaves_per_tree = 1);

  // Adds simulations[i] playouts to trees[i], all trees together. Deterministic for given trees
  // and evaluator, whatever the number of threads. An evaluator's exception, or an evaluation
  // that fails check_evaluation (EvaluatorError), is passed on; the trees stay usable.
  void run(const std::vector<Tree*>& trees, const std::vector<int>& simulations);
  const SearchTimings& timings() const { return timings_; }

 private:
  Evaluator& evaluator_;
  int leaves_per_tree_;
  SearchTimings timings_;
  // Reused between rounds.
  std::vector<Leaf> leaves_;
  std::vector<int> leaf_count_;
  LeafBatch batch_;
};

// One tree, many threads (play and analysis): `workers` threads (the caller's among them)
// descend the same tree with virtual loss, each gathering `leaves_per_worker` leaves per
// evaluator call; the evaluator must be thread-safe (a QueuedEvaluator merges the workers'
// requests into one batch). Adds at least `simulations` playouts. The first exception of a
// worker (EvaluatorError for non-finite results) stops the others and is passed on once they
// are done; the tree stays usable. tree_parallel.cpp.
void search_tree_parallel(Tree& tree, Evaluator& evaluator, int simulations, int workers,
                          int leaves_per_worker);

}  // namespace djambi
