// Fuzz target: game records (the text `djambi replay` reads). A record either replays or is
// refused with std::invalid_argument naming the problem.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "env/game_record.h"

using namespace djambi;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    for (const GameRecord& record : parse_records(text)) {
      replay_record(record);
      parse_records(format_record(record));  // what it writes it reads back
    }
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
