// The actor plays with its own copy of the weights: what the learner does to its network after
// a copy changes nothing until the next load_weights, and the games say which weights played.
// On a thread of its own it plays ahead of the learner, within a bound, takes new weights at
// its next round and passes its errors on.
#include "train/actors/actor.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "train/actors/actor_pool.h"

#include "env/game_record.h"
#include "env/tictactoe/game.h"
#include "tests/train/run_test_util.h"

namespace djambi {
namespace {

struct ActorTest : ::testing::Test {
  ActorTest() : tmp("actor"), run(tmp.file("run")) {
    config = load_train_config(std::string(DJAMBI_SOURCE_DIR) + "/configs/tictactoe.yaml");
    apply_overrides(config, {"selfplay.games=8", "mcts.sims=8"});
    net_config = net_config_for(*game, "small");
    torch::manual_seed(3);
    learner_net = PolicyValueNet(net_config);
  }
  // The records of the games a new actor with these weights finishes in its first 9 rounds.
  std::vector<std::string> games_of(Actor& actor) {
    std::vector<std::string> records;
    for (int round = 0; round < 9; ++round)
      for (const FinishedGame& g : actor.play().games) records.push_back(format_record(g.record));
    return records;
  }
  std::unique_ptr<Actor> actor(long long version) {
    return std::make_unique<Actor>(game, config, net_config, torch::kCPU, run, ActorWeights{version, &learner_net}, 7);
  }
  void scramble_learner_net() {
    torch::NoGradGuard no_grad;
    for (auto& p : learner_net->parameters()) p.uniform_(-1, 1);
  }

  train_test::TempDir tmp;
  RunDir run;
  std::shared_ptr<const Game> game = std::make_shared<TicTacToeGame>();
  TrainConfig config;
  NetConfig net_config;
  PolicyValueNet learner_net{nullptr};
};

TEST_F(ActorTest, PlaysItsOwnCopyUntilNewWeightsArrive) {
  const std::vector<std::string> before = games_of(*actor(0));
  ASSERT_GE(before.size(), 8u);  // every game of tic-tac-toe ends within 9 decisions

  auto copied = actor(0);
  scramble_learner_net();  // the learner moves on; the actor's copy stays as it was
  EXPECT_EQ(games_of(*copied), before);

  auto fresh = actor(4);  // made from the changed network: other games
  EXPECT_NE(games_of(*fresh), before);
  copied->load_weights({4, &learner_net});
  EXPECT_EQ(copied->weights_version(), 4);
  EXPECT_EQ(copied->play().weights_version, 4);
}

TEST_F(ActorTest, GamesCarryTheirSamplesAndSearchCosts) {
  auto a = actor(0);
  size_t samples = 0, games = 0;
  for (int round = 0; round < 9; ++round)
    for (const FinishedGame& g : a->play().games) {
      ++games;
      samples += g.samples.size();
      for (const Sample& s : g.samples) EXPECT_EQ(s.value.size(), 2u);
    }
  EXPECT_EQ(games, 8u);
  EXPECT_GT(samples, games);
  const ActorSearchStats stats = a->search_stats();
  EXPECT_GT(stats.positions, 0);
  EXPECT_GT(stats.network_positions, 0);
  EXPECT_LE(stats.network_positions, stats.positions);
}

TEST_F(ActorTest, OnItsOwnThreadItPlaysAheadTakesNewWeightsAndPassesItsErrorsOn) {
  apply_overrides(config, {"selfplay.opponents=[past]", "selfplay.opponent_games=1", "selfplay.own_thread=on"});
  run.create_new();
  auto pool = make_local_actor_pool({game, config, net_config, torch::kCPU, run, {0, &learner_net}, 7, {}});
  // Tic-tac-toe rounds take about a millisecond: in a second the actor reaches its bound.
  std::this_thread::sleep_for(std::chrono::seconds(1));
  const std::vector<ActorRound> ahead = pool->collect(1.0);
  EXPECT_GE(ahead.size(), 1u);
  EXPECT_LE(ahead.size(), 64u) << "it stays at most 64 rounds ahead of the learner";

  scramble_learner_net();
  pool->publish_weights(learner_net, 5);
  bool played_with_new_weights = false;
  for (int i = 0; i < 200 && !played_with_new_weights; ++i)
    for (const ActorRound& round : pool->collect(1.0)) played_with_new_weights |= round.weights_version == 5;
  EXPECT_TRUE(played_with_new_weights);
  EXPECT_EQ(pool->weights_version(), 5);
  EXPECT_GT(pool->search_stats().positions, 0);
  EXPECT_GT(pool->throughput().front().games, 0);

  // A league checkpoint that does not load fails the actor's next game: the learner hears of it.
  train_test::write_file(run.checkpoint_path(2), "not a checkpoint");
  run.commit_checkpoint(run.checkpoint_path(2), 3);
  pool->checkpoint_saved();
  try {
    for (int i = 0; i < 1000; ++i) pool->collect(1.0);
    ADD_FAILURE() << "the actor's error was lost";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("selfplay.opponents"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace djambi
