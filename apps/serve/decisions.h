#pragma once
// One decision of a Djambi turn as the page sees it: its kind and its squares in board
// coordinates ("c3"), not the mover's rotated view frame the generic interface uses.
#include <string>
#include <vector>

#include "env/game.h"

namespace djambi::cli::serve {

struct Decision {
  Action id = 0;        // the action of GameState::legal_actions (the mover's view frame)
  std::string type;     // move | exit | place | report | nokill | pass
  std::string from;     // move, exit: the moving piece's square
  std::string to;       // move, exit: where it goes; place: where the lifted piece goes;
                        // report: the victim's square
  bool capture = false;  // move, exit: it lands on a piece (kills, displaces or carries it)
};

// `action`, legal in `state` (a Djambi state), described. Throws std::invalid_argument for a
// state of another game.
Decision describe_decision(const GameState& state, Action action);
// Every legal decision of `state` (none when the game is over).
std::vector<Decision> legal_decisions(const GameState& state);
// The squares a decision touches (from and to, a placement, a victim), for the page to mark
// the last turn.
std::vector<std::string> decision_squares(const Decision& d);

}  // namespace djambi::cli::serve
