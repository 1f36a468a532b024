#pragma once
// N games stepped together. Observations and legal masks of all games are written, in
// parallel with TBB, into one contiguous pre-allocated batch ([N, C, H, W] floats and [N, A]
// bytes) that LibTorch can wrap without copying. A finished game is replaced by a fresh one and
// its trajectory handed out by take_finished().
#include <cstdint>
#include <memory>
#include <vector>

#include "env/game.h"

namespace djambi {

struct Trajectory {
  int num_players = 0;
  std::vector<int> seats;        // who decided at each step
  std::vector<Action> actions;   // what it chose
  std::vector<float> returns;    // one per seat
  size_t length() const { return actions.size(); }
};

class VecEnv {
 public:
  VecEnv(std::shared_ptr<const Game> game, int num_games);

  int size() const { return static_cast<int>(states_.size()); }
  const Game& game() const { return *game_; }
  const GameState& state(int i) const { return *states_[i]; }

  // Writes every game's observation and legal mask into the batch buffers.
  void encode();
  float* observations() { return observations_.data(); }
  const float* observations() const { return observations_.data(); }
  const uint8_t* legal_masks() const { return masks_.data(); }
  int observation_size() const { return observation_size_; }
  int num_actions() const { return num_actions_; }

  // Applies actions[i] (legal) to game i, all games in parallel. Finished games restart.
  void step(const Action* actions);
  // The trajectories of the games finished since the last call, in order of completion within
  // each step (by game index).
  std::vector<Trajectory> take_finished();

 private:
  std::shared_ptr<const Game> game_;
  int observation_size_;
  int num_actions_;
  std::vector<std::unique_ptr<GameState>> states_;
  std::vector<Trajectory> running_;
  std::vector<uint8_t> just_finished_;
  std::vector<Trajectory> finished_;
  std::vector<float> observations_;
  std::vector<uint8_t> masks_;
};

}  // namespace djambi
