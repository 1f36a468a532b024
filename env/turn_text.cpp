#include "env/turn_text.h"

namespace djambi {

std::string turn_to_string(const GameState& state, const std::vector<Action>& actions) {
  for (const TextTurn& t : legal_turns(state))
    if (t.actions == actions) return t.text;
  return "?";
}

void apply_turn(GameState& state, const std::vector<Action>& actions) {
  for (Action a : actions) state.apply_action(a);
}

}  // namespace djambi
