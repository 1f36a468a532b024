#pragma once
// The actor's round (train/actor.h) as bytes, for a transport between processes: each
// finished game with its samples, record, outcome and counts, and the weights version it was
// played with. Decoding checks everything it reads: a short, foreign or corrupt message
// throws std::runtime_error and yields nothing.
#include <string>

#include "train/actor.h"
#include "train/sample_codec.h"

namespace djambi {

std::string encode_actor_round(const ActorRound& round, const SampleShape& shape);
ActorRound decode_actor_round(const std::string& bytes, const SampleShape& shape);

}  // namespace djambi
