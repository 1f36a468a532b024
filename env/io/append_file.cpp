#include "env/io/append_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <utility>

#include "env/io/atomic_file.h"

namespace djambi {

namespace {

std::runtime_error failure(const std::string& doing, const std::string& path) {
  return std::runtime_error("cannot " + doing + " '" + path + "': " + std::strerror(errno));
}

}  // namespace

AppendFile::AppendFile(const std::string& path) : path_(path) {
  fd_ = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) throw failure("open", path);
  // The file may be new: its directory entry must reach the disk as well.
  const std::filesystem::path dir = std::filesystem::path(path).parent_path();
  sync_directory(dir.empty() ? "." : dir.string());
}

AppendFile::AppendFile(AppendFile&& other) noexcept
    : path_(std::move(other.path_)), fd_(std::exchange(other.fd_, -1)) {}

AppendFile& AppendFile::operator=(AppendFile&& other) noexcept {
  if (this != &other) {
    close();
    path_ = std::move(other.path_);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

AppendFile::~AppendFile() { close(); }

void AppendFile::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

void AppendFile::append(std::string_view bytes) {
  if (fd_ < 0) throw std::runtime_error("cannot append to '" + path_ + "': not open");
  const char* p = bytes.data();
  size_t left = bytes.size();
  // One write(2) normally takes all; the loop only finishes one cut short by a signal.
  while (left > 0) {
    const ssize_t n = ::write(fd_, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw failure("append to", path_);
    if (n == 0) throw std::runtime_error("cannot append to '" + path_ + "': nothing written");
    p += n;
    left -= static_cast<size_t>(n);
  }
}

void AppendFile::sync() {
  if (fd_ >= 0 && ::fsync(fd_) != 0) throw failure("sync", path_);
}

}  // namespace djambi
