// search_tree_parallel (declared in batched_search.h): workers share one tree through its node
// locks (tree.h). A worker that finds only leaves already waiting for another worker's
// evaluation sleeps until some evaluation is backed up, instead of spinning.
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "mcts/batched_search.h"

namespace djambi {

namespace {

class ParallelSearch {
 public:
  ParallelSearch(Tree& tree, Evaluator& evaluator, int simulations)
      : tree_(tree), evaluator_(evaluator), left_(simulations) {}

  // One worker's loop; never throws (a failure is kept for rethrow_failure and stops the others).
  void work(int leaves_per_worker) noexcept {
    try {
      run(static_cast<size_t>(std::max(1, leaves_per_worker)));
    } catch (...) {
      fail(std::current_exception());
    }
  }
  void fail(std::exception_ptr error) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!failure_) failure_ = error;
      failed_ = true;
    }
    progress_.notify_all();
  }
  void rethrow_failure() const {
    if (failure_) std::rethrow_exception(failure_);
  }

 private:
  void run(size_t leaves_per_call) {
    const bool with_observations = evaluator_.needs_observations();
    const size_t actions = static_cast<size_t>(tree_.root_state().num_actions());
    const size_t players = static_cast<size_t>(tree_.num_players());
    LeafBatch batch;
    std::vector<Leaf> leaves(leaves_per_call);
    while (true) {
      const uint64_t seen = backups();
      size_t n = 0, backed_up = 0;
      try {
        bool collided = false;
        while (n < leaves.size() && claim()) {
          const auto result = tree_.select_leaf(leaves[n]);
          if (result == Tree::Selection::kCollision) {
            left_.fetch_add(1);  // the playout was not made
            collided = true;
            break;
          }
          if (result == Tree::Selection::kEvaluate) ++n;
        }
        if (n == 0) {
          if (!collided) return;  // no playout left to make, none of ours waiting
          // Only leaves of other workers, which they are evaluating: wait for one to be backed up.
          wait_for_backup(seen);
          continue;
        }
        batch.prepare(*leaves[0].state, n, with_observations);
        for (size_t k = 0; k < n; ++k) batch.encode(k, *leaves[k].state, with_observations);
        const EvalBatch view = batch.view(n, with_observations);
        evaluator_.evaluate(view);
        check_evaluation(view, evaluator_);
        for (; backed_up < n; ++backed_up)
          tree_.expand_and_backup(leaves[backed_up], &batch.priors[backed_up * actions], &batch.values[backed_up * players]);
      } catch (...) {  // no leaf of ours may stay waiting: others would wait for it forever
        for (size_t k = backed_up; k < n; ++k) tree_.abandon(leaves[k]);
        throw;
      }
      {
        std::lock_guard<std::mutex> lock(mutex_);
        ++backups_;
      }
      progress_.notify_all();
    }
  }

  // Takes one playout of the budget: false when none is left or a worker failed.
  bool claim() {
    if (failed_.load()) return false;
    int left = left_.load();
    while (left > 0 && !left_.compare_exchange_weak(left, left - 1)) {
    }
    return left > 0;
  }
  uint64_t backups() {
    std::lock_guard<std::mutex> lock(mutex_);
    return backups_;
  }
  void wait_for_backup(uint64_t seen) {
    std::unique_lock<std::mutex> lock(mutex_);
    progress_.wait(lock, [&] { return backups_ != seen || failed_.load(); });
  }

  Tree& tree_;
  Evaluator& evaluator_;
  std::atomic<int> left_;  // playouts not yet handed out
  std::atomic<bool> failed_{false};
  std::mutex mutex_;  // guards backups_ and failure_
  std::condition_variable progress_;
  uint64_t backups_ = 0;  // evaluated batches backed up so far
  std::exception_ptr failure_;
};

}  // namespace

void search_tree_parallel(Tree& tree, Evaluator& evaluator, int simulations, int workers,
                          int leaves_per_worker) {
  tree.prepare_search();
  ParallelSearch search(tree, evaluator, simulations);
  std::vector<std::thread> threads;
  try {
    for (int w = 1; w < workers; ++w) threads.emplace_back([&] { search.work(leaves_per_worker); });
  } catch (...) {  // a thread that could not start: the started ones stop at once
    search.fail(std::current_exception());
  }
  search.work(leaves_per_worker);
  for (std::thread& t : threads) t.join();
  search.rethrow_failure();
}

}  // namespace djambi
