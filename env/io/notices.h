#pragma once
// The one way library code reports what a person should know (a checkpoint set aside, a run
// restarted at step 0, an actor lost): lines given to a callback of the program's. Library code
// never prints; apps/ decide where the lines go (the djambi binary: standard error).
#include <functional>
#include <string>

namespace djambi {

using Notices = std::function<void(const std::string& line)>;

// Each line of `text` (without its newline) to `notices`; nothing when `notices` is empty.
inline void report_lines(const Notices& notices, const std::string& text) {
  if (!notices) return;
  size_t begin = 0;
  while (begin < text.size()) {
    size_t end = text.find('\n', begin);
    if (end == std::string::npos) end = text.size();
    notices(text.substr(begin, end - begin));
    begin = end + 1;
  }
}

}  // namespace djambi
