#include "train/run/games_log.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <ostream>
#include <stdexcept>

#include "env/io/bounded_read.h"

namespace djambi {

namespace fs = std::filesystem;

namespace {

constexpr long long kRecordsPerFile = 100;
constexpr const char* kRecordEnd = "\n\n";  // a record's last line, then the blank line after it

bool ends_whole(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  const auto size = static_cast<long long>(in.tellg());
  if (size <= 0) return true;
  if (size < 2) return false;
  char tail[2];
  in.seekg(size - 2);
  in.read(tail, 2);
  return in && std::memcmp(tail, kRecordEnd, 2) == 0;
}

}  // namespace

void GamesLog::append(const std::string& record, long long game, long long step) {
  if (!file_.is_open() || game % kRecordsPerFile == 0) {
    char name[64];
    std::snprintf(name, sizeof name, "/games-%08lld-step-%lld.txt", game, step);
    file_ = AppendFile(dir_ + name);
  }
  file_.append(record + "\n");
}

void repair_game_records(const std::string& dir, std::ostream& notices) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string path = entry.path().string();
    if (entry.path().extension() != ".txt" || ends_whole(path)) continue;
    // A file holds 100 records of a few kilobytes each.
    const std::string text = read_file_at_most(path, uint64_t{1} << 28, "game records file");
    const size_t end = text.rfind(kRecordEnd);
    const size_t keep = end == std::string::npos ? 0 : end + 2;
    if (::truncate(path.c_str(), static_cast<off_t>(keep)) != 0)
      throw std::runtime_error("cannot cut the unfinished record off '" + path + "': " + std::strerror(errno));
    notices << "resume: " << path << ": dropped its last record, cut short when the run was stopped ("
            << text.size() - keep << " bytes)\n";
  }
}

}  // namespace djambi
