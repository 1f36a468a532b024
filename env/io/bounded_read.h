#pragma once
// Reading text input with a size limit (docs/RELIABILITY.md): a file or a line larger than its
// limit is refused with the limit named, after reading at most one byte more than the limit,
// so that /dev/zero, a sparse file of gigabytes or an endless line costs bounded memory and time.
#include <cstdint>
#include <iosfwd>
#include <string>

namespace djambi {

// The whole content of the file at `path` if it holds at most `limit` bytes. Throws
// std::runtime_error naming `what` (e.g. "config file"), the path and the problem: cannot be
// opened, a directory, larger than the limit, a read error.
std::string read_file_at_most(const std::string& path, uint64_t limit, const std::string& what);

enum class LineRead {
  kLine,     // `line` holds the next line, without its newline
  kTooLong,  // the line was longer than the limit: consumed to its newline, `line` is empty
  kEnd,      // no more input
};
// The next line of `in`, of at most `limit` bytes (a last line without a newline counts).
LineRead read_line_at_most(std::istream& in, std::string& line, size_t limit);

}  // namespace djambi
