#include "mcts/djambi/alphabeta_player.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <stdexcept>
#include <utility>

#include "env/djambi/game.h"
#include "env/turn_text.h"
#include "mcts/search_config.h"

namespace djambi {

AlphaBetaPlayer::AlphaBetaPlayer(std::string name, const AlphaBetaOptions& options)
    : name_(std::move(name)), search_(options) {}

bool AlphaBetaPlayer::set_budget(const SearchBudget& budget) {
  // Visits become nodes: both count the positions a decision may look at.
  search_.set_limits(0, budget.seconds, static_cast<uint64_t>(budget.visits));
  return true;
}

bool AlphaBetaPlayer::set_control(const SearchControl& control) {
  control_ = control;
  return true;
}

namespace {

// The decisions of an engine's whole move in `state`'s view.
std::vector<Action> view_actions(const DjambiState& state, const SearchMove& move) {
  std::vector<Action> out;
  for (int i = 0; i < move.size; ++i) out.push_back(state.to_view_action(move.actions[i]));
  return out;
}

}  // namespace

std::vector<Action> AlphaBetaPlayer::choose_turn(const GameState& state) {
  const DjambiState* djambi = as_djambi(state);
  if (!djambi) throw std::invalid_argument("the alpha-beta player plays Djambi only");
  std::vector<Action> out;
  if (!djambi->at_turn_start()) {
    // A turn begun by someone else: finish it with its first legal decisions.
    auto s = state.clone();
    const int mover = s->current_player();
    while (!s->is_terminal() && !s->at_turn_start() && s->current_player() == mover) {
      out.push_back(s->legal_actions().front());
      s->apply_action(out.back());
    }
    analysis_.clear();
    searched_ = false;
    return out;
  }
  AlphaBetaProgress progress;
  if (control_.progress) {
    progress.seconds = control_.progress_seconds;
    progress.report = [this, djambi](const AlphaBetaResult& r) {
      SearchAnalysis a;
      a.chosen = view_actions(*djambi, r.move);
      a.root_score = r.value;
      a.depth = r.depth;
      a.nodes = static_cast<int64_t>(r.nodes);
      a.seconds = r.seconds;
      SearchLine line;
      line.move = a.chosen;
      line.score = r.value;
      line.depth = r.depth;
      line.pv = {a.chosen};
      a.lines.push_back(std::move(line));
      control_.progress(a);
    };
  }
  search_.set_control(control_.stop, std::move(progress));
  // No budget: the search deepens until stopped (the spec's limits stay for the next searches).
  const AlphaBetaOptions limits = search_.options();
  if (control_.unlimited) search_.set_limits(0, 0, 0);
  try {
    result_ = search_.search(djambi->position());
  } catch (...) {
    search_.set_control(nullptr, {});
    search_.set_limits(limits.max_depth, limits.seconds, limits.max_nodes);
    throw;
  }
  search_.set_control(nullptr, {});
  search_.set_limits(limits.max_depth, limits.seconds, limits.max_nodes);
  searched_ = result_.depth > 0;
  out = view_actions(*djambi, result_.move);
  char line[200];
  std::snprintf(line, sizeof line, "%s: %s depth %d, value %.3f, %llu nodes in %.3f s (%d moves)", name_.c_str(),
                turn_to_string(state, out).c_str(), result_.depth, result_.value,
                static_cast<unsigned long long>(result_.nodes), result_.seconds, result_.root_moves);
  analysis_ = line;
  return out;
}

std::vector<LabelledState> AlphaBetaPlayer::last_labelled_states() const {
  std::vector<LabelledState> out;
  if (!searched_) return out;
  // A state of its position (the winner reward's: a label's value, not the state's returns, is
  // what it is kept for).
  for (const LabelledPosition& l : result_.labelled)
    out.push_back({std::make_unique<DjambiState>(l.position, RewardScheme::kWinner), l.value, l.depth});
  return out;
}

std::optional<SearchAnalysis> AlphaBetaPlayer::analyze(const GameState& state, int multipv) {
  search_.set_analysis(std::max(multipv, 1));
  SearchAnalysis out;
  try {
    out.chosen = choose_turn(state);
  } catch (...) {
    search_.set_analysis(0);
    throw;
  }
  search_.set_analysis(0);
  const DjambiState& root = *as_djambi(state);
  const bool from_turn_start = root.at_turn_start();  // else choose_turn searched nothing
  out.nodes = from_turn_start ? static_cast<int64_t>(result_.nodes) : 0;
  out.seconds = from_turn_start ? result_.seconds : 0.0;
  if (!searched_) {  // a forced move, or a turn begun by someone else: nothing searched
    SearchLine line;
    line.move = out.chosen;
    line.pv = {out.chosen};
    out.lines.push_back(line);
    return out;
  }
  out.root_score = result_.value;
  out.depth = result_.depth;
  for (const AlphaBetaLine& l : result_.lines) {
    SearchLine line;
    line.move = view_actions(root, l.move);
    line.score = l.value;
    line.depth = l.depth;
    line.pv.push_back(line.move);
    // The variation as far as it is a line of the game: each move by the player to move, legal.
    auto s = state.clone();
    apply_turn(*s, line.move);
    for (const PvStep& step : l.pv) {
      const DjambiState* d = as_djambi(*s);
      if (s->is_terminal() || !s->at_turn_start() || s->current_player() != d->seat_of(step.mover)) break;
      const std::vector<Action> turn = view_actions(*d, step.move);
      if (turn_to_string(*s, turn) == "?") break;
      apply_turn(*s, turn);
      line.pv.push_back(turn);
    }
    out.lines.push_back(std::move(line));
  }
  return out;
}

std::unique_ptr<Player> make_alphabeta_player(const PlayerSpec& spec, Variants variants, uint64_t seed) {
  spec.check_keys({"algo", "depth", "time", "nodes", "placements", "quiescence", "eval", "interior", "material", "threat",
                   "throne", "mobility", "assassin", "reporter", "diplomat", "necromobile", "militant"});
  AlphaBetaOptions o;
  if (spec.has("algo")) {
    try {
      o.algorithm = ab_algorithm_from_name(spec.options.at("algo"));
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("bad player spec '" + spec.text + "': " + e.what());
    }
  }
  o.seconds = spec.get_double("time", 0.0, 0.0, kMaxSearchSeconds);
  if (spec.has("time") && o.seconds <= 0)
    throw std::invalid_argument("bad player spec '" + spec.text + "': time must be positive");
  o.max_nodes = static_cast<uint64_t>(spec.get_int("nodes", 0, 1, 2'000'000'000));
  const bool limited = o.seconds > 0 || o.max_nodes > 0;
  o.max_depth = spec.get_int("depth", limited ? 0 : kDefaultAbDepth, 1, 32);
  o.placements = spec.get_int("placements", o.placements, 0, kNumSquares);
  o.quiescence = spec.get_int("quiescence", o.quiescence, 0, 16);
  o.seed = seed;
  o.label_interior = spec.get_int("interior", 0, 0, 1) == 1;
  if (o.label_interior && o.algorithm == AbAlgorithm::kMaxN)
    throw std::invalid_argument("bad player spec '" + spec.text + "': interior=1 needs a scalar search (brs or paranoid)");
  // The hand-written evaluation's weights (eval.h), for tuning experiments. A learned evaluation
  // does not read them (its base, if any, is the evaluation with the default weights).
  auto weight = [&](const char* key, float& w, double most) {
    if (spec.has(key) && spec.has("eval"))
      throw std::invalid_argument("bad player spec '" + spec.text + "': '" + key +
                                  "' weighs the hand-written evaluation, which 'eval' replaces");
    w = static_cast<float>(spec.get_double(key, w, 0.0, most));
  };
  weight("material", o.weights.material, 100);
  weight("threat", o.weights.chief_threat, 1000);
  weight("throne", o.weights.throne, 1000);
  weight("mobility", o.weights.mobility, 100);
  const std::array<std::pair<const char*, Kind>, 5> kinds = {{{"assassin", Kind::kAssassin},
                                                              {"reporter", Kind::kReporter},
                                                              {"diplomat", Kind::kDiplomat},
                                                              {"necromobile", Kind::kNecromobile},
                                                              {"militant", Kind::kMilitant}}};
  for (const auto& [key, kind] : kinds) weight(key, o.weights.value[static_cast<size_t>(kind)], 1000);
  if (spec.has("eval")) {
    try {
      o.learned = load_learned_eval(spec.options.at("eval"), variants);
    } catch (const std::runtime_error& e) {
      throw std::invalid_argument("bad player spec '" + spec.text + "': " + e.what());
    }
  }
  return std::make_unique<AlphaBetaPlayer>(spec.text, o);
}

}  // namespace djambi
