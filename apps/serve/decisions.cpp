#include "apps/serve/decisions.h"

#include <stdexcept>

#include "env/djambi/game.h"

namespace djambi::cli::serve {

Decision describe_decision(const GameState& state, Action action) {
  const DjambiState* djambi = as_djambi(state);
  if (!djambi) throw std::invalid_argument("djambi serve shows Djambi games only");
  const Turn& turn = djambi->turn();
  const Action a = djambi->to_engine_action(action);
  Decision d;
  d.id = action;
  if (action::is_move_part(a)) {
    const Square to = action::to_of(a);
    d.type = turn.part() == 1 ? "exit" : "move";
    d.from = square_name(action::from_of(a));
    d.to = square_name(to);
    d.capture = djambi->position().board[to] != kEmptyCell;
  } else if (action::is_place(a)) {
    d.type = "place";
    d.to = square_name(action::placed_square_of(a));
  } else if (action::is_report(a)) {
    d.type = "report";
    d.from = square_name(turn.moving_piece());
    d.to = square_name(step(turn.moving_piece(), 2 * action::report_direction_of(a)));
  } else if (a == action::kNoKill) {
    d.type = "nokill";
    d.from = square_name(turn.moving_piece());
  } else {
    d.type = "pass";
  }
  return d;
}

std::vector<Decision> legal_decisions(const GameState& state) {
  std::vector<Decision> out;
  if (state.is_terminal()) return out;
  for (Action a : state.legal_actions()) out.push_back(describe_decision(state, a));
  return out;
}

std::vector<std::string> decision_squares(const Decision& d) {
  std::vector<std::string> out;
  if (d.type == "report" || d.type == "place") {
    out.push_back(d.to);
  } else if (d.type == "move" || d.type == "exit") {
    out.push_back(d.from);
    out.push_back(d.to);
  }
  return out;
}

}  // namespace djambi::cli::serve
