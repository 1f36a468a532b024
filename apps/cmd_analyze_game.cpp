// analyze-game: a searching player's analysis of every turn of a recorded game, as JSON lines,
// then the turns where a seat's expected value fell or rose by more than a threshold
// (docs/ANALYSIS.md, "One game, turn by turn").
#include <cmath>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "apps/analysis_json.h"
#include "apps/board_text.h"
#include "apps/cli_common.h"
#include "apps/commands.h"
#include "env/game_record.h"
#include "env/games.h"
#include "env/io/atomic_file.h"
#include "env/io/number_text.h"
#include "env/outcome.h"
#include "env/turn_text.h"
#include "mcts/search_config.h"
#include "nets/az_player.h"

namespace djambi::cli {

namespace {

// The default player: a fixed node budget, so that an analysis is the same on every machine and
// a game of a hundred turns takes seconds, not minutes.
constexpr const char* kDefaultAnalysisPlayer = "ab,nodes=20000";
constexpr int kMaxMultipv = 1000;  // as the bot protocol's `analyze`
constexpr double kMaxThreshold = 2;  // the width of a tree search's value range (-1 to 1)

struct AnalyzeGameOptions {
  std::string record;
  std::string player = kDefaultAnalysisPlayer;
  std::string visits;  // "": the player's own budget
  std::string time;
  std::string multipv = "1";
  std::string threshold = "0.2";
  int game = 1;
  std::string out;  // "": stdout
  uint64_t seed = 1;
};

// The number `text` of `option`: positive, at most `max`, whole if `whole`.
double positive_number(const std::string& option, const std::string& text, double max, bool whole) {
  const std::optional<double> v = parse_real(text);
  if (!v || !(*v > 0)) throw UsageError(option + " must be a positive number, got '" + text + "'");
  if (!(*v <= max)) throw UsageError(option + " must be at most " + shortest_text(max) + ", got '" + text + "'");
  if (whole && *v != std::floor(*v)) throw UsageError(option + " must be a whole number, got '" + text + "'");
  return *v;
}

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

// A line's value for the mover `seat`: alpha-beta's score (the mover's share, 0 to 1), or a tree
// search's value for the seat (-1 to 1); nothing when the search gave none.
std::optional<double> line_value(const SearchLine& line, int seat, bool alpha_beta) {
  if (alpha_beta) return line.score ? std::optional<double>(*line.score) : std::nullopt;
  if (static_cast<size_t>(seat) < line.values.size()) return line.values[static_cast<size_t>(seat)];
  return std::nullopt;
}

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

void run_analyze_game(const AnalyzeGameOptions& o) {
  SearchBudget budget;
  if (!o.visits.empty()) budget.visits = static_cast<int>(positive_number("--visits", o.visits, kMaxSimulations, true));
  if (!o.time.empty()) budget.seconds = positive_number("--time", o.time, kMaxSearchSeconds, false);
  const int multipv = static_cast<int>(positive_number("--multipv", o.multipv, kMaxMultipv, true));
  const std::optional<double> threshold = parse_real(o.threshold);
  if (!threshold || !(*threshold >= 0 && *threshold <= kMaxThreshold))
    throw UsageError("--threshold must be a number from 0 to " + shortest_text(kMaxThreshold) + ", got '" + o.threshold + "'");
  if (o.game < 1) throw UsageError("--game must be at least 1, got " + std::to_string(o.game));
  if (!o.out.empty()) check_directory_path("--out", o.out, true);

  const std::vector<GameRecord> records = read_record_file(o.record);
  if (records.empty()) throw UsageError(o.record + ": no game record in it");
  if (o.game > static_cast<int>(records.size()))
    throw UsageError("--game " + std::to_string(o.game) + ": " + o.record + " holds " + std::to_string(records.size()) +
                     " game" + (records.size() == 1 ? "" : "s"));
  const GameRecord& record = records[static_cast<size_t>(o.game - 1)];
  const std::string where = o.record + ", game " + std::to_string(o.game);
  std::shared_ptr<const Game> game;
  std::unique_ptr<GameState> state;
  try {
    replay_record(record);  // every move legal, the result the rules' own
    game = make_game(record.game, parse_variant_list(record.variants));
    state = state_from_text(*game, record.start);
  } catch (const std::invalid_argument& e) {
    throw UsageError(where + ": " + e.what());
  }
  if (record.moves.empty()) throw UsageError(where + ": no move to analyse");

  std::unique_ptr<Player> player;
  try {
    player = full_player_factory().create(o.player, game, o.seed);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  const std::string not_searching = "--player " + o.player + " does not search (analyze-game needs ab, mcts, az:PATH or best)";
  if ((budget.visits > 0 || budget.seconds > 0) && !player->set_budget(budget)) throw UsageError(not_searching);

  std::ostringstream buffer;  // --out: written at once at the end
  std::ostream& out = o.out.empty() ? std::cout : buffer;
  std::vector<TurnFacts> facts;
  bool alpha_beta = false;
  for (size_t i = 0; i < record.moves.size(); ++i) {
    const std::vector<Action> actions = parse_turn(*state, record.moves[i]);  // checked by replay_record
    const std::string played = turn_to_string(*state, actions);
    const std::optional<SearchAnalysis> a = player->analyze(*state, multipv);
    if (!a) throw UsageError(not_searching);
    alpha_beta = a->nodes >= 0;
    nlohmann::ordered_json j;
    j["turn"] = i + 1;
    j["to_move"] = seat_label(*state, state->current_player());
    j["played"] = played;
    j["analysis"] = analysis_json(*state, *a, o.player, multipv);
    out << json_line(j) << "\n";
    if (o.out.empty()) out.flush();
    facts.push_back(facts_of(*state, *a, played, multipv));
    for (Action action : actions) {
      player->observe(*state, action);
      state->apply_action(action);
    }
  }
  nlohmann::ordered_json summary;
  summary["turning_points"] = turning_points(facts, alpha_beta, *state, *threshold);
  summary["turns"] = facts.size();
  summary["player"] = o.player;
  summary["threshold"] = *threshold;
  out << json_line(summary) << "\n";
  if (o.out.empty()) {
    out.flush();
  } else {
    write_file_atomically(o.out, buffer.str());
  }
}

}  // namespace

void register_analyze_game_command(CLI::App& app) {
  auto o = std::make_shared<AnalyzeGameOptions>();
  auto* cmd = app.add_subcommand(
      "analyze-game", "Search every turn of a recorded game; JSON lines, then the turning points (docs/ANALYSIS.md)");
  cmd->footer("Example: djambi analyze-game runs/arena-X/games.txt --game 2 --player ab,nodes=20000 --multipv 3 --out game2.jsonl");
  cmd->add_option("record", o->record, "A file of game records (docs/RECORDS.md)")->required();
  cmd->add_option("--game", o->game, "The game of the file to analyse (1 = the first)")->capture_default_str();
  cmd->add_option("--player", o->player, "A searching player spec: ab, mcts, az:NAME.djp, best (docs/PLAYERS.md)")
      ->capture_default_str();
  cmd->add_option("--visits", o->visits, "Budget per turn instead of the spec's: playouts (ab: nodes)");
  cmd->add_option("--time", o->time, "Budget per turn instead of the spec's: seconds");
  cmd->add_option("--multipv", o->multipv, "Lines per turn, best first (1 to 1000)")->capture_default_str();
  cmd->add_option("--threshold", o->threshold,
                  "A turning point: the mover's value changes by more than this (ab: share 0-1; tree search: value -1..1)")
      ->capture_default_str();
  cmd->add_option("--seed", o->seed, "Seed of the player's random choices")->capture_default_str();
  cmd->add_option("--out", o->out, "Write the JSON lines to this file (atomically) instead of stdout");
  cmd->callback([o] { run_analyze_game(*o); });
}

}  // namespace djambi::cli
