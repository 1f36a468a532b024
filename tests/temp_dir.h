#pragma once
// For tests that write files: a fresh directory under the system temporary directory, removed
// with its contents. The name holds the process id, a counter and the time, so that tests run in
// parallel (ctest -j, one process per test) and repeated runs never share one.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <string>
#include <system_error>

namespace djambi::test {

class TempDir {
 public:
  explicit TempDir(const std::string& tag = "test") {
    static std::atomic<int> counter{0};
    const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
    path_ = std::filesystem::temp_directory_path() / ("djambi_" + tag + "_" + std::to_string(::getpid()) + "_" +
                                                      std::to_string(counter++) + "_" + std::to_string(now));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

}  // namespace djambi::test
