// The run directory's lock (one process trains a run at a time) and the setting aside of a
// checkpoint that does not load.
#include "train/run/run_dir.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <utility>

#include "tests/train/run_test_util.h"

namespace djambi {
namespace {

namespace fs = std::filesystem;
using train_test::read_file;
using train_test::TempDir;
using train_test::write_file;

// flock locks belong to an open file, so a second lock() in this process stands for a second
// process: it is refused while the first is held, and granted once it is released.
TEST(RunDir, TheLockKeepsASecondTrainerOut) {
  TempDir tmp("run_dir");
  const RunDir dir(tmp.file("run"));
  dir.create_new();
  {
    RunLock held = dir.lock();
    try {
      dir.lock();
      ADD_FAILURE() << "a second lock of a held run was granted";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("is in use by another process"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(dir.root()), std::string::npos) << e.what();
    }
    RunLock moved = std::move(held);  // a moved lock is still held
    EXPECT_THROW(dir.lock(), std::invalid_argument);
  }
  EXPECT_NO_THROW(dir.lock());  // released with its holder
}

TEST(RunDir, SetAsideKeepsEveryRejectedFile) {
  TempDir tmp("run_dir");
  const RunDir dir(tmp.file("run"));
  dir.create_new();
  const std::string path = dir.checkpoint_path(8);
  write_file(path, "first");
  EXPECT_EQ(dir.set_aside(path), path + ".rejected");
  write_file(path, "second");
  EXPECT_EQ(dir.set_aside(path), path + ".rejected-1");
  EXPECT_EQ(read_file(path + ".rejected"), "first");
  EXPECT_EQ(read_file(path + ".rejected-1"), "second");
  EXPECT_FALSE(fs::exists(path));
  EXPECT_TRUE(dir.checkpoints_newest_first().empty());  // set-aside files are not checkpoints
}

TEST(RunDir, RemovesTheTemporariesOfUnfinishedWritesOnly) {
  TempDir tmp("run_dir");
  const RunDir dir(tmp.file("run"));
  dir.create_new();
  write_file(dir.checkpoint_path(4), "checkpoint");
  write_file(dir.checkpoint_path(8) + ".tmp-4242-0", "half");
  write_file(dir.replay() + "/chunk-000000000064.bin.tmp-4242-3", "half");
  write_file(dir.config_path(), "config");
  EXPECT_EQ(dir.remove_temporaries(), 2);
  EXPECT_EQ(dir.checkpoints_newest_first(), std::vector<std::string>{dir.checkpoint_path(4)});
  EXPECT_TRUE(fs::is_empty(dir.replay()));
  EXPECT_EQ(read_file(dir.config_path()), "config");
}

}  // namespace
}  // namespace djambi
