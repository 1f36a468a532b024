#pragma once
// One training sample: what the network saw at a decision, what the search recommended, and
// how the game ended for every player.
#include <cstdint>
#include <utility>
#include <vector>

#include "env/game.h"

namespace djambi {

// Observations are stored as bytes: value = byte / kObservationScale. Every Djambi and
// tic-tac-toe plane is 0, 1, or a multiple of 1/120 (the draw counter), all exact in this scale.
constexpr float kObservationScale = 240.0f;

struct Sample {
  std::vector<uint8_t> observation;               // quantised, [C * H * W]
  std::vector<uint64_t> legal;                    // bitset over the action space
  std::vector<std::pair<int32_t, float>> policy;  // search policy target (sparse, sums to 1)
  std::vector<float> value;                       // final return of the j-th player after the one to act
  // Auxiliary targets (KataGo's ownership and score, here material): the material
  // (GameState::material) of the j-th player after the one to act some turns later, then at the
  // game's end: 2 x players values. Empty in samples that have none (replay chunks of format 1).
  std::vector<float> aux;

  bool is_legal(int action) const { return (legal[action / 64] >> (action % 64)) & 1u; }
};

// Encodes the decision point `state` (observation and legal actions) into a sample.
Sample encode_sample(const GameState& state, std::vector<std::pair<int32_t, float>> policy);
// Turns per-seat returns into the sample's values relative to `seat_to_act`.
void set_value_target(Sample& sample, const float* seat_returns, int num_players, int seat_to_act);
// Sets the sample's auxiliary targets from the seats' material some turns later and at the end.
void set_aux_target(Sample& sample, const float* later_by_seat, const float* end_by_seat, int num_players,
                    int seat_to_act);

}  // namespace djambi
