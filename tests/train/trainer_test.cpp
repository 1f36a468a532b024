// A whole tiny run with an accelerator's settings, here on the CPU: self-play on a thread of
// its own beside the learner, and its search pipelined in two groups.
#include "train/trainer.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <numeric>

#include "env/game_record.h"
#include "run_test_util.h"
#include "train/config.h"
#include "train/metrics_log.h"
#include "train/run_dir.h"

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

}  // namespace
}  // namespace djambi
