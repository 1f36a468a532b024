// Bounded readers (env/io/bounded_read.h): a file or line over its limit is refused after
// reading at most one byte more, and what is within the limit reads whole.
#include "env/io/bounded_read.h"

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "tests/temp_dir.h"

namespace djambi {
namespace {

std::string refusal(const std::string& path, uint64_t limit) {
  try {
    read_file_at_most(path, limit, "test file");
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "accepted";
}

TEST(BoundedRead, AFileWithinTheLimitReadsWholeAndALargerOneIsRefusedNamingTheLimit) {
  test::TempDir dir("bounded_read");
  const std::string path = dir.file("ten.txt");
  std::ofstream(path) << "0123456789";
  EXPECT_EQ(read_file_at_most(path, 10, "test file"), "0123456789");
  EXPECT_EQ(refusal(path, 9), "test file '" + path + "' is larger than the limit of 9 bytes");
  EXPECT_NE(refusal(dir.file("none.txt"), 9).find("cannot read test file"), std::string::npos);
  EXPECT_NE(refusal(dir.path().string(), 9).find("it is a directory"), std::string::npos);
}

TEST(BoundedRead, AnEndlessFileIsRefusedAtOnce) {
  const auto start = std::chrono::steady_clock::now();
  EXPECT_NE(refusal("/dev/zero", 1 << 20).find("larger than the limit of 1048576 bytes"), std::string::npos);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
}

TEST(BoundedRead, LinesOverTheLimitAreConsumedAndReported) {
  std::istringstream in("short\n" + std::string(100, 'x') + "\nexactly10!\nlast");
  std::string line;
  EXPECT_EQ(read_line_at_most(in, line, 10), LineRead::kLine);
  EXPECT_EQ(line, "short");
  EXPECT_EQ(read_line_at_most(in, line, 10), LineRead::kTooLong);
  EXPECT_TRUE(line.empty());
  EXPECT_EQ(read_line_at_most(in, line, 10), LineRead::kLine);
  EXPECT_EQ(line, "exactly10!");
  EXPECT_EQ(read_line_at_most(in, line, 10), LineRead::kLine);  // no newline at the end
  EXPECT_EQ(line, "last");
  EXPECT_EQ(read_line_at_most(in, line, 10), LineRead::kEnd);
  std::istringstream empty_lines("\n\n");
  EXPECT_EQ(read_line_at_most(empty_lines, line, 10), LineRead::kLine);
  EXPECT_EQ(line, "");
  EXPECT_EQ(read_line_at_most(empty_lines, line, 10), LineRead::kLine);
  EXPECT_EQ(read_line_at_most(empty_lines, line, 10), LineRead::kEnd);
}

}  // namespace
}  // namespace djambi
