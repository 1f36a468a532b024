#include "env/io/atomic_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace djambi {

namespace fs = std::filesystem;

namespace {

constexpr const char* kTemporaryMark = ".tmp-";

std::string directory_of(const std::string& path) {
  const fs::path dir = fs::path(path).parent_path();
  return dir.empty() ? "." : dir.string();
}

// A name no other writer uses: the process id keeps processes apart, the counter threads and
// successive writes of one process (O_EXCL below catches anything else).
std::string temporary_for(const std::string& path) {
  static std::atomic<unsigned long long> counter{0};
  return path + kTemporaryMark + std::to_string(::getpid()) + "-" + std::to_string(counter++);
}

void write_all(int fd, std::string_view bytes) {
  const char* p = bytes.data();
  size_t left = bytes.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw std::runtime_error(std::strerror(errno));
    if (n == 0) throw std::runtime_error("nothing written");
    p += n;
    left -= static_cast<size_t>(n);
  }
}

}  // namespace

void write_file_atomically(const std::string& path, std::string_view bytes) {
  const std::string tmp = temporary_for(path);
  // 0644 before the umask, as std::ofstream would create it.
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) throw std::runtime_error("cannot write '" + path + "': cannot create '" + tmp + "': " + std::strerror(errno));
  try {
    write_all(fd, bytes);
    if (::fsync(fd) != 0) throw std::runtime_error(std::string("fsync: ") + std::strerror(errno));
  } catch (const std::runtime_error& e) {
    ::close(fd);
    ::unlink(tmp.c_str());
    throw std::runtime_error("cannot write '" + path + "' (through '" + tmp + "'): " + e.what());
  }
  if (::close(fd) != 0) {
    const std::string err = std::strerror(errno);
    ::unlink(tmp.c_str());
    throw std::runtime_error("cannot write '" + path + "' (through '" + tmp + "'): close: " + err);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string err = std::strerror(errno);
    ::unlink(tmp.c_str());
    throw std::runtime_error("cannot rename '" + tmp + "' to '" + path + "': " + err);
  }
  sync_directory(directory_of(path));
}

void sync_directory(const std::string& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) throw std::runtime_error("cannot open directory '" + dir + "' to sync it: " + std::strerror(errno));
  const int rc = ::fsync(fd);
  const int err = errno;
  ::close(fd);
  // EINVAL: the filesystem does not support syncing directories (some network filesystems);
  // there is nothing more to be done there.
  if (rc != 0 && err != EINVAL)
    throw std::runtime_error("cannot sync directory '" + dir + "': " + std::strerror(err));
}

bool is_atomic_write_temporary(const std::string& name) {
  const size_t mark = name.rfind(kTemporaryMark);
  if (mark == std::string::npos || mark == 0) return false;
  const std::string rest = name.substr(mark + std::strlen(kTemporaryMark));  // <pid>-<n>
  const size_t dash = rest.find('-');
  const auto digits = [](const std::string& s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
  };
  return dash != std::string::npos && digits(rest.substr(0, dash)) && digits(rest.substr(dash + 1));
}

int remove_atomic_write_temporaries(const std::string& dir) {
  int removed = 0;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (entry.is_regular_file() && is_atomic_write_temporary(entry.path().filename().string()))
      removed += fs::remove(entry.path(), ec) ? 1 : 0;
  return removed;
}

}  // namespace djambi
