#pragma once
// Many threads, one batch: requests from concurrent callers are collected until the batch
// holds `max_batch` positions or `max_wait` has passed since the first one arrived, then
// evaluated together by one worker thread (as OpenSpiel's and lc0's batching backends do).
// evaluate() is thread-safe and blocks until its own results are written. An exception of the
// inner evaluator reaches every caller whose positions were in that batch; the worker carries on.
#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "env/threads/bounded_queue.h"
#include "mcts/evaluator.h"
#include "mcts/leaf_batch.h"

namespace djambi {

class QueuedEvaluator : public Evaluator {
 public:
  QueuedEvaluator(std::shared_ptr<Evaluator> inner, int max_batch, std::chrono::microseconds max_wait);
  ~QueuedEvaluator() override;
  QueuedEvaluator(const QueuedEvaluator&) = delete;
  QueuedEvaluator& operator=(const QueuedEvaluator&) = delete;

  void evaluate(const EvalBatch& batch) override;
  bool needs_observations() const override { return inner_->needs_observations(); }
  std::string describe() const override { return "queued(" + inner_->describe() + ")"; }

  // Positions per inner evaluation so far, and positions evaluated in all.
  double mean_batch_size() const;
  uint64_t positions() const;

 private:
  struct Request {
    const EvalBatch* batch = nullptr;
    std::promise<void> done;  // set once the batch is evaluated, or the evaluation failed
    // Why it failed, thrown again by the caller on its own thread: an exception object shared
    // by several threads is freed through a reference count that libstdc++ keeps out of
    // ThreadSanitizer's sight (it reported the free racing with a caller's what()).
    std::optional<std::string> error;
    bool evaluator_error = false;  // the error was an EvaluatorError (its type is kept)
  };
  void run();
  // Whole requests up to max_batch positions (at least one), waiting at most max_wait after
  // the first for the batch to fill; none once the queue is closed and drained.
  std::vector<Request*> take_batch();
  void evaluate_together(const std::vector<Request*>& requests);

  std::shared_ptr<Evaluator> inner_;
  const int max_batch_;
  const std::chrono::microseconds max_wait_;
  BoundedQueue<Request*> queue_;
  std::atomic<uint64_t> inner_calls_{0};
  std::atomic<uint64_t> positions_{0};
  // Used by the worker thread only:
  Request* held_back_ = nullptr;  // taken from the queue, too large for the last batch
  LeafBatch gathered_;
  std::thread worker_;  // last: starts once the rest is built
};

}  // namespace djambi
