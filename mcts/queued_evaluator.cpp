#include "mcts/queued_evaluator.h"

namespace djambi {

QueuedEvaluator::QueuedEvaluator(std::shared_ptr<Evaluator> inner, int max_batch,
                                 std::chrono::microseconds max_wait)
    : inner_(std::move(inner)), max_batch_(max_batch), max_wait_(max_wait), worker_([this] { run(); }) {}

QueuedEvaluator::~QueuedEvaluator() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  work_ready_.notify_all();
  worker_.join();
}

double QueuedEvaluator::mean_batch_size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return inner_calls_ ? static_cast<double>(positions_) / inner_calls_ : 0.0;
}

uint64_t QueuedEvaluator::positions() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return positions_;
}

void QueuedEvaluator::evaluate(const EvalBatch& batch) {
  if (batch.size == 0) return;
  Request request{&batch, false, nullptr};
  std::unique_lock<std::mutex> lock(mutex_);
  queue_.push_back(&request);
  queued_positions_ += batch.size;
  work_ready_.notify_one();
  work_done_.wait(lock, [&] { return request.done; });
  if (request.error) std::rethrow_exception(request.error);
}

void QueuedEvaluator::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    work_ready_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, nothing left
    const auto deadline = std::chrono::steady_clock::now() + max_wait_;
    work_ready_.wait_until(lock, deadline, [&] { return stopping_ || queued_positions_ >= max_batch_; });
    // Take whole requests up to max_batch positions (at least one).
    std::vector<Request*> taken;
    int positions = 0;
    while (!queue_.empty() && (taken.empty() || positions + queue_.front()->batch->size <= max_batch_)) {
      positions += queue_.front()->batch->size;
      taken.push_back(queue_.front());
      queue_.pop_front();
    }
    queued_positions_ -= positions;
    ++inner_calls_;
    positions_ += static_cast<uint64_t>(positions);
    lock.unlock();
    // Not letting it escape: on this thread an exception would end the process while callers wait.
    std::exception_ptr error;
    try {
      evaluate_together(taken);
    } catch (...) {
      error = std::current_exception();
    }
    lock.lock();
    for (Request* r : taken) {
      r->error = error;
      r->done = true;
    }
    work_done_.notify_all();
  }
}

void QueuedEvaluator::evaluate_together(const std::vector<Request*>& requests) {
  if (requests.size() == 1) {  // nothing to gather
    inner_->evaluate(*requests[0]->batch);
    return;
  }
  const bool with_observations = inner_->needs_observations();
  size_t total = 0;
  for (const Request* r : requests) total += static_cast<size_t>(r->batch->size);
  gathered_.prepare(*requests[0]->batch->states[0], total, with_observations);
  size_t at = 0;
  for (const Request* r : requests)
    for (size_t i = 0; i < static_cast<size_t>(r->batch->size); ++i) gathered_.copy_input(*r->batch, i, at++);
  inner_->evaluate(gathered_.view(total, with_observations));
  at = 0;
  for (const Request* r : requests)
    for (size_t i = 0; i < static_cast<size_t>(r->batch->size); ++i) gathered_.copy_output(at++, *r->batch, i);
}

}  // namespace djambi
