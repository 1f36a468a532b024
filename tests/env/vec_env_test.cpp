// VecEnv steps many games at once; its results equal stepping the same games one by one.
#include "env/vec_env.h"

#include <gtest/gtest.h>

#include <cstring>

#include "env/djambi/game.h"
#include "env/random.h"

namespace djambi {
namespace {

// The action game i takes at step t: drawn from the legal ones by a per-game generator.
Action pick(const GameState& state, Rng& rng) {
  const auto legal = state.legal_actions();
  return legal[rng.below(static_cast<uint32_t>(legal.size()))];
}

TEST(VecEnv, EqualsSteppingTheGamesOneByOne) {
  auto game = std::make_shared<DjambiGame>();
  constexpr int kGames = 24;
  constexpr int kSteps = 600;
  VecEnv env(game, kGames);
  std::vector<std::unique_ptr<GameState>> serial;
  std::vector<Rng> rngs, serial_rngs;
  for (int i = 0; i < kGames; ++i) {
    serial.push_back(game->new_initial_state());
    rngs.emplace_back(100 + i);
    serial_rngs.emplace_back(100 + i);
  }
  std::vector<Action> actions(kGames);
  std::vector<float> obs(static_cast<size_t>(env.observation_size()));
  std::vector<uint8_t> mask(static_cast<size_t>(env.num_actions()));
  size_t finished = 0;
  std::vector<Trajectory> serial_finished;
  std::vector<Trajectory> serial_running(kGames);
  for (int t = 0; t < kSteps; ++t) {
    env.encode();
    for (int i = 0; i < kGames; ++i) {
      // The batch holds exactly what each game says of itself.
      serial[i]->observation(obs.data());
      ASSERT_EQ(std::memcmp(obs.data(), env.observations() + static_cast<size_t>(i) * obs.size(),
                            obs.size() * sizeof(float)), 0) << "game " << i << " step " << t;
      serial[i]->legal_mask(mask.data());
      ASSERT_EQ(std::memcmp(mask.data(), env.legal_masks() + static_cast<size_t>(i) * mask.size(), mask.size()), 0);
      ASSERT_EQ(env.state(i).hash(), serial[i]->hash());
      actions[i] = pick(env.state(i), rngs[i]);
      ASSERT_EQ(actions[i], pick(*serial[i], serial_rngs[i]));
    }
    env.step(actions.data());
    for (int i = 0; i < kGames; ++i) {
      serial_running[i].seats.push_back(serial[i]->current_player());
      serial_running[i].actions.push_back(actions[i]);
      serial[i]->apply_action(actions[i]);
      if (serial[i]->is_terminal()) {
        serial_running[i].returns.resize(static_cast<size_t>(serial[i]->num_players()));
        serial[i]->returns(serial_running[i].returns.data());
        serial_finished.push_back(std::move(serial_running[i]));
        serial_running[i] = Trajectory{};
        serial[i] = game->new_initial_state();
      }
    }
    for (const Trajectory& done : env.take_finished()) {
      ASSERT_LT(finished, serial_finished.size());
      const Trajectory& expected = serial_finished[finished++];
      EXPECT_EQ(done.actions, expected.actions);
      EXPECT_EQ(done.seats, expected.seats);
      EXPECT_EQ(done.returns, expected.returns);
      EXPECT_EQ(done.num_players, 4);
    }
  }
  EXPECT_EQ(finished, serial_finished.size());
  EXPECT_GT(finished, 0u) << "some games should finish within " << kSteps << " steps";
}

// The per-step flags: a game that finishes says so once, with its returns as the step's rewards,
// and the player to act is the state's; reset() brings every game back to its start.
TEST(VecEnv, DoneFlagsRewardsPlayersAndReset) {
  auto game = std::make_shared<DjambiGame>();
  constexpr int kGames = 16;
  VecEnv env(game, kGames);
  const uint64_t start = game->new_initial_state()->hash();
  Rng rng(5);
  std::vector<Action> actions(kGames);
  int dones = 0;
  for (int t = 0; t < 800; ++t) {
    env.encode();
    for (int i = 0; i < kGames; ++i) ASSERT_EQ(env.current_players()[i], env.state(i).current_player());
    env.random_legal_actions(rng, actions.data());
    for (int i = 0; i < kGames; ++i) ASSERT_TRUE(env.legal_masks()[static_cast<size_t>(i) * env.num_actions() + actions[i]]);
    env.step(actions.data());
    const std::vector<Trajectory> finished = env.take_finished();
    size_t next = 0;
    for (int i = 0; i < kGames; ++i) {
      const float* reward = env.rewards() + static_cast<size_t>(i) * env.num_players();
      if (!env.dones()[i]) {
        for (int p = 0; p < env.num_players(); ++p) ASSERT_EQ(reward[p], 0.0f);
        continue;
      }
      ++dones;
      ASSERT_LT(next, finished.size());
      EXPECT_EQ(std::vector<float>(reward, reward + env.num_players()), finished[next++].returns);
      EXPECT_EQ(env.state(i).hash(), start) << "a finished game restarts";
    }
    EXPECT_EQ(next, finished.size());
  }
  EXPECT_GT(dones, 0);
  env.reset();
  for (int i = 0; i < kGames; ++i) {
    EXPECT_EQ(env.state(i).hash(), start);
    EXPECT_EQ(env.dones()[i], 0);
  }
  EXPECT_TRUE(env.take_finished().empty());
}

}  // namespace
}  // namespace djambi
