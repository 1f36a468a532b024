#pragma once
// The board as a player sees it: rotated by quarter turns so that the player's home corner is
// a1. The home corners a1, i1, i9, a9 of r, b, y, g follow the turn order counter-clockwise, so
// one rotation also puts the next players' corners at i1, i9, a9. Observations and the actions
// the generic game interface exposes use this frame.
#include "env/djambi/actions.h"
#include "env/djambi/position.h"

namespace djambi {

// Counter-clockwise quarter turns that bring player p's home corner to a1.
constexpr int view_rotation(PlayerId p) { return (4 - p) % 4; }

// `sq` after `quarter_turns` counter-clockwise quarter turns of the board.
Square rotate_square(int sq, int quarter_turns);
// The same decision after the board is rotated: squares and directions turn with it.
Action rotate_action(Action a, int quarter_turns);

}  // namespace djambi
