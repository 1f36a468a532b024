#pragma once
// The names a device may have, checked without LibTorch (a config names its device long before
// a network runs): "auto", "cpu", "cuda" or "cuda:N" (nets/device.h selects it).
#include <string>

namespace djambi {

// The names a device may have, for help texts.
inline constexpr const char* kDeviceNames = "auto | cpu | cuda | cuda:N";

// The GPU index a name gives: 0 for "cuda", N for "cuda:N", -1 for "auto" and "cpu". Throws
// std::invalid_argument, naming the text, unless it is one of kDeviceNames. Checks the spelling
// only: a config naming a GPU is valid on a machine without one.
int gpu_index(const std::string& name);
inline void check_device_name(const std::string& name) { gpu_index(name); }

}  // namespace djambi
