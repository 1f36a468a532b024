// Fuzz target: the player bundle / checkpoint loader, given the bytes of a file. A file either
// loads or is refused with CheckpointError naming the path and what is wrong.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "nets/bundle.h"
#include "nets/checkpoint.h"

using namespace djambi;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path = "/tmp/djambi_fuzz_bundle_" + std::to_string(getpid()) + ".djp";
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (!file) return 0;
  std::fwrite(data, 1, size, file);
  std::fclose(file);
  try {
    load_player_bundle(path);
  } catch (const CheckpointError&) {
  }
  return 0;
}
