#include "nets/device.h"

#include <stdexcept>

#include <c10/core/impl/DeviceGuardImplInterface.h>

namespace djambi {

namespace {

// The GPU index of "cuda" (0) or "cuda:N"; -1 for "auto" and "cpu".
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

}  // namespace

void check_device_name(const std::string& name) { gpu_index(name); }

torch::Device select_device(const std::string& name) {
  const int index = gpu_index(name);
  const bool cuda = torch::cuda::is_available();
  if (name == "auto") return cuda ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
  if (index < 0) return torch::Device(torch::kCPU);
  const int count = cuda ? static_cast<int>(torch::cuda::device_count()) : 0;
  if (count == 0)
    throw std::invalid_argument("device '" + name + "': LibTorch sees no CUDA GPU here (a CPU build of LibTorch, or "
                                "no GPU); use cpu or auto");
  if (index >= count)
    throw std::invalid_argument("device '" + name + "': this machine has " + std::to_string(count) +
                                " CUDA GPU(s), numbered from 0");
  return torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(index));
}

torch::Device default_device() { return select_device("auto"); }

std::optional<c10::Stream> new_stream(torch::Device device) {
  if (device.is_cpu()) return std::nullopt;
  return c10::impl::getDeviceGuardImpl(device.type())->getStreamFromGlobalPool(device);
}

void synchronize_current_stream(torch::Device device) {
  if (device.is_cpu()) return;
  c10::impl::getDeviceGuardImpl(device.type())->getStream(device).synchronize();
}

}  // namespace djambi
