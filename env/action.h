#pragma once
// A decision of any game: an index into the game's fixed action space (Game::num_actions).
#include <cstdint>

namespace djambi {

using Action = int32_t;

}  // namespace djambi
