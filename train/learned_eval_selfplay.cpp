#include "train/learned_eval_selfplay.h"

#include <tbb/parallel_for.h>

#include <limits>
#include <stdexcept>
#include <unordered_map>

#include "env/random.h"
#include "train/learned_eval_samples.h"

namespace djambi {

std::vector<float> result_shares(const Outcome& outcome) {
  std::vector<float> shares(outcome.ranks.size(), 0.0f);
  const auto first = static_cast<float>(std::count(outcome.ranks.begin(), outcome.ranks.end(), 1));
  for (size_t s = 0; s < shares.size(); ++s)
    if (outcome.ranks[s] == 1) shares[s] = 1.0f / first;
  return shares;
}

LearnedEvalSelfPlay::LearnedEvalSelfPlay(std::shared_ptr<const Game> game, const LearnedEvalSelfPlaySettings& settings)
    : game_(std::move(game)),
      settings_(settings),
      features_(learned_eval_features_of(game_->name(), settings.feature_set)),
      factory_(basic_player_factory()) {
  if (features_.features == 0)
    throw std::invalid_argument("the learned evaluation's self-play needs a game with one (Djambi), not " + game_->name());
}

std::vector<FinishedGame> LearnedEvalSelfPlay::play_round() {
  std::vector<FinishedGame> games(static_cast<size_t>(settings_.games));
  const uint64_t first = games_started_;
  games_started_ += games.size();
  tbb::parallel_for(size_t{0}, games.size(), [&](size_t i) {
    games[i] = play_game(settings_.seed * 1000003u + first + i);
  });
  if (stopped_) return {};
  return games;
}

FinishedGame LearnedEvalSelfPlay::play_game(uint64_t seed) const {
  const std::string spec =
      features_.player_spec(bundle_, settings_.search + (settings_.interior_samples ? ",interior=1" : ""));
  const int players = game_->num_players();
  std::vector<std::unique_ptr<Player>> seats;
  std::vector<Player*> observers;
  for (int s = 0; s < players; ++s) {
    seats.push_back(factory_.create(spec, game_, seed * 31 + static_cast<uint64_t>(s)));
    observers.push_back(seats.back().get());
  }
  auto random = factory_.create("random", game_, seed);
  auto state = game_->new_initial_state();
  std::vector<std::string> names(static_cast<size_t>(players), spec);
  RecordBuilder record(*game_, *state, names);
  struct Pending {
    Sample sample;
    int seat;
    int depth;  // whole turns searched below it; a root's counts as deeper than any interior one
  };
  std::vector<Pending> pending;
  // With interior samples, each position gives one sample a game: the deepest search's.
  std::unordered_map<uint64_t, size_t> sampled;  // position hash: its index in `pending`
  const auto keep = [&](const GameState& s, float value, int depth) {
    Pending p{encode_learned_eval_sample(s, features_, value), s.current_player(), depth};
    if (!settings_.interior_samples) {
      pending.push_back(std::move(p));
      return;
    }
    const auto [it, added] = sampled.try_emplace(s.hash(), pending.size());
    if (added)
      pending.push_back(std::move(p));
    else if (pending[it->second].depth <= depth)
      pending[it->second] = std::move(p);
  };
  FinishedGame out;
  int turns = 0;
  while (!state->is_terminal() && out.decisions < settings_.max_decisions && !stopped_) {
    const int seat = state->current_player();
    const bool opening = turns < settings_.random_turns;
    Player& mover = opening ? *random : *seats[static_cast<size_t>(seat)];
    std::unique_ptr<GameState> before = state->clone();
    const std::vector<Action> turn = mover.choose_turn(*state);
    for (Action a : turn) {
      for (Player* p : observers) p->observe(*state, a);
      record.on_action(*state, a, opening ? "" : mover.last_analysis());
      state->apply_action(a);
      ++out.decisions;
    }
    ++turns;
    if (opening) continue;
    for (const LabelledState& l : mover.last_labelled_states())
      if (l.depth >= settings_.interior_depth) keep(*l.state, l.value, l.depth);
    if (settings_.quiet_samples && features_.kills && features_.kills(*before, *state)) continue;
    if (const std::optional<float> value = mover.last_value()) keep(*before, *value, std::numeric_limits<int>::max());
  }
  out.outcome = outcome_of(*state);
  out.record = record.finish(*state);
  const std::vector<float> result = result_shares(out.outcome);
  for (Pending& p : pending) {
    set_learned_eval_result(p.sample, result.data(), players, p.seat);
    out.samples.push_back(std::move(p.sample));
  }
  out.network_seats.assign(static_cast<size_t>(players), 1);
  return out;
}

}  // namespace djambi
