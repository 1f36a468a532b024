#include "mcts/basic_players.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "env/djambi_game.h"
#include "env/moves.h"
#include "mcts/alphabeta_player.h"
#include "mcts/basic_evaluators.h"
#include "mcts/djambi_eval.h"
#include "mcts/search_config.h"

namespace djambi {

namespace {

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

// Whether some other alive player could kill `player`'s chief with its next move part.
bool chief_threatened(const Position& pos, PlayerId player) {
  const Square chief = pos.chief[player];
  if (chief < 0) return false;
  ActionBuffer actions;
  for (int seat = 0; seat < pos.num_players(); ++seat) {
    const PlayerId q = pos.player(seat);
    if (q == player || !pos.alive(q)) continue;
    Position as_q = pos;
    as_q.to_move = q;
    as_q.after = kNobody;
    const Turn turn(as_q);
    const int n = turn.legal_actions(actions.data());
    for (int i = 0; i < n; ++i) {
      if (!action::is_move_part(actions[i])) continue;
      const Square from = static_cast<Square>(action::from_of(actions[i]));
      const Square to = action::to_of(actions[i]);
      const Kind kind = kind_of(pos.board[from]);
      if (to == chief && kind != Kind::kDiplomat) return true;
      if (kind == Kind::kReporter)
        for (int k = 0; k < 4; ++k)
          if (step(to, 2 * k) == chief) return true;
    }
  }
  return false;
}

}  // namespace

std::vector<Action> RandomPlayer::choose_turn(const GameState& state) { return random_turn(state, rng_); }

std::vector<Action> GreedyPlayer::choose_turn(const GameState& state) {
  const DjambiState* djambi = as_djambi(state);
  if (!djambi) throw std::invalid_argument("the greedy player plays Djambi only");
  if (!djambi->at_turn_start()) return random_turn(state, rng_);
  const Position& pos = djambi->position();
  const PlayerId me = djambi->turn().mover();
  auto moves = legal_moves(pos);
  std::shuffle(moves.begin(), moves.end(), rng_);
  struct Scored {
    int score;
    size_t index;
    Position after;
  };
  std::vector<Scored> scored;
  scored.reserve(moves.size());
  for (size_t i = 0; i < moves.size(); ++i) {
    Position after = pos;
    apply_move(after, moves[i]);
    int score = material_gain(pos, after, me);
    if (after.game_over() && after.alive(me) && after.num_alive() == 1) score = 1 << 20;  // a win
    scored.push_back({score, i, after});
  }
  std::stable_sort(scored.begin(), scored.end(), [](const Scored& a, const Scored& b) { return a.score > b.score; });
  size_t chosen = 0;
  for (size_t k = 0; k < scored.size(); ++k) {
    if (scored[k].score == 1 << 20 || !chief_threatened(scored[k].after, me)) {
      chosen = k;
      break;
    }
  }
  const LegalMove& m = moves[scored[chosen].index];
  std::vector<Action> out;
  for (int i = 0; i < m.num_actions; ++i) out.push_back(djambi->to_view_action(m.actions[i]));
  return out;
}

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

Action MctsPlayer::search(const GameState& state) {
  using Clock = std::chrono::steady_clock;
  sync_tree(state);
  tree_->set_simulations(options_.search.simulations);
  const auto start = Clock::now();
  const bool timed = options_.seconds > 0;
  const int target = options_.search.simulations > 0 ? options_.search.simulations : std::numeric_limits<int>::max();
  // Under a time limit the search runs in short slices and looks at the clock between them.
  const int slice = options_.threads * options_.leaves_per_worker * 2 + options_.search.leaves_per_round * 2;
  while (tree_->root_visits() < target) {
    const int visits_before = tree_->root_visits();
    const int wanted = timed ? std::min(slice, target - visits_before) : target - visits_before;
    if (options_.threads > 1) {
      search_tree_parallel(*tree_, *evaluator_, wanted, options_.threads, options_.leaves_per_worker);
    } else {
      BatchedSearch(*evaluator_, options_.search.leaves_per_round).run({tree_.get()}, {wanted});
    }
    if (tree_->root_visits() == visits_before) break;
    if (timed && std::chrono::duration<double>(Clock::now() - start).count() >= options_.seconds) break;
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

std::vector<Action> MctsPlayer::choose_turn(const GameState& state) {
  std::vector<Action> out;
  auto s = state.clone();
  do {
    const Action a = search(*s);
    out.push_back(a);
    s->apply_action(a);
    tree_->advance(a);
  } while (!turn_over(state, *s));
  return out;
}

void MctsPlayer::observe(const GameState& before, Action action) {
  // Decisions this player chose itself are already in its tree; follow everyone else's.
  if (tree_ && tree_->root_state().hash() == before.hash()) tree_->advance(action);
}

PlayerFactory basic_player_factory() {
  PlayerFactory factory;
  factory.add("random", [](const PlayerSpec& spec, std::shared_ptr<const Game>, uint64_t seed) {
    spec.check_keys({});
    return std::make_unique<RandomPlayer>(seed);
  });
  factory.add("greedy", [](const PlayerSpec& spec, std::shared_ptr<const Game> game, uint64_t seed) {
    spec.check_keys({});
    if (game->name() != "djambi")
      throw std::invalid_argument("bad player spec '" + spec.text + "': greedy plays Djambi only");
    return std::make_unique<GreedyPlayer>(seed);
  });
  factory.add("mcts", [](const PlayerSpec& spec, std::shared_ptr<const Game>, uint64_t seed) {
    spec.check_keys({"sims", "time", "rollouts", "cpuct", "temperature"});
    MctsPlayerOptions o;
    const SearchBudget budget = spec.get_budget(800);
    o.search.simulations = budget.visits;
    o.seconds = budget.seconds;
    o.search.c_puct = static_cast<float>(spec.get_double("cpuct", 1.5, 0.0, kMaxCPuct));
    o.search.seed = seed;
    o.temperature = static_cast<float>(spec.get_double("temperature", 0.0, 0.0, 10.0));
    const int rollouts = spec.get_int("rollouts", 1, 1, 10000);
    auto evaluator = std::make_shared<RolloutEvaluator>(rollouts, 10000, seed ^ 0xA5A5A5A5ull);
    return std::make_unique<MctsPlayer>(spec.text, evaluator, o);
  });
  factory.add("ab", [](const PlayerSpec& spec, std::shared_ptr<const Game> game, uint64_t seed) {
    return make_alphabeta_player(spec, *game, seed);
  });
  return factory;
}

}  // namespace djambi
