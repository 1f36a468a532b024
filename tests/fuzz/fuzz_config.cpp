// Fuzz target: the YAML training config loader. A text is either a valid config or refused with
// std::invalid_argument naming the key or line; a valid one survives a round trip through YAML.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "train/config.h"

using namespace djambi;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const TrainConfig config = parse_train_config(text, "fuzz.yaml");
    validate_train_config(config);
    parse_train_config(to_yaml(config), "round trip");  // must be accepted again
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
