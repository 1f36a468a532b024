#pragma once
// An evaluator that mixes a game's heuristic evaluation (mcts/games.h, heuristic_of: for
// Djambi the ab player's leaf score on the winner reward's scale) into another evaluator's
// values: value = (1 - weight) * inner value + weight * heuristic value, seat by seat. Priors
// are the inner evaluator's. It lets a network's search see material and an open chief exactly,
// where the value head has only learned to approximate them (AlphaGo mixed rollouts in the same
// way).
#include <memory>

#include "mcts/evaluator.h"
#include "mcts/games.h"

namespace djambi {

class HeuristicBlendEvaluator : public Evaluator {
 public:
  // weight in [0, 1] and a heuristic; throws std::invalid_argument otherwise. Thread-safe when
  // `inner` is.
  HeuristicBlendEvaluator(std::shared_ptr<Evaluator> inner, HeuristicValues heuristic, float weight);
  void evaluate(const EvalBatch& batch) override;  // the heuristic's errors pass through
  bool needs_observations() const override { return inner_->needs_observations(); }
  std::string describe() const override;

 private:
  std::shared_ptr<Evaluator> inner_;
  HeuristicValues heuristic_;
  float weight_;
};

}  // namespace djambi
