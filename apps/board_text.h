#pragma once
// The board for a terminal: Djambi drawn as a 9x9 grid of piece letters coloured by party (or
// suffixed with the party letter without colour); other games as their to_string().
#include <string>

#include "env/game.h"

namespace djambi::cli {

// Colours: ANSI escapes when `colour`, else plain text.
std::string draw_board(const GameState& state, bool colour);

// The name of a seat: Djambi's party letter (r b y g), else the seat number.
std::string seat_label(const GameState& state, int seat);

// Whether stdout is a terminal that takes colours (not when NO_COLOR is set).
bool stdout_wants_colour();

}  // namespace djambi::cli
