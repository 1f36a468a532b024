#include "mcts/batched_search.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <functional>
#include <thread>

#include "env/threads/bounded_queue.h"

namespace djambi {

namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// One thread that evaluates the groups handed to it, in order, and hands them back. Its
// destructor finishes the groups already handed over.
template <class Item>
class WorkThread {
 public:
  explicit WorkThread(std::function<void(Item&)> work)
      : work_(std::move(work)), thread_([this] {
          while (auto item = todo_.pop()) {
            work_(**item);  // does not throw: BatchedSearch::evaluate keeps the exception
            done_.push(*item);
          }
        }) {}
  ~WorkThread() {
    todo_.close();
    thread_.join();
  }
  void submit(Item& item) { todo_.push(&item); }
  // The next item done (blocks until there is one).
  Item& wait_done() { return **done_.pop(); }

 private:
  std::function<void(Item&)> work_;
  BoundedQueue<Item*> todo_, done_;
  std::thread thread_;  // last: starts once the rest is built
};

}  // namespace

struct BatchedSearch::Group {
  size_t begin = 0, end = 0;      // its trees: [begin, end) of run()'s
  std::vector<Leaf> leaves;       // tree begin + j owns slots [j * L, (j + 1) * L)
  std::vector<int> leaf_count;    // by tree of the group
  std::vector<std::pair<size_t, size_t>> rows;  // (tree of the group, slot) of each batch row
  LeafBatch batch;
  std::exception_ptr error;       // of its last evaluation
  double evaluate_seconds = 0;    // of its last evaluation
};

struct BatchedSearch::Round {
  const std::vector<Tree*>& trees;
  const std::vector<int>& simulations;
  std::vector<int> done;  // playouts finished, by tree (each group writes its own trees')
};

BatchedSearch::BatchedSearch(Evaluator& evaluator, int leaves_per_tree, int groups)
    : evaluator_(evaluator), leaves_per_tree_(std::max(1, leaves_per_tree)), groups_(std::max(1, groups)) {}

BatchedSearch::~BatchedSearch() = default;

void BatchedSearch::run(const std::vector<Tree*>& trees, const std::vector<int>& simulations) {
  const size_t num_trees = trees.size();
  if (num_trees == 0) return;
  const auto start = Clock::now();
  with_observations_ = evaluator_.needs_observations();
  for (Tree* t : trees) t->prepare_search();
  Round round{trees, simulations, std::vector<int>(num_trees, 0)};
  const size_t groups = std::min(static_cast<size_t>(groups_), num_trees);
  while (group_buffers_.size() < groups) group_buffers_.push_back(std::make_unique<Group>());
  for (size_t g = 0; g < groups; ++g) {  // contiguous, as equal as can be
    group_buffers_[g]->begin = num_trees * g / groups;
    group_buffers_[g]->end = num_trees * (g + 1) / groups;
  }
  struct AddWallTime {
    SearchTimings& timings;
    Clock::time_point start;
    ~AddWallTime() { timings.wall_seconds += seconds_since(start); }
  } wall{timings_, start};
  if (groups == 1) run_in_turn(*group_buffers_[0], round);
  else run_pipelined(groups, round);
}

bool BatchedSearch::gather(Group& group, Round& round) {
  const auto t0 = Clock::now();
  const size_t per_tree = static_cast<size_t>(leaves_per_tree_);
  const size_t n = group.end - group.begin;
  group.leaves.resize(n * per_tree);
  group.rows.clear();
  while (group.rows.empty()) {
    group.leaf_count.assign(n, 0);
    tbb::parallel_for(size_t(0), n, [&](size_t j) {
      const size_t i = group.begin + j;
      Tree& tree = *round.trees[i];
      int& count = group.leaf_count[j];
      for (size_t k = 0; k < per_tree && round.done[i] + count < round.simulations[i]; ++k) {
        const auto result = tree.select_leaf(group.leaves[j * per_tree + static_cast<size_t>(count)]);
        if (result == Tree::Selection::kEvaluate) ++count;
        else if (result == Tree::Selection::kTerminal) ++round.done[i];
        else break;
      }
    });
    for (size_t j = 0; j < n; ++j)
      for (int k = 0; k < group.leaf_count[j]; ++k) group.rows.emplace_back(j, j * per_tree + static_cast<size_t>(k));
    if (!group.rows.empty()) break;
    bool all_done = true;  // else only terminal playouts this round: select again
    for (size_t i = group.begin; i < group.end; ++i) all_done &= round.done[i] >= round.simulations[i];
    if (all_done) {
      timings_.tree_seconds += seconds_since(t0);
      return false;
    }
  }
  group.batch.prepare(*group.leaves[group.rows[0].second].state, group.rows.size(), with_observations_);
  tbb::parallel_for(size_t(0), group.rows.size(), [&](size_t r) {
    group.batch.encode(r, *group.leaves[group.rows[r].second].state, with_observations_);
  });
  timings_.tree_seconds += seconds_since(t0);
  return true;
}

void BatchedSearch::evaluate(Group& group) {
  const auto t0 = Clock::now();
  group.error = nullptr;
  try {
    const EvalBatch view = group.batch.view(group.rows.size(), with_observations_);
    evaluator_.evaluate(view);
    check_evaluation(view, evaluator_);
  } catch (...) {
    group.error = std::current_exception();
  }
  group.evaluate_seconds = seconds_since(t0);
}

void BatchedSearch::backup(Group& group, Round& round) {
  const auto t0 = Clock::now();
  timings_.evaluate_seconds += group.evaluate_seconds;
  if (group.error) {  // the trees stay usable: no leaf is left waiting
    for (const auto& [j, slot] : group.rows) round.trees[group.begin + j]->abandon(group.leaves[slot]);
    timings_.tree_seconds += seconds_since(t0);
    return;
  }
  timings_.evaluations += static_cast<long long>(group.rows.size());
  ++timings_.rounds;
  const size_t n = group.end - group.begin;
  std::vector<size_t> first_row(n + 1, 0);
  for (size_t j = 0; j < n; ++j) first_row[j + 1] = first_row[j] + static_cast<size_t>(group.leaf_count[j]);
  const size_t actions = group.batch.actions, players = group.batch.players;
  tbb::parallel_for(size_t(0), n, [&](size_t j) {
    const size_t i = group.begin + j;
    for (size_t r = first_row[j]; r < first_row[j + 1]; ++r) {
      round.trees[i]->expand_and_backup(group.leaves[group.rows[r].second], &group.batch.priors[r * actions],
                                        &group.batch.values[r * players]);
      ++round.done[i];
    }
  });
  timings_.tree_seconds += seconds_since(t0);
}

void BatchedSearch::run_in_turn(Group& group, Round& round) {
  timings_.most_in_flight = std::max(timings_.most_in_flight, 1);
  while (gather(group, round)) {
    evaluate(group);
    backup(group, round);
    if (group.error) std::rethrow_exception(group.error);
  }
}

void BatchedSearch::run_pipelined(size_t groups, Round& round) {
  WorkThread<Group> evaluations([this](Group& group) { evaluate(group); });
  int in_flight = 0;
  std::exception_ptr error;  // the first failed evaluation: no group is sent again
  auto send = [&](Group& group) {
    if (error || !gather(group, round)) return;
    evaluations.submit(group);
    timings_.most_in_flight = std::max(timings_.most_in_flight, ++in_flight);
  };
  try {
    for (size_t g = 0; g < groups; ++g) send(*group_buffers_[g]);
    // While the evaluator works on one group's batch, this thread (and TBB's) backs up the
    // group it returned last and gathers that group's next batch.
    while (in_flight > 0) {
      Group& group = evaluations.wait_done();
      --in_flight;
      backup(group, round);
      if (group.error && !error) error = group.error;
      send(group);
    }
  } catch (...) {  // tree work failed: the batches still out are waited for and abandoned
    for (; in_flight > 0; --in_flight) {
      Group& group = evaluations.wait_done();
      group.error = std::current_exception();
      backup(group, round);
    }
    throw;
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace djambi
