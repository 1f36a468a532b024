#include "nets/device_name.h"

#include <stdexcept>

namespace djambi {

int gpu_index(const std::string& name) {
  if (name == "auto" || name == "cpu") return -1;
  if (name == "cuda") return 0;
  const std::string prefix = "cuda:";
  const bool digits = name.size() > prefix.size() && name.size() <= prefix.size() + 3 &&
                      name.compare(0, prefix.size(), prefix) == 0 &&
                      name.find_first_not_of("0123456789", prefix.size()) == std::string::npos;
  if (!digits)
    throw std::invalid_argument("device '" + name + "' is not one of " + kDeviceNames);
  return std::stoi(name.substr(prefix.size()));
}

}  // namespace djambi
