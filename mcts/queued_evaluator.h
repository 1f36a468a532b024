#pragma once
// Many threads, one batch: requests from concurrent callers are collected until the batch
// holds `max_batch` positions or `max_wait` has passed since the first one arrived, then
// evaluated together by one worker thread (as OpenSpiel's and lc0's batching backends do).
// evaluate() is thread-safe and blocks until its own results are written. An exception of the
// inner evaluator reaches every caller whose positions were in that batch; the worker carries on.
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

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
    const EvalBatch* batch;
    bool done = false;
    std::exception_ptr error;  // set with done when the inner evaluator threw
  };
  void run();
  void evaluate_together(const std::vector<Request*>& requests);

  std::shared_ptr<Evaluator> inner_;
  const int max_batch_;
  const std::chrono::microseconds max_wait_;
  mutable std::mutex mutex_;
  std::condition_variable work_ready_;
  std::condition_variable work_done_;
  std::deque<Request*> queue_;
  int queued_positions_ = 0;
  bool stopping_ = false;
  uint64_t inner_calls_ = 0;
  uint64_t positions_ = 0;
  LeafBatch gathered_;  // used by the worker thread only
  std::thread worker_;
};

}  // namespace djambi
