#pragma once
// Whole moves for a search over turns (mcts/djambi/alphabeta.h). A node lists the first move parts of
// its turn, orders them, and expands each into whole moves only when it is searched; the
// placements of a lifted piece (45-odd squares, mostly alike) are cut to a few candidates.
#include <array>
#include <vector>

#include "env/djambi/moves.h"

namespace djambi {

struct SearchMove {
  std::array<Action, kMaxActionsPerMove> actions{};
  uint8_t size = 0;
  bool operator==(const SearchMove& o) const {
    if (size != o.size) return false;
    for (int i = 0; i < size; ++i)
      if (actions[i] != o.actions[i]) return false;
    return true;
  }
};

struct SearchChild {
  SearchMove move;
  Position after;   // the position at the start of the next turn
  bool killed = false;  // the turn killed a piece (surrounded chiefs included)
};

// Every whole move of `start` (at a turn start) whose first decision is `first`, appended to
// `out`. Each placement keeps its `max_placements` best candidates (0: all of them; see
// placement_score); with `kills_only`, only moves that kill are kept.
void expand_first_part(const Turn& start, Action first, int max_placements, bool kills_only,
                       std::vector<SearchChild>& out);

// How promising placing the lifted piece of `turn` (in phase kPlace) on `sq` is, for the
// player moving: a corpse next to an enemy chief (towards surrounding it) or back where the
// moving piece came from; a displaced enemy piece where the mover's killers reach it.
int placement_score(const Turn& turn, Square from, Square sq);

// Whether the first move part `a` of `turn` (phase kMove) may kill a piece that is not the
// mover's: a killer landing on it, or a reporter stopping orthogonally next to it.
bool may_kill(const Turn& turn, Action a);

}  // namespace djambi
