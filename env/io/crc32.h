#pragma once
// CRC-32 (the zip polynomial): the seal of checkpoints, and of any LibTorch archive that travels
// as bytes (LibTorch checks none itself and can crash on corrupted ones).
#include <cstddef>
#include <cstdint>

namespace djambi {

uint32_t crc32(const char* data, size_t size);

}  // namespace djambi
