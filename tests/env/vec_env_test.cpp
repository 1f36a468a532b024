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

}  // namespace
}  // namespace djambi
