// The one atomic-write helper and the append-only file: a target is replaced only by a whole new
// content, a failed write leaves the old file and no temporary, errors name the path and reason.
#include "env/io/atomic_file.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "env/io/append_file.h"
#include "tests/file_size_limit.h"

namespace djambi {
namespace {

namespace fs = std::filesystem;

class AtomicFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("djambi_atomic_file_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string file(const std::string& name) const { return (dir_ / name).string(); }
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir_)) out.push_back(e.path().filename().string());
    return out;
  }
  fs::path dir_;
};

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// `what` mentions every one of `parts`.
void expect_mentions(const std::string& what, const std::vector<std::string>& parts) {
  for (const auto& part : parts) EXPECT_NE(what.find(part), std::string::npos) << "'" << part << "' not in: " << what;
}

TEST_F(AtomicFileTest, CreatesAndReplacesLeavingNoTemporary) {
  const std::string path = file("config.yaml");
  write_file_atomically(path, "first\n");
  EXPECT_EQ(read(path), "first\n");
  write_file_atomically(path, "second, longer\n");
  EXPECT_EQ(read(path), "second, longer\n");
  write_file_atomically(path, "");
  EXPECT_EQ(read(path), "");
  EXPECT_EQ(names(), std::vector<std::string>{"config.yaml"});
}

// A reader polling the file while it is rewritten sees one whole version or the other, never a
// mix or a prefix.
TEST_F(AtomicFileTest, ReadersSeeOnlyWholeVersions) {
  const std::string path = file("chunk.bin");
  const std::string a(1 << 20, 'a'), b((1 << 20) + 4096, 'b');
  write_file_atomically(path, a);
  std::atomic<bool> done{false};
  std::atomic<int> reads{0}, torn{0};
  std::thread reader([&] {
    while (!done) {
      const std::string seen = read(path);
      ++reads;
      if (seen != a && seen != b) ++torn;
    }
  });
  for (int i = 0; i < 20; ++i) write_file_atomically(path, i % 2 ? a : b);
  done = true;
  reader.join();
  EXPECT_GT(reads, 0);
  EXPECT_EQ(torn, 0);
}

// The disk "fills up" halfway through the new content: the write throws naming the file and the
// system's reason, the old content is intact and the temporary is gone.
TEST_F(AtomicFileTest, AFailedWriteLeavesTheOldFileIntact) {
  const std::string path = file("step-10.pt");
  const std::string old_content(1000, 'o');
  write_file_atomically(path, old_content);
  try {
    test::FileSizeLimit limit(4096);
    write_file_atomically(path, std::string(100000, 'n'));
    ADD_FAILURE() << "a write past the file size limit succeeded";
  } catch (const std::runtime_error& e) {
    expect_mentions(e.what(), {path, "File too large"});
  }
  EXPECT_EQ(read(path), old_content);
  EXPECT_EQ(names(), std::vector<std::string>{"step-10.pt"});
}

TEST_F(AtomicFileTest, AMissingDirectoryIsNamedWithTheReason) {
  const std::string path = file("no/such/dir/file.txt");
  try {
    write_file_atomically(path, "x");
    ADD_FAILURE() << "wrote into a missing directory";
  } catch (const std::runtime_error& e) {
    expect_mentions(e.what(), {path, "No such file or directory"});
  }
}

TEST_F(AtomicFileTest, TemporariesOfKilledWritersAreRecognisedAndRemoved) {
  EXPECT_TRUE(is_atomic_write_temporary("step-50.pt.tmp-1234-0"));
  EXPECT_TRUE(is_atomic_write_temporary("latest.tmp-7-12"));
  EXPECT_FALSE(is_atomic_write_temporary("step-50.pt"));
  EXPECT_FALSE(is_atomic_write_temporary("notes.tmp-draft"));
  EXPECT_FALSE(is_atomic_write_temporary("x.tmp-12"));
  EXPECT_FALSE(is_atomic_write_temporary(".tmp-1-2"));
  for (const char* name : {"step-50.pt", "step-50.pt.tmp-1234-0", "latest.tmp-7-12", "notes.tmp-draft"})
    std::ofstream(file(name)) << "x";
  EXPECT_EQ(remove_atomic_write_temporaries(dir_.string()), 2);
  auto left = names();
  std::sort(left.begin(), left.end());
  EXPECT_EQ(left, (std::vector<std::string>{"notes.tmp-draft", "step-50.pt"}));
  EXPECT_EQ(remove_atomic_write_temporaries(file("missing")), 0);
}

TEST_F(AtomicFileTest, AppendFileAddsToWhatIsThere) {
  const std::string path = file("metrics.jsonl");
  std::ofstream(path) << "{\"step\":1}\n";
  {
    AppendFile log(path);
    log.append("{\"step\":2}\n");
    log.sync();
    log.append("{\"step\":3}\n");
  }
  EXPECT_EQ(read(path), "{\"step\":1}\n{\"step\":2}\n{\"step\":3}\n");
}

TEST_F(AtomicFileTest, AppendFileFailuresNameThePath) {
  const std::string path = file("games.txt");
  AppendFile log(path);
  try {
    test::FileSizeLimit limit(10);
    log.append(std::string(100, 'x'));
    ADD_FAILURE() << "appended past the file size limit";
  } catch (const std::runtime_error& e) {
    expect_mentions(e.what(), {path, "File too large"});
  }
  try {
    AppendFile missing(file("no/dir/games.txt"));
    ADD_FAILURE() << "opened a file in a missing directory";
  } catch (const std::runtime_error& e) {
    expect_mentions(e.what(), {"no/dir/games.txt", "No such file or directory"});
  }
}

}  // namespace
}  // namespace djambi
