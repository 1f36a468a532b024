// The league in a whole run: `past` seats earlier checkpoints of the run, named in the game
// records by their step; before the first checkpoint the learner plays the seat itself.
#include "train/league.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

#include "env/game_record.h"
#include "env/tictactoe/game.h"
#include "nets/checkpoint.h"
#include "tests/train/run_test_util.h"
#include "train/config.h"
#include "train/run/run_dir.h"
#include "train/settings.h"
#include "train/trainer.h"

namespace djambi {
namespace {

namespace fs = std::filesystem;

TEST(League, NamesNetworkSeats) {
  EXPECT_TRUE(League::names_a_network("past", "djambi"));
  EXPECT_TRUE(League::names_a_network("az:players/x.djp", "djambi"));
  EXPECT_TRUE(League::names_a_network("best", "djambi"));
  EXPECT_FALSE(League::names_a_network("greedy", "djambi"));
  EXPECT_FALSE(League::names_a_network("mcts:sims=8", "djambi"));
}

TEST(League, PastCheckpointsAreSeatedAndRecorded) {
  train_test::TempDir tmp("league_run");
  const std::string run = tmp.file("run");
  TrainConfig config = load_train_config(std::string(DJAMBI_SOURCE_DIR) + "/configs/tictactoe.yaml");
  apply_overrides(config, train_test::tiny_run_settings(16, 2));
  apply_overrides(config, {"selfplay.opponents=[past]", "selfplay.opponent_games=1", "selfplay.imitate=[]"});
  ASSERT_EQ(train_new(run, config).steps, 16);

  const RunDir dir(run);
  const std::regex past_name("past:step-([0-9]+)");
  int past_seats = 0, learner_only = 0;
  for (const auto& entry : fs::directory_iterator(dir.games()))
    for (const GameRecord& record : parse_records(train_test::read_file(entry.path().string()))) {
      replay_record(record);
      int past_here = 0;
      for (const std::string& name : record.players) {
        std::smatch m;
        if (!std::regex_match(name, m, past_name)) {
          EXPECT_EQ(name, "selfplay");
          continue;
        }
        ++past_here;
        const long long step = std::stoll(m[1]);
        EXPECT_EQ(step % 2, 0) << name;  // a checkpoint's step
        EXPECT_GT(step, 0) << name;
        EXPECT_LE(step, 16) << name;
      }
      EXPECT_LE(past_here, 1);  // tic-tac-toe: one seat of two at most
      past_seats += past_here;
      learner_only += past_here == 0;
    }
  EXPECT_GT(past_seats, 0);
  EXPECT_GT(learner_only, 0);  // the games before the first checkpoint
}

// An actor beside the learner may draw a checkpoint the learner has deleted since the league's
// last refresh: the league looks again instead of failing the run.
TEST(League, ACheckpointDeletedSinceTheRefreshIsNotDrawn) {
  train_test::TempDir tmp("league_gone");
  const RunDir dir(tmp.file("run"));
  dir.create_new();
  const auto game = std::make_shared<TicTacToeGame>();
  const NetConfig net_config = net_config_for(*game, "small");
  for (int step : {2, 4, 6}) {
    PolicyValueNet net(net_config);
    save_checkpoint(dir.checkpoint_path(step), net, step, nullptr);
    dir.commit_checkpoint(dir.checkpoint_path(step), 3);
  }
  League league(game, dir, net_config, torch::kCPU, Precision::kFloat32);
  fs::remove(dir.checkpoint_path(2));  // the learner moved on; the league has not refreshed
  std::mt19937_64 rng(5);
  for (int i = 0; i < 20; ++i) {
    const SeatNetwork seat = league.pick("past", rng);
    ASSERT_TRUE(seat.evaluator);
    EXPECT_NE(seat.name, "past:step-2");
  }
}

TEST(League, ConfigChecksLeagueSeats) {
  TrainConfig config = load_train_config(std::string(DJAMBI_SOURCE_DIR) + "/configs/tictactoe.yaml");
  const auto refused = [&](std::vector<std::string> settings, const std::string& part) {
    TrainConfig c = config;
    try {
      apply_overrides(c, settings);
      validate_train_config(c);
      build_config_players(c);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what()).find(part) != std::string::npos ? ::testing::AssertionSuccess()
                                                                     : ::testing::AssertionFailure() << e.what();
    }
    return ::testing::AssertionFailure() << "accepted";
  };
  EXPECT_TRUE(refused({"selfplay.opponents=[\"past,sims=3\"]", "selfplay.opponent_games=0.5"}, "takes no options"));
  EXPECT_TRUE(refused({"selfplay.opponents=[past]", "selfplay.imitate=[past]", "selfplay.opponent_games=0.5"},
                      "not imitated"));
  EXPECT_TRUE(refused({"selfplay.opponents=[past]", "selfplay.opponent_games=0.5", "run.checkpoint_every_steps=0"},
                      "checkpoint_every_steps"));
  EXPECT_TRUE(refused({"selfplay.opponents=[\"az:/no/such/file.djp\"]", "selfplay.opponent_games=0.5"},
                      "selfplay.opponents"));
  TrainConfig ok = config;
  apply_overrides(ok, {"selfplay.opponents=[past, random]", "selfplay.opponent_games=0.5"});
  validate_train_config(ok);
  build_config_players(ok);
}

}  // namespace
}  // namespace djambi
