// metrics.jsonl on resume: a torn last line is dropped with a notice, the records past the
// checkpoint are dropped, everything else is kept byte for byte.
#include "train/run/metrics_log.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "tests/train/run_test_util.h"

namespace djambi {
namespace {

using train_test::read_file;
using train_test::TempDir;
using train_test::write_file;

const std::string kRecords = "{\"step\":1,\"games\":16}\n{\"step\":2,\"games\":32}\n{\"step\":3,\"games\":48}\n";

TEST(MetricsLog, ATornLastLineIsDroppedWithANotice) {
  TempDir dir("metrics");
  const std::string path = dir.file("metrics.jsonl");
  for (const char* torn : {"{\"step\":4,\"gam", "{\"step\":4,\"games\":64}", "{\"step\":4,\"ga\n"}) {
    write_file(path, kRecords + std::string(torn));
    const MetricsHistory history = read_metrics(path);
    EXPECT_EQ(history.lines.size(), 3u);
    EXPECT_EQ(history.last_step(), 3);
    std::ostringstream notices;
    const auto last = keep_metrics_up_to(path, history, 3, notices);
    EXPECT_EQ(last["games"], 48);
    EXPECT_EQ(read_file(path), kRecords) << "torn: " << torn;
    const std::string said = notices.str();
    EXPECT_NE(said.find("dropped its last line"), std::string::npos) << said;
    EXPECT_EQ(std::count(said.begin(), said.end(), '\n'), 1) << "one line: " << said;
  }
}

TEST(MetricsLog, RecordsPastTheCheckpointAreDroppedAndTheRestKept) {
  TempDir dir("metrics");
  const std::string path = dir.file("metrics.jsonl");
  write_file(path, kRecords);
  std::ostringstream notices;
  const auto last = keep_metrics_up_to(path, read_metrics(path), 1, notices);
  EXPECT_EQ(last["step"], 1);
  EXPECT_EQ(read_file(path), "{\"step\":1,\"games\":16}\n");
  EXPECT_NE(notices.str().find("dropped the 2 records from step 2 on"), std::string::npos) << notices.str();
}

TEST(MetricsLog, AWholeFileIsLeftAlone) {
  TempDir dir("metrics");
  const std::string path = dir.file("metrics.jsonl");
  write_file(path, kRecords);
  std::ostringstream notices;
  EXPECT_EQ(keep_metrics_up_to(path, read_metrics(path), 3, notices)["step"], 3);
  EXPECT_EQ(read_file(path), kRecords);
  EXPECT_EQ(notices.str(), "");
}

// No kill writes a bad line in the middle: it is kept as found (nothing is thrown away), named.
TEST(MetricsLog, ABadLineInTheMiddleIsKeptAndNamed) {
  TempDir dir("metrics");
  const std::string path = dir.file("metrics.jsonl");
  const std::string text = "{\"step\":1}\nnot json\n{\"step\":2}\n";
  write_file(path, text + "{\"step\":3");
  std::ostringstream notices;
  EXPECT_EQ(keep_metrics_up_to(path, read_metrics(path), 5, notices)["step"], 2);
  EXPECT_EQ(read_file(path), text);
  EXPECT_NE(notices.str().find("line 2 is not a metrics record"), std::string::npos) << notices.str();
}

TEST(MetricsLog, AMissingFileIsAnEmptyHistory) {
  TempDir dir("metrics");
  const MetricsHistory history = read_metrics(dir.file("metrics.jsonl"));
  EXPECT_TRUE(history.lines.empty());
  EXPECT_EQ(history.last_step(), 0);
  std::ostringstream notices;
  EXPECT_TRUE(keep_metrics_up_to(dir.file("metrics.jsonl"), history, 0, notices).is_null());
}

}  // namespace
}  // namespace djambi
