#pragma once
// The encodings of a set of leaves, contiguous, for one evaluator call.
#include <vector>

#include "mcts/evaluator.h"

namespace djambi {

struct LeafBatch {
  std::vector<const GameState*> states;
  std::vector<float> observations, priors, values;
  std::vector<uint8_t> masks;

  void prepare(const GameState& any, size_t n, bool with_observations) {
    states.resize(n);
    const size_t actions = static_cast<size_t>(any.num_actions());
    if (with_observations) observations.resize(n * static_cast<size_t>(any.observation_shape().size()));
    masks.resize(n * actions);
    priors.resize(n * actions);
    values.resize(n * static_cast<size_t>(any.num_players()));
  }
  void encode(size_t row, const GameState& state, bool with_observations) {
    states[row] = &state;
    if (with_observations) state.observation(&observations[row * static_cast<size_t>(state.observation_shape().size())]);
    state.legal_mask(&masks[row * static_cast<size_t>(state.num_actions())]);
  }
  EvalBatch view(size_t n, bool with_observations) {
    return {static_cast<int>(n), states.data(), with_observations ? observations.data() : nullptr, masks.data(),
            priors.data(), values.data()};
  }
};

}  // namespace djambi
