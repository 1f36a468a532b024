#pragma once
// The messages between actors and the learner (train/actors/actor.h) as bytes, for a transport
// between processes. Actor -> learner: a round, each finished game with its samples, record,
// outcome and counts, the weights version it was played with and the actor's search totals.
// Learner -> actor: the weights with their version; the hello that starts a remote actor and
// the control that answers each of its rounds. Decoding checks everything it reads: a short,
// foreign or corrupt message throws std::runtime_error and changes nothing.
#include <string>

#include "train/actors/actor.h"
#include "train/sample_codec.h"

namespace djambi {

std::string encode_actor_round(const ActorRound& round, const SampleShape& shape);
ActorRound decode_actor_round(const std::string& bytes, const SampleShape& shape);

std::string encode_actor_control(const ActorControl& control);
ActorControl decode_actor_control(const std::string& bytes);

std::string encode_actor_hello(const ActorHello& hello);
ActorHello decode_actor_hello(const std::string& bytes);

// Weights as they travel: the learner step they are from and the family's own bytes (the
// network's LibTorch archive, the learned evaluation's bundle), under a CRC checked on decoding.
struct WeightsMessage {
  long long version = 0;
  std::string payload;
};
std::string encode_weights_message(const std::string& payload, long long version);
WeightsMessage decode_weights_message(const std::string& bytes);

// The network's weights.
std::string encode_weights(const PolicyValueNet& net, long long version);
// Loads the weights into `into` (a network of the same configuration) and returns their
// version; `into` is left as it was when the message is refused.
long long decode_weights(const std::string& bytes, PolicyValueNet& into);

}  // namespace djambi
