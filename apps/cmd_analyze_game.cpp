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
#include "apps/bot_session.h"
#include "apps/cli_common.h"
#include "apps/commands.h"
#include "apps/game_analysis.h"
#include "apps/network_library.h"
#include "env/game_record.h"
#include "env/games.h"
#include "env/io/atomic_file.h"
#include "env/io/number_text.h"
#include "env/turn_text.h"
#include "mcts/search_config.h"

namespace djambi::cli {

namespace {

// The default player: a fixed node budget, so that an analysis is the same on every machine and
// a game of a hundred turns takes seconds, not minutes.
constexpr const char* kDefaultAnalysisPlayer = "ab,nodes=20000";
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
    player = on_demand_player_factory().create(o.player, game, o.seed);
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
