#pragma once
// Network-free evaluators for tests and baselines.
#include <cstdint>

#include "mcts/evaluator.h"

namespace djambi {

// Uniform priors over the legal actions, zero values.
class UniformEvaluator : public Evaluator {
 public:
  void evaluate(const EvalBatch& batch) override;
  bool needs_observations() const override { return false; }
  std::string describe() const override { return "uniform"; }
};

// Uniform priors; values are the mean returns of `rollouts` random playouts from the position
// (each decision uniform among the legal ones), capped at `max_decisions` decisions (an
// unfinished playout counts 0 for everyone). Deterministic for a given seed and call order.
class RolloutEvaluator : public Evaluator {
 public:
  RolloutEvaluator(int rollouts, int max_decisions, uint64_t seed);
  void evaluate(const EvalBatch& batch) override;
  bool needs_observations() const override { return false; }
  std::string describe() const override;

 private:
  int rollouts_;
  int max_decisions_;
  uint64_t seed_;
  uint64_t calls_ = 0;
};

}  // namespace djambi
