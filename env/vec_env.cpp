#include "env/vec_env.h"

#include <tbb/parallel_for.h>

#include <cstring>

namespace djambi {

namespace {
constexpr size_t kGrain = 8;  // games per TBB task: enough work to amortise scheduling
}

VecEnv::VecEnv(std::shared_ptr<const Game> game, int num_games)
    : game_(std::move(game)),
      observation_size_(game_->observation_shape().size()),
      num_actions_(game_->num_actions()),
      running_(static_cast<size_t>(num_games)),
      just_finished_(static_cast<size_t>(num_games), 0),
      observations_(static_cast<size_t>(num_games) * observation_size_),
      masks_(static_cast<size_t>(num_games) * num_actions_) {
  for (int i = 0; i < num_games; ++i) {
    states_.push_back(game_->new_initial_state());
    running_[i].num_players = game_->num_players();
  }
}

void VecEnv::encode() {
  tbb::parallel_for(tbb::blocked_range<size_t>(0, states_.size(), kGrain), [&](const auto& range) {
    std::vector<Action> legal(static_cast<size_t>(num_actions_));
    for (size_t i = range.begin(); i != range.end(); ++i) {
      states_[i]->observation(observations_.data() + i * observation_size_);
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
      if (!just_finished_[i]) continue;
      t.returns.resize(static_cast<size_t>(t.num_players));
      state.returns(t.returns.data());
      states_[i] = game_->new_initial_state();
    }
  });
  for (size_t i = 0; i < states_.size(); ++i) {
    if (!just_finished_[i]) continue;
    finished_.push_back(std::move(running_[i]));
    running_[i] = Trajectory{};
    running_[i].num_players = game_->num_players();
  }
}

std::vector<Trajectory> VecEnv::take_finished() { return std::exchange(finished_, {}); }

}  // namespace djambi
