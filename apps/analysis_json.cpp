#include "apps/analysis_json.h"

#include <cstdio>
#include <cstdlib>

#include "apps/board_text.h"
#include "env/turn_text.h"

namespace djambi::cli {

namespace {

nlohmann::ordered_json rounded_list(const std::vector<float>& values) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (float v : values) out.push_back(rounded_value(v));
  return out;
}

// The turns of `pv` in notation, from `state`, as far as they are legal.
nlohmann::ordered_json pv_text(const GameState& state, const std::vector<std::vector<Action>>& pv) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  auto s = state.clone();
  for (const std::vector<Action>& turn : pv) {
    if (s->is_terminal()) break;
    const std::string text = turn_to_string(*s, turn);
    if (text == "?") break;
    out.push_back(text);
    apply_turn(*s, turn);
  }
  return out;
}

}  // namespace

double rounded_value(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", v);
  return std::strtod(text, nullptr);
}

nlohmann::ordered_json analysis_json(const GameState& state, const SearchAnalysis& a, const std::string& spec,
                                     int multipv) {
  nlohmann::ordered_json j;
  j["player"] = spec;
  j["to_move"] = seat_label(state, state.current_player());
  nlohmann::ordered_json seats = nlohmann::ordered_json::array();
  for (int p = 0; p < state.num_players(); ++p) seats.push_back(seat_label(state, p));
  j["seats"] = seats;
  j["bestmove"] = turn_to_string(state, a.chosen);
  nlohmann::ordered_json budget;
  if (a.visits >= 0) budget["visits"] = a.visits;
  if (a.nodes >= 0) budget["nodes"] = a.nodes;
  budget["seconds"] = rounded_value(a.seconds);
  j["budget"] = budget;
  nlohmann::ordered_json root = nlohmann::ordered_json::object();
  if (!a.root_values.empty()) root["value"] = rounded_list(a.root_values);
  if (a.root_score) root["score"] = rounded_value(*a.root_score);
  if (a.nodes >= 0) root["depth"] = a.depth;
  j["root"] = root;
  nlohmann::ordered_json lines = nlohmann::ordered_json::array();
  for (const SearchLine& l : a.lines) {
    if (static_cast<int>(lines.size()) >= multipv) break;
    nlohmann::ordered_json line;
    line["move"] = turn_to_string(state, l.move);
    if (l.visits >= 0) line["visits"] = l.visits;
    if (l.prior) line["prior"] = rounded_value(*l.prior);
    if (l.score) {
      line["score"] = rounded_value(*l.score);
      line["depth"] = l.depth;
    }
    if (!l.values.empty()) line["value"] = rounded_list(l.values);
    line["pv"] = pv_text(state, l.pv);
    lines.push_back(line);
  }
  j["lines"] = lines;
  return j;
}

std::string json_line(const nlohmann::ordered_json& j) {
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace djambi::cli
