#include "mcts/queued_evaluator.h"

#include <stdexcept>

namespace djambi {

QueuedEvaluator::QueuedEvaluator(std::shared_ptr<Evaluator> inner, int max_batch,
                                 std::chrono::microseconds max_wait)
    : inner_(std::move(inner)), max_batch_(max_batch), max_wait_(max_wait), worker_([this] { run(); }) {}

QueuedEvaluator::~QueuedEvaluator() {
  queue_.close();
  worker_.join();
}

double QueuedEvaluator::mean_batch_size() const {
  const uint64_t calls = inner_calls_.load();
  return calls ? static_cast<double>(positions_.load()) / calls : 0.0;
}

uint64_t QueuedEvaluator::positions() const { return positions_.load(); }

void QueuedEvaluator::evaluate(const EvalBatch& batch) {
  if (batch.size == 0) return;
  Request request;
  request.batch = &batch;
  std::future<void> done = request.done.get_future();
  queue_.push(&request);
  done.get();
  if (request.error) {
    if (request.evaluator_error) throw EvaluatorError(*request.error);
    throw std::runtime_error(*request.error);
  }
}

std::vector<QueuedEvaluator::Request*> QueuedEvaluator::take_batch() {
  std::vector<Request*> taken;
  Request* first = held_back_ ? held_back_ : queue_.pop().value_or(nullptr);
  held_back_ = nullptr;
  if (!first) return taken;
  taken.push_back(first);
  int positions = first->batch->size;
  const auto deadline = std::chrono::steady_clock::now() + max_wait_;
  while (positions < max_batch_) {
    Request* next = queue_.pop_until(deadline).value_or(nullptr);
    if (!next) break;
    if (positions + next->batch->size > max_batch_) {
      held_back_ = next;  // first of the next batch
      break;
    }
    taken.push_back(next);
    positions += next->batch->size;
  }
  return taken;
}

void QueuedEvaluator::run() {
  while (true) {
    const std::vector<Request*> taken = take_batch();
    if (taken.empty()) return;  // closed, nothing left
    uint64_t positions = 0;
    for (const Request* r : taken) positions += static_cast<uint64_t>(r->batch->size);
    positions_ += positions;
    ++inner_calls_;
    // Not letting it escape: on this thread an exception would end the process while callers wait.
    std::optional<std::string> error;
    bool evaluator_error = false;
    try {
      evaluate_together(taken);
    } catch (const EvaluatorError& e) {
      error = e.what();
      evaluator_error = true;
    } catch (const std::exception& e) {
      error = e.what();
    } catch (...) {
      error = "the evaluator failed with an unknown error";
    }
    for (Request* r : taken) {
      r->error = error;
      r->evaluator_error = evaluator_error;
      r->done.set_value();
    }
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
