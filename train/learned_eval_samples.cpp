#include "train/learned_eval_samples.h"

#include <cstring>
#include <stdexcept>

namespace djambi {

SampleShape learned_eval_sample_shape(int players, int max_active, bool with_base) {
  return {players * max_active * static_cast<int>(sizeof(uint16_t)), 0, players + 1 + (with_base ? players : 0)};
}

Sample encode_learned_eval_sample(const GameState& state, const LearnedEvalFeatures& features, float search_value) {
  const int players = state.num_players();
  const int to_act = state.current_player();
  std::vector<uint16_t> slots(static_cast<size_t>(players * features.max_active), kNoFeature);
  std::vector<int> active(static_cast<size_t>(features.max_active));
  for (int j = 0; j < players; ++j) {
    const int n = features.active(state, (to_act + j) % players, active.data());
    for (int i = 0; i < n; ++i) slots[static_cast<size_t>(j * features.max_active + i)] = static_cast<uint16_t>(active[static_cast<size_t>(i)]);
  }
  Sample s;
  s.observation.resize(slots.size() * sizeof(uint16_t));
  std::memcpy(s.observation.data(), slots.data(), s.observation.size());
  s.value.assign(static_cast<size_t>(learned_eval_sample_shape(players, features.max_active, bool(features.base)).num_players), 0.0f);
  s.value[static_cast<size_t>(players)] = search_value;
  if (features.base) {
    std::vector<float> by_seat(static_cast<size_t>(players));
    features.base(state, by_seat.data());
    for (int j = 0; j < players; ++j)
      s.value[static_cast<size_t>(players + 1 + j)] = by_seat[static_cast<size_t>((to_act + j) % players)];
  }
  return s;
}

void set_learned_eval_result(Sample& sample, const float* shares_by_seat, int players, int seat_to_act) {
  for (int j = 0; j < players; ++j) sample.value[static_cast<size_t>(j)] = shares_by_seat[(seat_to_act + j) % players];
}

FeatureBatch to_feature_batch(const std::vector<const Sample*>& batch, int players, int max_active, bool with_base) {
  const SampleShape shape = learned_eval_sample_shape(players, max_active, with_base);
  const int64_t n = static_cast<int64_t>(batch.size());
  std::vector<int64_t> features, offsets;
  features.reserve(static_cast<size_t>(n * players * 40));
  offsets.reserve(static_cast<size_t>(n * players));
  auto in_game = torch::zeros({n, players}, torch::kBool);
  bool* alive = in_game.data_ptr<bool>();
  std::vector<uint16_t> slots(static_cast<size_t>(players * max_active));
  for (int64_t i = 0; i < n; ++i) {
    const Sample& s = *batch[static_cast<size_t>(i)];
    if (static_cast<int>(s.observation.size()) != shape.observation_size || static_cast<int>(s.value.size()) != shape.num_players)
      throw std::invalid_argument("a sample of another shape than the learned evaluation's (features or values)");
    std::memcpy(slots.data(), s.observation.data(), s.observation.size());
    for (int j = 0; j < players; ++j) {
      offsets.push_back(static_cast<int64_t>(features.size()));
      for (int k = 0; k < max_active; ++k) {
        const uint16_t f = slots[static_cast<size_t>(j * max_active + k)];
        if (f == kNoFeature) break;
        features.push_back(f);
      }
      alive[i * players + j] = static_cast<int64_t>(features.size()) > offsets.back();
    }
  }
  FeatureBatch b;
  b.features = torch::tensor(features, torch::kInt64);
  b.offsets = torch::tensor(offsets, torch::kInt64);
  b.in_game = in_game;
  b.batch = n;
  b.perspectives = players;
  return b;
}

}  // namespace djambi
