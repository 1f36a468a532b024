#pragma once
// Zobrist hash of a Djambi decision point: the position (without the turn number, which does
// not change the game) and the state of the turn in progress.
#include <cstdint>

#include "env/djambi/turn.h"

namespace djambi {
uint64_t hash_turn(const Turn& turn);
}  // namespace djambi
