#pragma once
// One game analysed turn by turn (docs/ANALYSIS.md, "One game, turn by turn"): what each turn's
// search found, and the turning points, where a seat's expected value fell or rose by more than
// a threshold. `djambi analyze-game` and the web server's value graph (apps/serve/analysis.h)
// share it.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "env/game.h"
#include "mcts/search_analysis.h"

namespace djambi::cli {

// What one turn's search found, for the turning points.
struct TurnFacts {
  int seat = 0;
  std::string played;                 // in notation, as the lines' moves are written
  std::optional<double> best;         // the best line's value for the mover
  std::optional<double> played_value; // the played move's line value, when it is among the lines
  std::string alternative;            // the best line that is not the played move ("": none)
  std::optional<double> alternative_value;
  std::vector<float> root_values;     // tree search: the root's value for every seat
  std::optional<double> root_score;   // alpha-beta: the mover's share
};

// The facts of the analysis `a` of `state` (at a turn start), where `played` was played; the
// first `multipv` lines are read.
TurnFacts facts_of(const GameState& state, const SearchAnalysis& a, const std::string& played, int multipv);

// The turns (from 1) whose mover's value changed by more than `threshold`, in order: `turn`,
// `seat`, `kind` (blunder, decisive), `played`, `before`, `after`, `after_from`,
// `best_alternative`. `end` is the position after the last turn; `alpha_beta`: the values are
// alpha-beta's shares (0 to 1), else a tree search's values (-1 to 1).
nlohmann::ordered_json turning_points(const std::vector<TurnFacts>& turns, bool alpha_beta, const GameState& end,
                                      double threshold);

}  // namespace djambi::cli
