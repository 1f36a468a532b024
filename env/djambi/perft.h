#pragma once
#include <cstdint>

#include "env/djambi/position.h"

namespace djambi {

// Leaves after `depth` whole turns: a finished game is a leaf that stops early; pass counts as a
// move. The last ply is counted without being played (bulk counting).
uint64_t perft(const Position& pos, int depth);

}  // namespace djambi
