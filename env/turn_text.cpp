#include "env/turn_text.h"

#include <algorithm>
#include <stdexcept>

#include "env/djambi_game.h"
#include "env/moves.h"
#include "env/notation.h"

namespace djambi {

namespace {

// Djambi moves list engine-frame decisions; players and the search use the decider's frame.
// Every decision of a turn is the mover's, so one frame serves the whole turn.
std::vector<Action> view_actions(const DjambiState& state, const LegalMove& move) {
  std::vector<Action> out;
  for (int i = 0; i < move.num_actions; ++i) out.push_back(state.to_view_action(move.actions[i]));
  return out;
}

}  // namespace

std::vector<TextTurn> legal_turns(const GameState& state) {
  std::vector<TextTurn> out;
  if (const auto* djambi = dynamic_cast<const DjambiState*>(&state)) {
    for (const LegalMove& m : legal_moves(djambi->position())) out.push_back({format_move(m.move), view_actions(*djambi, m)});
    return out;
  }
  for (Action a : state.legal_actions()) out.push_back({state.action_to_string(a), {a}});
  return out;
}

std::vector<Action> parse_turn(const GameState& state, const std::string& text) {
  if (const auto* djambi = dynamic_cast<const DjambiState*>(&state)) {
    const Move move = parse_move(text);  // NotationError: "malformed move '...': why"
    LegalMove found;
    if (!find_legal_move(djambi->position(), move, &found)) throw std::invalid_argument("illegal move '" + text + "'");
    return view_actions(*djambi, found);
  }
  for (Action a : state.legal_actions())
    if (state.action_to_string(a) == text) return {a};
  throw std::invalid_argument("illegal move '" + text + "'");
}

std::string turn_to_string(const GameState& state, const std::vector<Action>& actions) {
  for (const TextTurn& t : legal_turns(state))
    if (t.actions == actions) return t.text;
  return "?";
}

void apply_turn(GameState& state, const std::vector<Action>& actions) {
  for (Action a : actions) state.apply_action(a);
}

}  // namespace djambi
