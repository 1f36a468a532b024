// A whole tiny run with an accelerator's settings, here on the CPU: self-play on a thread of
// its own beside the learner, and its search pipelined in two groups.
#include "train/trainer.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <numeric>

#include "env/game_record.h"
#include "nets/bundle.h"
#include "tests/train/run_test_util.h"
#include "train/config.h"
#include "train/run/metrics_log.h"
#include "train/run/run_dir.h"

namespace djambi {
namespace {

namespace fs = std::filesystem;

TEST(Trainer, RunsWithSelfPlayOnItsOwnThreadAndAPipelinedSearch) {
  train_test::TempDir tmp("own_thread");
  const std::string run = tmp.file("run");
  TrainConfig config = load_train_config(std::string(DJAMBI_SOURCE_DIR) + "/configs/tictactoe.yaml");
  apply_overrides(config, train_test::tiny_run_settings(8, 4));
  apply_overrides(config, {"selfplay.own_thread=on", "selfplay.pipeline_groups=2", "evaluation.every_steps=4"});
  const TrainOutcome outcome = train_new(run, config);
  EXPECT_EQ(outcome.steps, 8);
  EXPECT_FALSE(outcome.evaluation.empty());
  EXPECT_TRUE(fs::exists(outcome.player_bundle));
  const RunDir dir(run);
  std::vector<long long> steps, all(8);
  for (const auto& line : read_metrics(dir.metrics_path()).lines) steps.push_back(line.step.value_or(-1));
  std::iota(all.begin(), all.end(), 1);
  EXPECT_EQ(steps, all) << "every step logged once, in order";
  size_t records = 0;
  for (const auto& entry : fs::directory_iterator(dir.games()))
    for (const GameRecord& record : parse_records(train_test::read_file(entry.path().string()))) {
      replay_record(record);
      ++records;
    }
  EXPECT_GE(records, 16u) << "the replay buffer's 64 samples came from whole games";
}

// Whether every parameter of `a` is within 1e-6 of `b`'s.
bool same_weights(const PolicyValueNet& a, const PolicyValueNet& b) {
  const auto pa = a->parameters(), pb = b->parameters();
  if (pa.size() != pb.size()) return false;
  for (size_t i = 0; i < pa.size(); ++i)
    if (!torch::allclose(pa[i], pb[i], 0, 1e-6)) return false;
  return true;
}

TEST(Trainer, StartsFromTheWeightsOfNetInit) {
  train_test::TempDir tmp("net_init");
  TrainConfig config = load_train_config(std::string(DJAMBI_SOURCE_DIR) + "/configs/tictactoe.yaml");
  apply_overrides(config, train_test::tiny_run_settings(4, 4));
  const PlayerBundle first = load_player_bundle(train_new(tmp.file("first"), config).player_bundle);
  // A learning rate of almost nothing: what a run ends with is what it started from.
  apply_overrides(config, {"learner.learning_rate=1e-9", "learner.weight_decay=0", "learner.max_steps=2",
                           "run.seed=7"});
  const PlayerBundle fresh = load_player_bundle(train_new(tmp.file("fresh"), config).player_bundle);
  EXPECT_FALSE(same_weights(fresh.net, first.net)) << "without net.init a run starts from its own random weights";
  apply_overrides(config, {"net.init=" + tmp.file("first/players/final.djp")});
  const PlayerBundle continued = load_player_bundle(train_new(tmp.file("continued"), config).player_bundle);
  EXPECT_TRUE(same_weights(continued.net, first.net));
}

TEST(Trainer, RefusesANetInitItCannotUseBeforeMakingTheRunDirectory) {
  train_test::TempDir tmp("bad_net_init");
  TrainConfig config = load_train_config(std::string(DJAMBI_SOURCE_DIR) + "/configs/tictactoe.yaml");
  apply_overrides(config, train_test::tiny_run_settings(2, 2));
  for (const std::string& init : {tmp.file("missing.djp"), std::string(DJAMBI_SOURCE_DIR) + "/players/djambi.djp"}) {
    apply_overrides(config, {"net.init=" + init});
    try {
      train_new(tmp.file("run"), config);
      ADD_FAILURE() << init << " was accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("net.init: "), std::string::npos) << e.what();
    }
    EXPECT_FALSE(fs::exists(tmp.file("run"))) << init;
  }
}

}  // namespace
}  // namespace djambi
