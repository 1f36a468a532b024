#pragma once
// A position cache in front of another evaluator, keyed by the position hash (the same
// decision point reached twice, by transposition or by a search revisiting it, is evaluated
// once). Direct-mapped: a new entry replaces the one in its slot. Thread-safe: the table has
// its lock, and the inner evaluator (one thread at a time, as Evaluator says) is called under
// another, so that lookups of other threads go on while the misses of one are evaluated.
#include <atomic>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "mcts/evaluator.h"

namespace djambi {

class CachingEvaluator : public Evaluator {
 public:
  CachingEvaluator(std::shared_ptr<Evaluator> inner, size_t capacity);
  void evaluate(const EvalBatch& batch) override;
  bool needs_observations() const override { return inner_->needs_observations(); }
  std::string describe() const override { return "cache(" + inner_->describe() + ")"; }

  // Forgets every entry (after the network behind it changed); keeps the counters.
  void clear();
  uint64_t lookups() const { return lookups_; }
  uint64_t hits() const { return hits_; }
  double hit_rate() const { return lookups_ ? static_cast<double>(hits_) / lookups_ : 0.0; }

 private:
  struct Entry {
    uint64_t hash = 0;
    bool used = false;
    std::vector<std::pair<Action, float>> priors;  // legal actions only
    std::vector<float> values;
  };
  bool lookup(uint64_t hash, int num_actions, float* priors, float* values);
  void store(uint64_t hash, int num_actions, int num_players, const float* priors, const float* values);

  std::shared_ptr<Evaluator> inner_;
  std::vector<Entry> table_;
  std::mutex mutex_;        // guards table_
  std::mutex inner_mutex_;  // one caller at a time in inner_
  std::atomic<uint64_t> lookups_{0}, hits_{0};
};

}  // namespace djambi
