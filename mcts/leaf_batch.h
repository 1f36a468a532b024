#pragma once
// The encodings of a set of leaves, contiguous, for one evaluator call.
#include <cstring>
#include <vector>

#include "mcts/evaluator.h"

namespace djambi {

struct LeafBatch {
  std::vector<const GameState*> states;
  std::vector<float> observations, priors, values;
  std::vector<uint8_t> masks;
  size_t observation_size = 0, actions = 0, players = 0;

  void prepare(const GameState& any, size_t n, bool with_observations) {
    observation_size = with_observations ? static_cast<size_t>(any.observation_shape().size()) : 0;
    actions = static_cast<size_t>(any.num_actions());
    players = static_cast<size_t>(any.num_players());
    states.resize(n);
    observations.resize(n * observation_size);
    masks.resize(n * actions);
    priors.resize(n * actions);
    values.resize(n * players);
  }
  // Copies position `row` of `batch` (its state, observation and mask) into row `to`, for
  // wrappers that regroup other callers' batches (cache misses, queued requests).
  void copy_input(const EvalBatch& batch, size_t row, size_t to) {
    states[to] = batch.states[row];
    if (observation_size > 0)  // evaluators that read no observations are given none
      std::memcpy(observations.data() + to * observation_size, batch.observations + row * observation_size,
                  observation_size * sizeof(float));
    std::memcpy(&masks[to * actions], batch.legal_masks + row * actions, actions);
  }
  // Copies the results of row `from` back into position `row` of `batch`.
  void copy_output(size_t from, const EvalBatch& batch, size_t row) const {
    std::memcpy(batch.priors + row * actions, &priors[from * actions], actions * sizeof(float));
    std::memcpy(batch.values + row * players, &values[from * players], players * sizeof(float));
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
