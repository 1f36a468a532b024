#pragma once
// Many games, one batch: the self-play path searches many trees at once. Each round collects
// leaves from every unfinished tree (TBB spreads the trees over the cores), encodes them into
// one contiguous batch, makes one evaluator call for all of them, and backs up (again spread
// over the cores).
// With one group (the CPU) tree work and the network never run at the same time, so LibTorch's
// threads and TBB's do not compete for the cores. With several groups (an accelerator) the
// trees are split and pipelined: while one group's batch is in the evaluator, on a thread of
// its own, the caller's threads back up and gather the other groups', so that the accelerator
// never waits for the tree work.
#include <memory>
#include <vector>

#include "mcts/evaluator.h"
#include "mcts/leaf_batch.h"
#include "mcts/tree.h"

namespace djambi {

struct SearchTimings {
  double tree_seconds = 0.0;      // selection, encoding, backup (the caller's threads)
  double evaluate_seconds = 0.0;  // inside the evaluator (overlaps the tree work when pipelined)
  double wall_seconds = 0.0;      // inside run()
  long long evaluations = 0;      // positions evaluated
  long long rounds = 0;           // evaluator calls
  int most_in_flight = 0;         // most batches gathered and not yet backed up at one time
};

class BatchedSearch {
 public:
  // `leaves_per_tree`: leaves gathered from each tree per round (virtual loss spreads them).
  // `groups`: batches in flight (1: no pipelining); at most one per tree.
  BatchedSearch(Evaluator& evaluator, int leaves_per_tree = 1, int groups = 1);
  ~BatchedSearch();

  // Adds simulations[i] playouts to trees[i], all trees together. Deterministic for given trees
  // and evaluator, whatever the number of threads and groups (for an evaluator whose result
  // for a position does not depend on the rest of its batch). An evaluator's exception, or an
  // evaluation that fails check_evaluation (EvaluatorError), is passed on; the trees stay
  // usable. When pipelined the evaluator is called from another thread than the caller's, one
  // call at a time.
  void run(const std::vector<Tree*>& trees, const std::vector<int>& simulations);
  const SearchTimings& timings() const { return timings_; }
  int groups() const { return groups_; }

 private:
  struct Group;  // some of the trees, with their leaves and batch (batched_search.cpp)
  struct Round;  // one run()'s trees and playouts done
  // Selects and encodes the group's next leaves; false when its trees are done.
  bool gather(Group& group, Round& round);
  // The evaluator's call for the group's batch; an exception is kept in the group.
  void evaluate(Group& group);
  // Backs the group's evaluations up (or, after a failed evaluation, abandons its leaves).
  void backup(Group& group, Round& round);
  void run_in_turn(Group& group, Round& round);
  void run_pipelined(size_t groups, Round& round);

  Evaluator& evaluator_;
  int leaves_per_tree_;
  int groups_;
  bool with_observations_ = true;
  SearchTimings timings_;
  std::vector<std::unique_ptr<Group>> group_buffers_;  // reused between runs
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
