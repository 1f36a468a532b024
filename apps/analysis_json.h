#pragma once
// The JSON object of a search's analysis (docs/PROTOCOL.md, "Analysis"): the bot protocol's
// `analyze` answer and every turn of `djambi analyze-game` (docs/ANALYSIS.md) build it here,
// so that the two have one shape.
#include <string>

#include <nlohmann/json.hpp>

#include "env/game.h"
#include "mcts/search_analysis.h"

namespace djambi::cli {

// Four significant digits: enough to compare, short to read.
double rounded_value(double v);

// The analysis `a` of a search from `state` by the player `spec`: player, to_move, seats,
// bestmove, budget, root and at most `multipv` lines (moves and variations in notation).
nlohmann::ordered_json analysis_json(const GameState& state, const SearchAnalysis& a, const std::string& spec,
                                     int multipv);

// `j` on one line, as the protocol writes it (invalid UTF-8 replaced).
std::string json_line(const nlohmann::ordered_json& j);

}  // namespace djambi::cli
