#include "apps/serve/analysis.h"

#include <algorithm>
#include <chrono>

#include "apps/analysis_json.h"
#include "apps/board_text.h"
#include "apps/game_analysis.h"
#include "apps/serve/decisions.h"
#include "apps/serve/games.h"
#include "env/games.h"
#include "env/turn_text.h"
#include "mcts/djambi/eval.h"

namespace djambi::cli::serve {

namespace {

using nlohmann::json;

void normalise(std::vector<double>& shares) {
  double total = 0;
  for (double& s : shares) total += s = std::max(0.0, s);
  for (double& s : shares) s = total > 0 ? s / total : 1.0 / static_cast<double>(shares.size());
}

json rounded(const std::vector<double>& values) {
  json out = json::array();
  for (double v : values) out.push_back(rounded_value(v));
  return out;
}

// The analysis JSON of `a` with the first decision's squares of each line (the page's arrows).
json lines_json(const GameState& state, const SearchAnalysis& a, const std::string& spec, int multipv) {
  json j = analysis_json(state, a, spec, multipv);
  json& lines = j["lines"];
  for (size_t i = 0; i < lines.size() && i < a.lines.size(); ++i) {
    if (a.lines[i].move.empty()) continue;
    const Decision d = describe_decision(state, a.lines[i].move.front());
    if (d.from.empty() || d.to.empty()) continue;  // a pass has no arrow
    lines[i]["from"] = d.from;
    lines[i]["to"] = d.to;
  }
  return j;
}

void check_stopped(bool stopped) {
  if (stopped) throw ApiError(409, "this analysis was replaced by a newer one of the same page");
}

}  // namespace

std::vector<double> seat_shares(const GameState& state, const SearchAnalysis* a) {
  const int n = state.num_players();
  std::vector<float> values(static_cast<size_t>(n));
  heuristic_values(state, values.data());
  std::vector<double> shares(static_cast<size_t>(n));
  // The evaluation's values are 2 * share - 1 (returns for a finished game).
  for (int s = 0; s < n; ++s) shares[static_cast<size_t>(s)] = (values[static_cast<size_t>(s)] + 1.0) / 2.0;
  if (!state.is_terminal() && a) {
    if (static_cast<int>(a->root_values.size()) == n) {
      for (int s = 0; s < n; ++s) shares[static_cast<size_t>(s)] = (a->root_values[static_cast<size_t>(s)] + 1.0) / 2.0;
    } else if (a->root_score) {
      // Alpha-beta values the mover only: the others share the rest as the evaluation splits it.
      const size_t mover = static_cast<size_t>(state.current_player());
      const double mine = std::clamp(static_cast<double>(*a->root_score), 0.0, 1.0);
      double others = 0;
      for (size_t s = 0; s < shares.size(); ++s)
        if (s != mover) others += std::max(0.0, shares[s]);
      for (size_t s = 0; s < shares.size(); ++s)
        if (s != mover) shares[s] = others > 0 ? (1 - mine) * std::max(0.0, shares[s]) / others : 0.0;
      shares[mover] = others > 0 ? mine : 1.0;
    }
  }
  normalise(shares);
  return shares;
}

Analyst::Analyst(AnalysisOptions options, PlayerFactory factory, const std::shared_ptr<const Game>& game)
    : options_(std::move(options)), factory_(std::move(factory)) {
  options_.visits = std::max(1, options_.visits);
  options_.game_visits = std::max(1, std::min(options_.game_visits, options_.visits));
  options_.max_multipv = std::max(1, options_.max_multipv);
  options_.max_running = std::max<size_t>(1, options_.max_running);
  // Made once now, so that a bad spec stops the server at start.
  std::unique_ptr<Player> player = factory_.create(options_.player, game, options_.seed);
  SearchBudget budget;
  budget.visits = options_.visits;
  if (!player->set_budget(budget))
    throw std::invalid_argument("the analysis player '" + options_.player + "' does not search");
}

std::unique_ptr<Analyst::Lease> Analyst::acquire(const std::string& session) {
  std::unique_lock<std::mutex> lock(mutex_);
  SessionRuns& runs = sessions_[session];  // map nodes stay put: kept while in_flight > 0
  const uint64_t mine = ++runs.generation;
  ++runs.in_flight;
  const bool replacing = runs.in_flight > 1;
  if (runs.stop) runs.stop->store(true);  // the session's older analysis ends soon
  freed_.notify_all();                    // and one waiting for a slot gives up
  auto leave = [&](int status, const std::string& message) {
    if (--runs.in_flight == 0) sessions_.erase(session);
    freed_.notify_all();
    throw ApiError(status, message);
  };
  const auto ready = [&] { return running_ < options_.max_running || runs.generation != mine; };
  if (!ready()) {
    // Only a request replacing its own session's analysis waits (for the slot that one gives
    // back); any other is refused at once, so that no queue grows.
    const bool freed = replacing && freed_.wait_for(lock, std::chrono::duration<double>(options_.replace_wait_seconds), ready);
    if (!freed)
      leave(503, "the server is busy with " + std::to_string(running_) +
                     " analyses (its limit); please try again in a moment");
  }
  if (runs.generation != mine) leave(409, "this analysis was replaced by a newer one of the same page");
  ++running_;
  runs.stop = std::make_shared<std::atomic<bool>>(false);
  return std::make_unique<Lease>(*this, session, runs.stop);
}

void Analyst::release(const std::string& session, const std::shared_ptr<std::atomic<bool>>& stop) {
  std::lock_guard<std::mutex> lock(mutex_);
  --running_;
  auto it = sessions_.find(session);
  if (it != sessions_.end()) {
    if (it->second.stop == stop) it->second.stop.reset();
    if (--it->second.in_flight == 0) sessions_.erase(it);
  }
  freed_.notify_all();
}

std::unique_ptr<Player> Analyst::make_player(const Lease& lease, const std::shared_ptr<const Game>& game,
                                             int visits) const {
  std::unique_ptr<Player> player = factory_.create(options_.player, game, options_.seed);
  SearchBudget budget;
  budget.visits = visits;
  player->set_budget(budget);
  SearchControl control;
  control.stop = lease.stop();
  player->set_control(control);
  return player;
}

size_t Analyst::running() {
  std::lock_guard<std::mutex> lock(mutex_);
  return running_;
}

size_t Analyst::cached() {
  std::lock_guard<std::mutex> lock(mutex_);
  return cache_.size();
}

json Analyst::position(const std::string& session, const std::shared_ptr<const Game>& game, const GameState& state,
                       int multipv, int visits) {
  if (multipv < 1 || multipv > options_.max_multipv)
    throw ApiError(400, "'multipv' must be 1 to " + std::to_string(options_.max_multipv));
  if (visits < 0 || visits > options_.visits)
    throw ApiError(400, "'visits' must be at most " + std::to_string(options_.visits) + " (this server's budget)");
  if (state.is_terminal()) throw ApiError(400, "the game is over: there is nothing to analyse");
  if (!state.at_turn_start()) throw ApiError(400, "a position is analysed at a turn start, not mid-turn");
  const auto lease = acquire(session);
  const int budget = visits ? visits : options_.visits;
  const std::unique_ptr<Player> player = make_player(*lease, game, budget);
  const std::optional<SearchAnalysis> a = player->analyze(state, multipv);
  check_stopped(lease->stopped());
  if (!a) throw ApiError(500, "the analysis player gave no analysis");
  json j = lines_json(state, *a, options_.player, multipv);
  j["visits"] = budget;
  j["shares"] = rounded(seat_shares(state, &*a));
  return j;
}

json Analyst::game(const std::string& session, const std::shared_ptr<const Game>& game, const GameState& start,
                   const std::vector<std::string>& moves) {
  if (moves.size() > options_.max_game_turns)
    throw ApiError(400, "a game of over " + std::to_string(options_.max_game_turns) + " moves is not analysed");
  // The game's own text is the key: the same game, from a file or uploaded, is analysed once.
  std::string key = variant_names_of(*game) + "\n" + state_text(start);
  for (const std::string& m : moves) key += "\n" + m;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = cache_.begin(); it != cache_.end(); ++it)
      if (it->first == key) {
        cache_.splice(cache_.begin(), cache_, it);
        return it->second;
      }
  }
  const auto lease = acquire(session);
  const std::unique_ptr<Player> player = make_player(*lease, game, options_.game_visits);
  constexpr int kLines = 3;  // the page draws the best three
  auto state = start.clone();
  json frames = json::array();
  std::vector<TurnFacts> facts;
  bool alpha_beta = false;
  for (size_t i = 0; i < moves.size(); ++i) {
    const std::vector<Action> actions = parse_turn(*state, moves[i]);  // the caller checked them
    const std::string played = turn_to_string(*state, actions);
    const std::optional<SearchAnalysis> a = player->analyze(*state, kLines);
    check_stopped(lease->stopped());
    if (!a) throw ApiError(500, "the analysis player gave no analysis");
    alpha_beta = a->nodes >= 0;
    frames.push_back({{"turn", i + 1},
                      {"played", played},
                      {"shares", rounded(seat_shares(*state, &*a))},
                      {"analysis", lines_json(*state, *a, options_.player, kLines)}});
    facts.push_back(facts_of(*state, *a, played, kLines));
    for (Action action : actions) {
      player->observe(*state, action);
      state->apply_action(action);
    }
  }
  frames.push_back({{"turn", nullptr}, {"shares", rounded(seat_shares(*state, nullptr))}});
  json seats = json::array();
  for (int p = 0; p < start.num_players(); ++p) seats.push_back(seat_label(start, p));
  json out = {{"player", options_.player},
              {"seats", seats},
              {"visits", options_.game_visits},
              {"threshold", options_.threshold},
              {"scale", alpha_beta ? "share" : "value"},
              {"frames", frames},
              {"turning_points", json(turning_points(facts, alpha_beta, *state, options_.threshold))}};
  std::lock_guard<std::mutex> lock(mutex_);
  cache_.emplace_front(key, out);
  if (cache_.size() > options_.max_cached) cache_.pop_back();
  return out;
}

}  // namespace djambi::cli::serve
