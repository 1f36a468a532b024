// Fuzz target: position notation and move (turn) notation. A text either parses, and then
// writes back to a text that parses to the same position, or is refused with NotationError /
// std::invalid_argument; nothing else may happen.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "env/djambi/game.h"
#include "env/djambi/notation.h"
#include "env/turn_text.h"

using namespace djambi;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  // The first byte picks the variant set, the rest is the text.
  Variants variants;
  for (int v = 0; v < kNumVariants; ++v)
    if (data[0] & (1u << v)) variants.set(static_cast<Variant>(v));
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  const auto newline = text.find('\n');
  const std::string position_text = text.substr(0, newline);
  const std::string move_text = newline == std::string::npos ? "" : text.substr(newline + 1);
  try {
    const Position position = parse_position(position_text, variants);
    const std::string written = format_position(position);
    if (format_position(parse_position(written, variants)) != written) __builtin_trap();  // must round-trip
    DjambiState state(position, RewardScheme::kWinner, 0.0f);
    if (!state.is_terminal() && !move_text.empty()) {
      const auto actions = parse_turn(state, move_text);
      apply_turn(state, actions);
    }
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
