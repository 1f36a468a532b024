#pragma once
// The heuristic evaluation once the kills in sight are played out: the leaf values of implicit
// minimax backups with a quiescence (SearchConfig::minimax_quiescence). The static evaluation
// scores a position where a piece can be taken next as if nothing would happen (but for its
// term for a threatened chief); the alpha-beta player's kills-only quiescence search (max^n:
// each player to move takes its best kill or stands on the static value) sees the kill.
#include "mcts/games.h"

namespace djambi {

// heuristic_values (mcts/djambi/eval.h), after a kills-only quiescence search of `plies` plies
// from a turn start; the static values elsewhere (within a turn) and for a finished game.
// Each calling thread keeps one search, without a transposition table, so that values do not
// depend on what else the thread evaluated.
HeuristicValues quiescent_heuristic(int plies);

}  // namespace djambi
