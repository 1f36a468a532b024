#include "env/vec_env.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <chrono>
#include <cstring>

namespace djambi {

namespace {
constexpr size_t kGrain = 8;  // games per TBB task: enough work to amortise scheduling
}

VecEnv::VecEnv(std::shared_ptr<const Game> game, int num_games)
    : game_(std::move(game)),
      observation_size_(game_->observation_shape().size()),
      num_actions_(game_->num_actions()),
      num_players_(game_->num_players()),
      running_(static_cast<size_t>(num_games)),
      just_finished_(static_cast<size_t>(num_games), 0),
      observations_(static_cast<size_t>(num_games) * observation_size_),
      masks_(static_cast<size_t>(num_games) * num_actions_),
      players_(static_cast<size_t>(num_games), 0),
      rewards_(static_cast<size_t>(num_games) * num_players_, 0.0f) {
  states_.resize(static_cast<size_t>(num_games));
  reset();
}

void VecEnv::reset() {
  for (size_t i = 0; i < states_.size(); ++i) {
    states_[i] = game_->new_initial_state();
    running_[i] = Trajectory{};
    running_[i].num_players = num_players_;
  }
  finished_.clear();
  std::fill(just_finished_.begin(), just_finished_.end(), 0);
  std::fill(rewards_.begin(), rewards_.end(), 0.0f);
}

void VecEnv::encode() {
  tbb::parallel_for(tbb::blocked_range<size_t>(0, states_.size(), kGrain), [&](const auto& range) {
    std::vector<Action> legal(static_cast<size_t>(num_actions_));
    for (size_t i = range.begin(); i != range.end(); ++i) {
      states_[i]->observation(observations_.data() + i * observation_size_);
      players_[i] = states_[i]->current_player();
      uint8_t* mask = masks_.data() + i * num_actions_;
      std::memset(mask, 0, static_cast<size_t>(num_actions_));
      const int n = states_[i]->legal_actions(legal.data());
      for (int k = 0; k < n; ++k) mask[legal[k]] = 1;
    }
  });
}

void VecEnv::step(const Action* actions) {
  tbb::parallel_for(tbb::blocked_range<size_t>(0, states_.size(), kGrain), [&](const auto& range) {
    for (size_t i = range.begin(); i != range.end(); ++i) {
      GameState& state = *states_[i];
      Trajectory& t = running_[i];
      t.seats.push_back(state.current_player());
      t.actions.push_back(actions[i]);
      state.apply_action(actions[i]);
      just_finished_[i] = state.is_terminal();
      float* reward = rewards_.data() + i * num_players_;
      if (!just_finished_[i]) {
        std::fill(reward, reward + num_players_, 0.0f);
        continue;
      }
      state.returns(reward);
      t.returns.assign(reward, reward + num_players_);
      states_[i] = game_->new_initial_state();
    }
  });
  for (size_t i = 0; i < states_.size(); ++i) {
    if (!just_finished_[i]) continue;
    finished_.push_back(std::move(running_[i]));
    running_[i] = Trajectory{};
    running_[i].num_players = num_players_;
  }
}

void VecEnv::random_legal_actions(Rng& rng, Action* out) const {
  for (size_t i = 0; i < states_.size(); ++i) {
    const uint8_t* mask = masks_.data() + i * num_actions_;
    int n = 0;
    for (int a = 0; a < num_actions_; ++a) n += mask[a];
    int k = static_cast<int>(rng.below(static_cast<uint32_t>(n)));
    for (int a = 0; a < num_actions_; ++a)
      if (mask[a] && k-- == 0) {
        out[i] = a;
        break;
      }
  }
}

std::vector<Trajectory> VecEnv::take_finished() { return std::exchange(finished_, {}); }

void play_random_batches(VecEnv& env, Rng& rng, int batches) {
  std::vector<Action> actions(static_cast<size_t>(env.size()));
  for (int b = 0; b < batches; ++b) {
    env.encode();
    env.random_legal_actions(rng, actions.data());
    env.step(actions.data());
    env.take_finished();
  }
}

RandomPlayThroughput measure_random_play(VecEnv& env, Rng& rng, double seconds) {
  using Clock = std::chrono::steady_clock;
  const auto since = [](Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); };
  std::vector<Action> actions(static_cast<size_t>(env.size()));
  RandomPlayThroughput out;
  const auto start = Clock::now();
  while (since(start) < seconds) {
    auto t = Clock::now();
    env.encode();
    out.encode_seconds += since(t);
    env.random_legal_actions(rng, actions.data());
    t = Clock::now();
    env.step(actions.data());
    out.step_seconds += since(t);
    env.take_finished();
    ++out.batches;
  }
  out.wall_seconds = since(start);
  return out;
}

}  // namespace djambi
