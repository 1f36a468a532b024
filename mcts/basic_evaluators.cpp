#include "mcts/basic_evaluators.h"

#include <algorithm>
#include <vector>

#include "env/random.h"

namespace djambi {

void UniformEvaluator::evaluate(const EvalBatch& batch) {
  for (int i = 0; i < batch.size; ++i) {
    const GameState& state = *batch.states[i];
    const int actions = state.num_actions();
    uniform_priors(batch.legal_masks + static_cast<size_t>(i) * actions, actions,
                   batch.priors + static_cast<size_t>(i) * actions);
    std::fill_n(batch.values + static_cast<size_t>(i) * state.num_players(), state.num_players(), 0.0f);
  }
}

RolloutEvaluator::RolloutEvaluator(int rollouts, int max_decisions, uint64_t seed)
    : rollouts_(rollouts), max_decisions_(max_decisions), seed_(seed) {}

std::string RolloutEvaluator::describe() const {
  return "rollout(" + std::to_string(rollouts_) + " playouts)";
}

void RolloutEvaluator::evaluate(const EvalBatch& batch) {
  std::vector<Action> legal;
  std::vector<float> returns;
  for (int i = 0; i < batch.size; ++i) {
    const GameState& state = *batch.states[i];
    const int actions = state.num_actions();
    const int players = state.num_players();
    uniform_priors(batch.legal_masks + static_cast<size_t>(i) * actions, actions,
                   batch.priors + static_cast<size_t>(i) * actions);
    float* values = batch.values + static_cast<size_t>(i) * players;
    std::fill_n(values, players, 0.0f);
    legal.resize(static_cast<size_t>(actions));
    returns.resize(static_cast<size_t>(players));
    Rng rng(seed_ ^ (0x9E3779B97F4A7C15ull * ++calls_));
    for (int r = 0; r < rollouts_; ++r) {
      auto playout = state.clone();
      for (int d = 0; d < max_decisions_ && !playout->is_terminal(); ++d) {
        const int n = playout->legal_actions(legal.data());
        playout->apply_action(legal[rng.below(static_cast<uint32_t>(n))]);
      }
      playout->returns(returns.data());
      for (int p = 0; p < players; ++p) values[p] += returns[p] / static_cast<float>(rollouts_);
    }
  }
}

}  // namespace djambi
