#include "env/io/message_text.h"

#include <cstdint>
#include <cstdio>

namespace djambi {

namespace {

void append_byte_escaped(unsigned char c, std::string& out) {
  char escaped[5];
  std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
  out += escaped;
}

// The length of the well-formed UTF-8 sequence at the start of `text` (RFC 3629: no overlong
// form, no surrogate, nothing past U+10FFFF), with its code point; 0 if there is none.
size_t utf8_sequence(std::string_view text, uint32_t* code_point) {
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  if (lead < 0xc2 || lead > 0xf4) return 0;  // ASCII, a continuation byte, or never in UTF-8
  const size_t length = lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
  const uint32_t min = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000;
  uint32_t cp = lead & (0x7fu >> length);
  if (text.size() < length) return 0;
  for (size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xc0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i) & 0x3fu);
  }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
  *code_point = cp;
  return length;
}

// C0 controls and DEL; C1 controls both as UTF-8 (U+0080 to U+009F: a terminal in UTF-8 mode
// may act on them) and as raw bytes (a terminal in a Latin mode reads 0x9b as CSI): every byte
// that is not part of well-formed UTF-8 is escaped, so no raw 0x80-0x9f byte goes out alone.
void append_escaped(std::string_view text, std::string& out) {
  for (size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      if (c < 0x20 || c == 0x7f) append_byte_escaped(c, out);
      else out += text[i];
      ++i;
      continue;
    }
    uint32_t code_point = 0;
    const size_t length = utf8_sequence(text.substr(i), &code_point);
    if (length == 0) {  // a byte of no well-formed sequence
      append_byte_escaped(c, out);
      ++i;
    } else if (code_point <= 0x9f) {  // a C1 control: both its bytes
      for (size_t k = 0; k < length; ++k) append_byte_escaped(static_cast<unsigned char>(text[i + k]), out);
      i += length;
    } else {
      out.append(text.substr(i, length));
      i += length;
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
