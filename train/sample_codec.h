#pragma once
// The byte form of samples, shared by the replay chunks on disk (train/replay_buffer.h) and the
// messages between actors and the learner (train/actors/actor_messages.h): per sample its quantised
// observation, its legal-action bitset, its sparse policy (a count, then action and
// probability pairs), its values and its auxiliary targets (a count, 0 or twice the players, then
// the values), in the machine's byte order. Format 1 (replay chunks of older runs) had no
// auxiliary targets.
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

#include "train/sample.h"

namespace djambi {

// The sizes every sample of one game and encoding has.
struct SampleShape {
  int observation_size = 0;
  int num_actions = 0;
  int num_players = 0;
};

// The shape of every sample of `game`.
inline SampleShape sample_shape_of(const Game& game) {
  return {game.observation_shape().size(), game.num_actions(), game.num_players()};
}

template <typename T>
void put_bytes(std::string& out, const T& value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

// Reads a byte buffer front to back; running short throws std::runtime_error naming `what`
// ("replay chunk 'x'", "actor message", ...).
struct ByteReader {
  const std::string& data;
  std::string what;
  size_t at = 0;

  void bytes(void* destination, size_t n) {
    if (n == 0) return;  // an empty part (the learned evaluation's samples have no legal actions)
    if (n > data.size() - at) throw std::runtime_error(what + " is truncated");
    std::memcpy(destination, data.data() + at, n);
    at += n;
  }
  template <typename T>
  T get() {
    T value;
    bytes(&value, sizeof value);
    return value;
  }
  bool done() const { return at == data.size(); }
};

void append_sample(std::string& out, const Sample& sample);
// Throws std::runtime_error (naming the reader's `what`) if the bytes run short, the policy
// has more entries than the game has actions or the auxiliary targets are neither none nor
// twice the players. `with_aux` false: format 1, without them.
Sample read_sample(ByteReader& in, const SampleShape& shape, bool with_aux = true);

}  // namespace djambi
