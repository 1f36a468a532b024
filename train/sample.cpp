#include "train/sample.h"

#include <cmath>

namespace djambi {

Sample encode_sample(const GameState& state, std::vector<std::pair<int32_t, float>> policy) {
  Sample s;
  const int obs_size = state.observation_shape().size();
  std::vector<float> obs(static_cast<size_t>(obs_size));
  state.observation(obs.data());
  s.observation.resize(obs.size());
  for (size_t i = 0; i < obs.size(); ++i)
    s.observation[i] = static_cast<uint8_t>(std::lround(std::min(1.0f, std::max(0.0f, obs[i])) * kObservationScale));
  const int actions = state.num_actions();
  s.legal.assign(static_cast<size_t>((actions + 63) / 64), 0);
  for (Action a : state.legal_actions()) s.legal[a / 64] |= uint64_t{1} << (a % 64);
  s.policy = std::move(policy);
  return s;
}

void set_value_target(Sample& sample, const float* seat_returns, int num_players, int seat_to_act) {
  sample.value.resize(static_cast<size_t>(num_players));
  for (int j = 0; j < num_players; ++j) sample.value[j] = seat_returns[(seat_to_act + j) % num_players];
}

void set_aux_target(Sample& sample, const float* later_by_seat, const float* end_by_seat, int num_players,
                    int seat_to_act) {
  sample.aux.resize(2 * static_cast<size_t>(num_players));
  for (int j = 0; j < num_players; ++j) {
    const int seat = (seat_to_act + j) % num_players;
    sample.aux[j] = later_by_seat[seat];
    sample.aux[num_players + j] = end_by_seat[seat];
  }
}

}  // namespace djambi
