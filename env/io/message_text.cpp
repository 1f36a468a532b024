#include "env/io/message_text.h"

#include <cstdio>

namespace djambi {

namespace {

void append_escaped(std::string_view text, std::string& out) {
  for (const char byte : text) {
    const auto c = static_cast<unsigned char>(byte);
    if (c < 0x20 || c == 0x7f) {
      char escaped[5];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
      out += escaped;
    } else {
      out += byte;
    }
  }
}

}  // namespace

std::string printable_message(std::string_view text, size_t max_bytes) {
  std::string out;
  if (text.size() <= max_bytes) {
    append_escaped(text, out);
    return out;
  }
  const size_t half = max_bytes / 2;
  append_escaped(text.substr(0, half), out);
  out += "... (" + std::to_string(text.size() - 2 * half) + " bytes left out) ...";
  append_escaped(text.substr(text.size() - half), out);
  return out;
}

}  // namespace djambi
