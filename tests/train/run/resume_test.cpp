// Which checkpoint a resume continues from: the newest that loads, a truncated or corrupted newer
// one being named and set aside; a run whose checkpoints are all gone is refused, untouched.
#include "train/run/resume.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <numeric>
#include <sstream>

#include "env/game_record.h"
#include "env/tictactoe/game.h"
#include "tests/train/run_test_util.h"
#include "train/config.h"
#include "train/run/metrics_log.h"
#include "train/trainer.h"

namespace djambi {
namespace {

namespace fs = std::filesystem;
using train_test::read_file;
using train_test::TempDir;
using train_test::write_file;

void truncate_to_half(const std::string& path) {
  const std::string bytes = read_file(path);
  write_file(path, bytes.substr(0, bytes.size() / 2));
}

void flip_a_byte(const std::string& path) {
  std::string bytes = read_file(path);
  bytes[bytes.size() / 3] ^= 0x10;
  write_file(path, bytes);
}

bool mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A run directory with checkpoints of steps 2 and 4 of a small tic-tac-toe net.
class ResumeCheckpoint : public ::testing::Test {
 protected:
  ResumeCheckpoint() : tmp_("resume"), dir_(tmp_.file("run")), config_(net_config_for(TicTacToeGame(), "small")) {
    dir_.create_new();
    for (int step : {2, 4}) {
      PolicyValueNet net(config_);
      torch::optim::SGD sgd(net->parameters(), 0.1);
      save_checkpoint(dir_.checkpoint_path(step), net, step, &sgd);
      dir_.commit_checkpoint(dir_.checkpoint_path(step), 3);
    }
  }
  std::optional<LoadedCheckpoint> load(long long metrics_last_step = 4) {
    torch::optim::SGD sgd(net_->parameters(), 0.1);
    return load_resume_checkpoint(dir_, config_, sgd, metrics_last_step, 2, notices_);
  }
  // The newest checkpoint was skipped for `reason`, set aside as is, and step 2 used.
  void expect_fell_back(const std::string& reason) {
    const std::string newest = dir_.checkpoint_path(4), bytes = read_file(newest);
    const auto loaded = load();
    ASSERT_TRUE(loaded.has_value());
    EXPECT_EQ(loaded->step, 2);
    const std::string said = notices_.str();
    EXPECT_TRUE(mentions(said, "resume: skipped " + newest + ": ")) << said;
    EXPECT_TRUE(mentions(said, reason)) << said;
    EXPECT_TRUE(mentions(said, "resume: continuing from " + dir_.checkpoint_path(2) + " (step 2)")) << said;
    EXPECT_FALSE(fs::exists(newest));
    EXPECT_EQ(read_file(newest + ".rejected"), bytes);
    EXPECT_EQ(dir_.checkpoints_newest_first(), std::vector<std::string>{dir_.checkpoint_path(2)});
  }

  TempDir tmp_;
  RunDir dir_;
  NetConfig config_;
  PolicyValueNet net_{config_};
  std::ostringstream notices_;
};

TEST_F(ResumeCheckpoint, UsesTheNewest) {
  const auto loaded = load();
  ASSERT_TRUE(loaded.has_value());
  EXPECT_EQ(loaded->step, 4);
  EXPECT_EQ(notices_.str(), "resume: continuing from " + dir_.checkpoint_path(4) + " (step 4)\n");
}

TEST_F(ResumeCheckpoint, ATruncatedNewestFallsBackToThePrevious) {
  truncate_to_half(dir_.checkpoint_path(4));
  expect_fell_back("truncated");
}

TEST_F(ResumeCheckpoint, ABitFlipInTheNewestFallsBackToThePrevious) {
  flip_a_byte(dir_.checkpoint_path(4));
  expect_fell_back("corrupted");
}

TEST_F(ResumeCheckpoint, NoneLoadingIsRefusedAndNothingChanges) {
  truncate_to_half(dir_.checkpoint_path(4));
  flip_a_byte(dir_.checkpoint_path(2));
  const std::string four = read_file(dir_.checkpoint_path(4)), two = read_file(dir_.checkpoint_path(2));
  try {
    load();
    ADD_FAILURE() << "resumed with no loadable checkpoint";
  } catch (const std::invalid_argument& e) {
    EXPECT_TRUE(mentions(e.what(), dir_.checkpoint_path(4))) << e.what();
    EXPECT_TRUE(mentions(e.what(), dir_.checkpoint_path(2))) << e.what();
    EXPECT_TRUE(mentions(e.what(), "nothing was changed")) << e.what();
  }
  EXPECT_EQ(read_file(dir_.checkpoint_path(4)), four);
  EXPECT_EQ(read_file(dir_.checkpoint_path(2)), two);
  EXPECT_EQ(dir_.checkpoints_newest_first().size(), 2u);
}

TEST_F(ResumeCheckpoint, AllGoneIsRefusedWhenTheRunHadOne) {
  fs::remove(dir_.checkpoint_path(2));
  fs::remove(dir_.checkpoint_path(4));
  EXPECT_THROW(load(0), std::invalid_argument);  // `latest` is still there
  fs::remove(dir_.checkpoints() + "/latest");
  try {
    load(3);  // the checkpoint of step 2 was committed before step 3 was recorded
    ADD_FAILURE() << "resumed a run whose checkpoints are gone";
  } catch (const std::invalid_argument& e) {
    EXPECT_TRUE(mentions(e.what(), "no checkpoint left")) << e.what();
    EXPECT_TRUE(mentions(e.what(), "reaches step 3")) << e.what();
  }
  // Killed before its first checkpoint, or while writing it: nothing to lose, it starts again.
  EXPECT_FALSE(load(1).has_value());
  EXPECT_FALSE(load(2).has_value());
}

// ---- whole runs ----

TrainConfig tiny_config(int max_steps, int checkpoint_every_steps) {
  TrainConfig config = load_train_config(std::string(DJAMBI_SOURCE_DIR) + "/configs/tictactoe.yaml");
  apply_overrides(config, train_test::tiny_run_settings(max_steps, checkpoint_every_steps));
  return config;
}

std::vector<long long> metrics_steps(const std::string& path) {
  std::vector<long long> steps;
  for (const auto& line : read_metrics(path).lines) steps.push_back(line.step.value_or(-1));
  return steps;
}

// A finished run whose newest checkpoint is corrupted, whose metrics end with a torn line and
// whose last game record is cut short resumes from the previous checkpoint, says so, and ends
// with every step logged once and every record whole.
TEST(ResumeRun, FallsBackPastACorruptCheckpointAndTornLogs) {
  TempDir tmp("resume_run");
  const std::string run = tmp.file("run");
  ASSERT_EQ(train_new(run, tiny_config(6, 2)).steps, 6);
  const RunDir dir(run);
  flip_a_byte(dir.checkpoint_path(6));
  std::ofstream(dir.metrics_path(), std::ios::app) << "{\"step\":7,\"elapsed";
  std::string last_records;
  for (const auto& entry : fs::directory_iterator(dir.games())) last_records = std::max(last_records, entry.path().string());
  std::ofstream(last_records, std::ios::app) << "# djambi-zero game record\ngame tictactoe\nvari";

  std::string said;  // the loop's notices (TrainHooks::notices), a line each
  TrainHooks hooks;
  hooks.notices = [&said](const std::string& line) { said += line + "\n"; };
  const TrainOutcome outcome = train_resume(run, hooks);
  EXPECT_EQ(outcome.steps, 6);
  EXPECT_TRUE(mentions(said, "resume: skipped " + dir.checkpoint_path(6) + ": ")) << said;
  EXPECT_TRUE(mentions(said, "corrupted")) << said;
  EXPECT_TRUE(mentions(said, "resume: continuing from " + dir.checkpoint_path(4) + " (step 4)")) << said;
  EXPECT_TRUE(mentions(said, "dropped its last line")) << said;
  EXPECT_TRUE(mentions(said, last_records + ": dropped its last record")) << said;
  EXPECT_TRUE(fs::exists(dir.checkpoint_path(6) + ".rejected"));
  EXPECT_EQ(load_checkpoint(dir.checkpoint_path(6)).step, 6);  // saved again by the resumed run
  EXPECT_EQ(metrics_steps(dir.metrics_path()), (std::vector<long long>{1, 2, 3, 4, 5, 6}));
  EXPECT_TRUE(read_metrics(dir.metrics_path()).torn.empty());
  for (const auto& entry : fs::directory_iterator(dir.games()))
    for (const GameRecord& record : parse_records(read_file(entry.path().string()))) replay_record(record);
}

TEST(ResumeRun, ARunWithItsCheckpointsGoneIsRefusedUntouched) {
  TempDir tmp("resume_run");
  const std::string run = tmp.file("run");
  train_new(run, tiny_config(4, 2));
  const RunDir dir(run);
  for (const std::string& path : dir.checkpoints_newest_first()) fs::remove(path);
  const std::string metrics = read_file(dir.metrics_path());
  try {
    train_resume(run);
    ADD_FAILURE() << "resumed at step 0 over a history of 4 steps";
  } catch (const std::invalid_argument& e) {
    EXPECT_TRUE(mentions(e.what(), "cannot resume '" + run + "'")) << e.what();
  }
  EXPECT_EQ(read_file(dir.metrics_path()), metrics);
  EXPECT_TRUE(dir.checkpoints_newest_first().empty());
}

// A malformed replay chunk stops the resume before it changes anything: the corrupt newest
// checkpoint is not set aside yet, the metrics are not cut.
TEST(ResumeRun, AMalformedReplayChunkStopsItBeforeAnyChange) {
  TempDir tmp("resume_run");
  const std::string run = tmp.file("run");
  train_new(run, tiny_config(4, 2));
  const RunDir dir(run);
  flip_a_byte(dir.checkpoint_path(4));
  std::ofstream(dir.metrics_path(), std::ios::app) << "{\"step\":5,\"elapsed";
  std::string chunk;
  for (const auto& entry : fs::directory_iterator(dir.replay())) chunk = std::max(chunk, entry.path().string());
  ASSERT_FALSE(chunk.empty());
  write_file(chunk, "not a replay chunk");
  const std::string metrics = read_file(dir.metrics_path());
  try {
    train_resume(run);
    ADD_FAILURE() << "resumed past a malformed replay chunk";
  } catch (const std::runtime_error& e) {
    EXPECT_TRUE(mentions(e.what(), chunk)) << e.what();
  }
  EXPECT_TRUE(fs::exists(dir.checkpoint_path(4)));
  EXPECT_FALSE(fs::exists(dir.checkpoint_path(4) + ".rejected"));
  EXPECT_EQ(read_file(dir.metrics_path()), metrics);
}

// A stop request (Ctrl-C in `djambi train`) ends the run after the round it came in: its
// checkpoint and player are saved, the closing evaluation is skipped, and a resume finishes it.
TEST(ResumeRun, AStopRequestSavesACheckpointThatResumes) {
  TempDir tmp("stop_run");
  const std::string run = tmp.file("run");
  std::atomic<bool> stop{false};
  TrainHooks hooks;
  hooks.stop = &stop;
  hooks.report = [&stop](const TrainProgress& p) {
    if (p.step >= 3) stop = true;
  };
  const TrainOutcome stopped = train_new(run, tiny_config(12, 100), hooks);
  EXPECT_TRUE(stopped.stopped);
  EXPECT_GE(stopped.steps, 3);
  EXPECT_LT(stopped.steps, 12);
  EXPECT_TRUE(stopped.evaluation.empty());
  const RunDir dir(run);
  EXPECT_EQ(load_checkpoint(dir.checkpoint_path(stopped.steps)).step, stopped.steps);
  EXPECT_TRUE(fs::exists(stopped.player_bundle));
  const TrainOutcome finished = train_resume(run);
  EXPECT_FALSE(finished.stopped);
  EXPECT_EQ(finished.steps, 12);
  EXPECT_FALSE(finished.evaluation.empty());
  std::vector<long long> all(12);
  std::iota(all.begin(), all.end(), 1);
  EXPECT_EQ(metrics_steps(dir.metrics_path()), all);
}

}  // namespace
}  // namespace djambi
