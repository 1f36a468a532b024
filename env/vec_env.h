#pragma once
// N games stepped together. Observations and legal masks of all games are written, in
// parallel with TBB, into one contiguous pre-allocated batch ([N, C, H, W] floats and [N, A]
// bytes) that LibTorch and numpy can wrap without copying. A finished game is replaced by a
// fresh one (its returns are the step's rewards, its done flag set) and its trajectory handed
// out by take_finished().
#include <cstdint>
#include <memory>
#include <vector>

#include "env/game.h"
#include "env/random.h"

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

  // Writes every game's observation, legal mask and player to act into the batch buffers.
  void encode();
  float* observations() { return observations_.data(); }
  const float* observations() const { return observations_.data(); }
  const uint8_t* legal_masks() const { return masks_.data(); }
  const int32_t* current_players() const { return players_.data(); }  // [N], from encode()
  int observation_size() const { return observation_size_; }
  int num_actions() const { return num_actions_; }
  int num_players() const { return num_players_; }

  // Applies actions[i] (legal) to game i, all games in parallel. Finished games restart.
  void step(const Action* actions);
  // What the last step ended: dones()[i] is 1 when game i finished (and restarted), and then
  // rewards()[i * num_players() + p] holds seat p's return; both are 0 for the other games.
  const uint8_t* dones() const { return just_finished_.data(); }
  const float* rewards() const { return rewards_.data(); }
  // Every game back to its initial state; running trajectories are dropped, flags cleared.
  void reset();
  // A uniformly drawn legal action of every game, read from the encoded masks, into out[N].
  void random_legal_actions(Rng& rng, Action* out) const;
  // The trajectories of the games finished since the last call, in order of completion within
  // each step (by game index).
  std::vector<Trajectory> take_finished();

 private:
  std::shared_ptr<const Game> game_;
  int observation_size_;
  int num_actions_;
  int num_players_;
  std::vector<std::unique_ptr<GameState>> states_;
  std::vector<Trajectory> running_;
  std::vector<uint8_t> just_finished_;
  std::vector<Trajectory> finished_;
  std::vector<float> observations_;
  std::vector<uint8_t> masks_;
  std::vector<int32_t> players_;
  std::vector<float> rewards_;
};

// Random play measured (djambi bench env, and the Python module's bench against it): for
// `seconds`, encode the batch, draw a random legal action per game, step; the time of each part.
struct RandomPlayThroughput {
  long long batches = 0;
  double encode_seconds = 0, step_seconds = 0, wall_seconds = 0;
  // Game steps a second: of the whole loop, and of the steps alone.
  double loop_steps_per_second(int games) const { return batches * games / wall_seconds; }
  double step_steps_per_second(int games) const { return batches * games / step_seconds; }
};
RandomPlayThroughput measure_random_play(VecEnv& env, Rng& rng, double seconds);
// `batches` steps of random play, unmeasured (to bring the games to the middle game first).
void play_random_batches(VecEnv& env, Rng& rng, int batches);

}  // namespace djambi
