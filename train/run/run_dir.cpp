#include "train/run/run_dir.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <utility>

#include "env/io/atomic_file.h"

namespace djambi {

namespace fs = std::filesystem;

RunLock::RunLock(RunLock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

RunLock& RunLock::operator=(RunLock&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

RunLock::~RunLock() {
  if (fd_ >= 0) ::close(fd_);  // releases the flock
}

void RunDir::create_new() const {
  if (fs::exists(root_) && (!fs::is_directory(root_) || !fs::is_empty(root_)))
    throw std::invalid_argument("run directory '" + root_ +
                                "' already exists and is not empty; use --resume to continue it or choose another");
  for (const std::string& dir : {root_, checkpoints(), replay(), games(), plots(), players()})
    fs::create_directories(dir);
}

RunLock RunDir::lock() const {
  const std::string path = root_ + "/lock";
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) throw std::runtime_error("cannot open '" + path + "': " + std::strerror(errno));
  // flock, not a pid file: the kernel releases it whenever the holder dies, SIGKILL included.
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int err = errno;
    ::close(fd);
    if (err == EWOULDBLOCK)
      throw std::invalid_argument("run directory '" + root_ + "' is in use by another process (it holds '" +
                                  path + "')");
    throw std::runtime_error("cannot lock '" + path + "': " + std::strerror(err));
  }
  return RunLock(fd);
}

int RunDir::remove_temporaries() const {
  int removed = 0;
  for (const std::string& dir : directories())
    removed += remove_atomic_write_temporaries(dir);
  return removed;
}

std::string RunDir::checkpoint_path(long long step) const {
  return checkpoints() + "/step-" + std::to_string(step) + ".pt";
}

std::vector<std::pair<long long, std::string>> RunDir::checkpoint_files() const {
  std::vector<std::pair<long long, std::string>> out;
  if (!fs::exists(checkpoints())) return out;
  for (const auto& entry : fs::directory_iterator(checkpoints())) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("step-", 0) != 0 || entry.path().extension() != ".pt") continue;
    try {
      out.emplace_back(std::stoll(name.substr(5)), entry.path().string());
    } catch (const std::exception&) {
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> RunDir::checkpoints_newest_first() const {
  std::vector<std::string> out;
  const auto files = checkpoint_files();
  for (auto it = files.rbegin(); it != files.rend(); ++it) out.push_back(it->second);
  return out;
}

bool RunDir::has_checkpoint_history() const {
  return fs::exists(latest_pointer()) || !checkpoint_files().empty();
}

void RunDir::commit_checkpoint(const std::string& path, int keep) const {
  write_file_atomically(latest_pointer(), fs::path(path).filename().string() + "\n");
  auto files = checkpoint_files();
  const std::string newest = fs::path(path).filename().string();
  for (size_t i = 0; i + static_cast<size_t>(std::max(1, keep)) < files.size(); ++i)
    if (fs::path(files[i].second).filename() != newest) fs::remove(files[i].second);
}

std::string RunDir::set_aside(const std::string& path) const {
  std::string aside = path + ".rejected";
  for (int n = 1; fs::exists(aside); ++n) aside = path + ".rejected-" + std::to_string(n);  // keep earlier ones
  if (std::rename(path.c_str(), aside.c_str()) != 0)
    throw std::runtime_error("cannot rename '" + path + "' to '" + aside + "': " + std::strerror(errno));
  sync_directory(checkpoints());
  return aside;
}

}  // namespace djambi
