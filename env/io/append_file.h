#pragma once
// An append-only log file (metrics, game records): each append is one write(2) to a file opened
// with O_APPEND, so a killed process leaves at most its last append cut short; sync() makes
// everything appended so far durable (docs/RELIABILITY.md).
#include <string>
#include <string_view>

namespace djambi {

class AppendFile {
 public:
  AppendFile() = default;
  // Opens `path` for appending, creating it (and syncing its directory) if needed; throws
  // std::runtime_error naming the path.
  explicit AppendFile(const std::string& path);
  AppendFile(AppendFile&& other) noexcept;
  AppendFile& operator=(AppendFile&& other) noexcept;
  AppendFile(const AppendFile&) = delete;
  AppendFile& operator=(const AppendFile&) = delete;
  ~AppendFile();

  bool is_open() const { return fd_ >= 0; }
  const std::string& path() const { return path_; }
  // Hands `bytes` to the kernel: they survive the process being killed. Throws on failure.
  void append(std::string_view bytes);
  // Flushes what was appended to the disk: it survives a crash of the machine. Throws on failure.
  void sync();

 private:
  void close();
  std::string path_;
  int fd_ = -1;
};

}  // namespace djambi
