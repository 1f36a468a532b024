#include "mcts/heuristic_blend_evaluator.h"

#include <sstream>
#include <stdexcept>
#include <vector>

namespace djambi {

HeuristicBlendEvaluator::HeuristicBlendEvaluator(std::shared_ptr<Evaluator> inner, HeuristicValues heuristic,
                                                 float weight)
    : inner_(std::move(inner)), heuristic_(std::move(heuristic)), weight_(weight) {
  if (!heuristic_) throw std::invalid_argument("no heuristic evaluation to blend in");
  if (!(weight >= 0.0f && weight <= 1.0f))
    throw std::invalid_argument("the heuristic's weight must be in [0, 1], not " + std::to_string(weight));
}

void HeuristicBlendEvaluator::evaluate(const EvalBatch& batch) {
  inner_->evaluate(batch);
  std::vector<float> heuristic;
  for (int i = 0; i < batch.size; ++i) {
    const GameState& state = *batch.states[i];
    const int players = state.num_players();
    heuristic.resize(static_cast<size_t>(players));
    heuristic_(state, heuristic.data());
    float* values = batch.values + static_cast<ptrdiff_t>(i) * players;
    for (int seat = 0; seat < players; ++seat)
      values[seat] = (1.0f - weight_) * values[seat] + weight_ * heuristic[static_cast<size_t>(seat)];
  }
}

std::string HeuristicBlendEvaluator::describe() const {
  std::ostringstream out;
  out << inner_->describe() << " + heuristic " << weight_;
  return out.str();
}

}  // namespace djambi
