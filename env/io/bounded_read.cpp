#include "env/io/bounded_read.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <istream>
#include <stdexcept>
#include <vector>

namespace djambi {

std::string read_file_at_most(const std::string& path, uint64_t limit, const std::string& what) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw std::runtime_error("cannot read " + what + " '" + path + "': it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + what + " '" + path + "': " + std::strerror(errno));
  std::string text;
  std::vector<char> chunk(1 << 16);
  while (in) {
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    text.append(chunk.data(), static_cast<size_t>(in.gcount()));
    if (text.size() > limit)
      throw std::runtime_error(what + " '" + path + "' is larger than the limit of " + std::to_string(limit) + " bytes");
  }
  if (in.bad()) throw std::runtime_error("cannot read " + what + " '" + path + "': a read error");
  return text;
}

LineRead read_line_at_most(std::istream& in, std::string& line, size_t limit) {
  line.clear();
  bool any = false, too_long = false;
  std::streambuf* buffer = in.rdbuf();
  while (true) {
    const int c = buffer->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      if (!any) return LineRead::kEnd;
      break;
    }
    any = true;
    if (c == '\n') break;
    if (too_long) continue;
    if (line.size() == limit) {
      too_long = true;
      line.clear();
      line.shrink_to_fit();
      continue;
    }
    line.push_back(static_cast<char>(c));
  }
  return too_long ? LineRead::kTooLong : LineRead::kLine;
}

}  // namespace djambi
