#include "mcts/djambi/alphabeta_player.h"

#include <cstdio>
#include <stdexcept>

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
  result_ = search_.search(djambi->position());
  searched_ = result_.depth > 0;
  for (int i = 0; i < result_.move.size; ++i) out.push_back(djambi->to_view_action(result_.move.actions[i]));
  char line[200];
  std::snprintf(line, sizeof line, "%s: %s depth %d, value %.3f, %llu nodes in %.3f s (%d moves)", name_.c_str(),
                turn_to_string(state, out).c_str(), result_.depth, result_.value,
                static_cast<unsigned long long>(result_.nodes), result_.seconds, result_.root_moves);
  analysis_ = line;
  return out;
}

std::unique_ptr<Player> make_alphabeta_player(const PlayerSpec& spec, Variants variants, uint64_t seed) {
  spec.check_keys({"algo", "depth", "time", "nodes", "placements", "quiescence", "eval"});
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
