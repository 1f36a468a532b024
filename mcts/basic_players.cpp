#include "mcts/basic_players.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "mcts/basic_evaluators.h"
#include "mcts/games.h"
#include "mcts/search_config.h"

namespace djambi {

bool turn_over(const GameState& before, const GameState& after) {
  return after.is_terminal() || after.at_turn_start() || after.current_player() != before.current_player();
}

// Random decisions from `state` to the end of the turn.
std::vector<Action> random_turn(const GameState& state, std::mt19937_64& rng) {
  std::vector<Action> out;
  auto s = state.clone();
  do {
    const auto legal = s->legal_actions();
    const Action a = legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng)];
    out.push_back(a);
    s->apply_action(a);
  } while (!turn_over(state, *s));
  return out;
}

std::vector<Action> RandomPlayer::choose_turn(const GameState& state) { return random_turn(state, rng_); }

MctsPlayer::MctsPlayer(std::string name, std::shared_ptr<Evaluator> evaluator, const MctsPlayerOptions& options)
    : name_(std::move(name)), evaluator_(std::move(evaluator)), options_(options), rng_(options.search.seed) {}

void MctsPlayer::sync_tree(const GameState& state) {
  if (!tree_ || tree_->root_state().hash() != state.hash())
    tree_ = std::make_unique<Tree>(options_.search, state.clone());
}

bool MctsPlayer::set_budget(const SearchBudget& budget) {
  options_.search.simulations = budget.visits;
  options_.seconds = budget.seconds;
  return true;
}

bool MctsPlayer::set_control(const SearchControl& control) {
  control_ = control;
  return true;
}

Action MctsPlayer::search(const GameState& state) {
  const auto start = std::chrono::steady_clock::now();
  last_progress_ = start;
  return search_turn(state, {}, start);
}

Action MctsPlayer::search_turn(const GameState& state, const std::vector<Action>& before,
                               std::chrono::steady_clock::time_point turn_start) {
  using Clock = std::chrono::steady_clock;
  sync_tree(state);
  const bool unlimited = control_.unlimited;
  const int simulations = unlimited ? 0 : options_.search.simulations;
  tree_->set_simulations(simulations);
  const auto start = Clock::now();
  const bool timed = !unlimited && options_.seconds > 0;
  // Under a time limit, a stop flag or progress reports, the search runs in short slices and
  // looks at the clock and the flag between them.
  const bool sliced = timed || control_.stop || control_.progress;
  const int target = simulations > 0 ? simulations : std::numeric_limits<int>::max();
  const int slice = options_.threads * options_.leaves_per_worker * 2 + options_.search.leaves_per_round * 2;
  while (tree_->root_visits() < target && !control_.stopped()) {
    const int visits_before = tree_->root_visits();
    const int wanted = sliced ? std::min(slice, target - visits_before) : target - visits_before;
    if (options_.threads > 1) {
      search_tree_parallel(*tree_, *evaluator_, wanted, options_.threads, options_.leaves_per_worker);
    } else {
      BatchedSearch(*evaluator_, options_.search.leaves_per_round).run({tree_.get()}, {wanted});
    }
    if (tree_->root_visits() == visits_before) break;
    const auto now = Clock::now();
    if (control_.progress && std::chrono::duration<double>(now - last_progress_).count() >= control_.progress_seconds) {
      last_progress_ = now;
      // What the search would play now: the tree's most visited whole move, after the
      // decisions of the turn chosen already.
      SearchAnalysis progress = analysis_of_tree(*tree_, -1, 1);
      for (SearchLine& line : progress.lines) {
        line.move.insert(line.move.begin(), before.begin(), before.end());
        if (!line.pv.empty()) line.pv.front() = line.move;
      }
      if (!progress.lines.empty()) progress.chosen = progress.lines.front().move;
      progress.seconds = std::chrono::duration<double>(now - turn_start).count();
      control_.progress(progress);
    }
    if (timed && std::chrono::duration<double>(now - start).count() >= options_.seconds) break;
  }
  if (tree_->root_visits() == 0) BatchedSearch(*evaluator_, 1).run({tree_.get()}, {1});
  const Action chosen = tree_->choose_action(options_.temperature, rng_);
  const SeatValues v = tree_->root_values();
  char line[160];
  int visits = 0;
  for (const auto& [a, n] : tree_->root_visit_counts())
    if (a == chosen) visits = n;
  std::snprintf(line, sizeof line, "%s: %s (%d of %d visits), root value", name_.c_str(),
                state.action_to_string(chosen).c_str(), visits, tree_->root_visits());
  analysis_ = line;
  for (int p = 0; p < tree_->num_players(); ++p) {
    std::snprintf(line, sizeof line, " %+.3f", v[p]);
    analysis_ += line;
  }
  return chosen;
}

std::vector<Action> MctsPlayer::turn(const GameState& state, std::optional<SearchAnalysis>* analysis, int multipv) {
  const auto start = std::chrono::steady_clock::now();
  last_progress_ = start;
  std::vector<Action> out;
  auto s = state.clone();
  do {
    const Action a = search_turn(*s, out, start);
    if (analysis && !*analysis) *analysis = analysis_of_tree(*tree_, a, multipv);
    out.push_back(a);
    s->apply_action(a);
    tree_->advance(a);
  } while (!turn_over(state, *s));
  if (analysis) {
    (*analysis)->chosen = out;
    (*analysis)->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  return out;
}

std::vector<Action> MctsPlayer::choose_turn(const GameState& state) { return turn(state, nullptr, 0); }

std::optional<SearchAnalysis> MctsPlayer::analyze(const GameState& state, int multipv) {
  std::optional<SearchAnalysis> analysis;
  turn(state, &analysis, multipv);
  return analysis;
}

void MctsPlayer::observe(const GameState& before, Action action) {
  // Decisions this player chose itself are already in its tree; follow everyone else's.
  if (tree_ && tree_->root_state().hash() == before.hash()) tree_->advance(action);
}

void apply_minimax_options(const PlayerSpec& spec, const Game& game, SearchConfig& search) {
  search.minimax_weight = static_cast<float>(spec.get_double("minimax", search.minimax_weight, 0.0, 1.0));
  search.minimax_quiescence = spec.get_int("quiescence", search.minimax_quiescence, 0, kMaxMinimaxQuiescence);
  if (search.minimax_weight <= 0) return;
  search.heuristic = heuristic_of(game.name(), search.minimax_quiescence);
  if (!search.heuristic)
    throw std::invalid_argument("bad player spec '" + spec.text + "': minimax needs a heuristic evaluation, which only Djambi has");
}

PlayerFactory basic_player_factory() {
  PlayerFactory factory;
  factory.add("random", [](const PlayerSpec& spec, std::shared_ptr<const Game>, uint64_t seed) {
    spec.check_keys({});
    return std::make_unique<RandomPlayer>(seed);
  });
  factory.add("mcts", [](const PlayerSpec& spec, std::shared_ptr<const Game> game, uint64_t seed) {
    spec.check_keys({"sims", "time", "rollouts", "cpuct", "temperature", "solver", "minimax", "quiescence"});
    MctsPlayerOptions o;
    const SearchBudget budget = spec.get_budget(800);
    o.search.simulations = budget.visits;
    o.seconds = budget.seconds;
    o.search.c_puct = static_cast<float>(spec.get_double("cpuct", o.search.c_puct, 0.0, kMaxCPuct));
    o.search.seed = seed;
    o.temperature = static_cast<float>(spec.get_double("temperature", 0.0, 0.0, 10.0));
    o.search.solver = spec.get_int("solver", 0, 0, 1) == 1;
    apply_minimax_options(spec, *game, o.search);
    const int rollouts = spec.get_int("rollouts", 1, 1, 10000);
    auto evaluator = std::make_shared<RolloutEvaluator>(rollouts, 10000, seed ^ 0xA5A5A5A5ull);
    return std::make_unique<MctsPlayer>(spec.text, evaluator, o);
  });
  add_game_players(factory);
  return factory;
}

}  // namespace djambi
