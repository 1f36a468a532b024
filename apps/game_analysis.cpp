#include "apps/game_analysis.h"

#include <cmath>

#include "apps/analysis_json.h"
#include "apps/board_text.h"
#include "env/outcome.h"
#include "env/turn_text.h"

namespace djambi::cli {

namespace {

// A line's value for the mover `seat`: alpha-beta's score (the mover's share, 0 to 1), or a tree
// search's value for the seat (-1 to 1); nothing when the search gave none.
std::optional<double> line_value(const SearchLine& line, int seat, bool alpha_beta) {
  if (alpha_beta) return line.score ? std::optional<double>(*line.score) : std::nullopt;
  if (static_cast<size_t>(seat) < line.values.size()) return line.values[static_cast<size_t>(seat)];
  return std::nullopt;
}

}  // namespace

TurnFacts facts_of(const GameState& state, const SearchAnalysis& a, const std::string& played, int multipv) {
  const bool alpha_beta = a.nodes >= 0;
  TurnFacts f;
  f.seat = state.current_player();
  f.played = played;
  f.root_values = a.root_values;
  if (a.root_score) f.root_score = *a.root_score;
  for (size_t i = 0; i < a.lines.size() && static_cast<int>(i) < multipv; ++i) {
    const SearchLine& l = a.lines[i];
    const std::string move = turn_to_string(state, l.move);
    const std::optional<double> v = line_value(l, f.seat, alpha_beta);
    if (i == 0) f.best = v;
    if (move == played) {
      if (!f.played_value) f.played_value = v;
    } else if (f.alternative.empty()) {
      f.alternative = move;
      f.alternative_value = v;
    }
  }
  return f;
}

nlohmann::ordered_json turning_points(const std::vector<TurnFacts>& turns, bool alpha_beta, const GameState& end,
                                      double threshold) {
  const Outcome outcome = outcome_of(end);
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (size_t t = 0; t < turns.size(); ++t) {
    const TurnFacts& f = turns[t];
    if (!f.best) continue;  // a forced move, or a search that gave no value
    const size_t seat = static_cast<size_t>(f.seat);
    // The seat's value after its move: the search's value of the played move; else the next
    // root value known for the seat (a tree search's next turn; alpha-beta's next turn of the
    // seat, its share); else the game's result (alpha-beta: the return as a share).
    std::optional<double> after = f.played_value;
    std::string after_from = "played line";
    for (size_t u = t + 1; !after && u < turns.size(); ++u) {
      if (alpha_beta && turns[u].seat == f.seat && turns[u].root_score) {
        after = turns[u].root_score;
      } else if (!alpha_beta && seat < turns[u].root_values.size()) {
        after = turns[u].root_values[seat];
      }
      if (after) after_from = "turn " + std::to_string(u + 1);
    }
    if (!after && seat < outcome.returns.size()) {
      const double r = outcome.returns[seat];
      after = alpha_beta ? (r + 1) / 2 : r;
      after_from = "result";
    }
    if (!after) continue;
    const double change = *after - *f.best;
    if (std::fabs(change) <= threshold) continue;
    nlohmann::ordered_json p;
    p["turn"] = t + 1;
    p["seat"] = seat_label(end, f.seat);
    p["kind"] = change < 0 ? "blunder" : "decisive";
    p["played"] = f.played;
    p["before"] = rounded_value(*f.best);
    p["after"] = rounded_value(*after);
    p["after_from"] = after_from;
    if (f.alternative.empty()) {
      p["best_alternative"] = nullptr;
    } else {
      nlohmann::ordered_json alt;
      alt["move"] = f.alternative;
      if (f.alternative_value) alt["value"] = rounded_value(*f.alternative_value);
      p["best_alternative"] = alt;
    }
    out.push_back(p);
  }
  return out;
}

}  // namespace djambi::cli
