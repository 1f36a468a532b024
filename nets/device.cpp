#include "nets/device.h"

#include <stdexcept>

#include <c10/core/impl/DeviceGuardImplInterface.h>

namespace djambi {

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
