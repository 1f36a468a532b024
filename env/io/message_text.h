#pragma once
// Error messages quote what the user gave them; a terminal must not receive its control bytes
// (an ESC sequence can rewrite the screen) nor megabytes of it. One rule, applied where a
// message leaves the program (the CLI's error line, the bot's `error` reply).
#include <cstddef>
#include <string>
#include <string_view>

namespace djambi {

// `text` with every control byte written as \xNN: below 0x20, 0x7f, the C1 controls U+0080 to
// U+009F in UTF-8, and every byte that is not part of well-formed UTF-8 (a raw 0x9b is CSI to a
// terminal in a Latin mode); other UTF-8 text is kept. A text over `max_bytes`
// keeps its first and last max_bytes/2 bytes around "... (N bytes left out) ...", so that the
// reason, which ends a message, survives a long quoted input.
std::string printable_message(std::string_view text, size_t max_bytes = 1000);

}  // namespace djambi
