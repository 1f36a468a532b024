#pragma once
// Error messages quote what the user gave them; a terminal must not receive its control bytes
// (an ESC sequence can rewrite the screen) nor megabytes of it. One rule, applied where a
// message leaves the program (the CLI's error line, the bot's `error` reply).
#include <cstddef>
#include <string>
#include <string_view>

namespace djambi {

// `text` with every control byte (below 0x20, and 0x7f) written as \xNN. A text over `max_bytes`
// keeps its first and last max_bytes/2 bytes around "... (N bytes left out) ...", so that the
// reason, which ends a message, survives a long quoted input.
std::string printable_message(std::string_view text, size_t max_bytes = 1000);

}  // namespace djambi
