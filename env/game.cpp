#include "env/game.h"

#include <cstring>

namespace djambi {

std::vector<Action> GameState::legal_actions() const {
  std::vector<Action> out(static_cast<size_t>(num_actions()));
  out.resize(static_cast<size_t>(legal_actions(out.data())));
  return out;
}

void GameState::legal_mask(uint8_t* mask) const {
  std::memset(mask, 0, static_cast<size_t>(num_actions()));
  std::vector<Action> legal = legal_actions();
  for (Action a : legal) mask[a] = 1;
}

}  // namespace djambi
