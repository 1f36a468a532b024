#include "mcts/djambi/quiescent_eval.h"

#include <memory>
#include <stdexcept>

#include "env/djambi/game.h"
#include "mcts/djambi/alphabeta.h"
#include "mcts/djambi/eval.h"

namespace djambi {

HeuristicValues quiescent_heuristic(int plies) {
  return [plies](const GameState& state, float* by_seat) {
    const DjambiState* djambi = as_djambi(state);
    if (!djambi) throw std::invalid_argument("the heuristic evaluation judges Djambi positions only");
    if (state.is_terminal() || !djambi->at_turn_start()) {
      heuristic_values(state, by_seat);
      return;
    }
    thread_local std::unique_ptr<AlphaBetaSearch> search;
    thread_local int search_plies = -1;
    if (!search || search_plies != plies) {
      AlphaBetaOptions options;
      options.algorithm = AbAlgorithm::kMaxN;
      options.quiescence = plies;
      options.tt_log2 = 0;
      search = std::make_unique<AlphaBetaSearch>(options);
      search_plies = plies;
    }
    const Position& pos = djambi->position();
    const std::array<float, 4> shares = search->quiescence_values(pos);
    for (int seat = 0; seat < pos.num_players(); ++seat) by_seat[seat] = 2.0f * shares[pos.player(seat)] - 1.0f;
  };
}

}  // namespace djambi
