#pragma once
// Where a network runs, by name: "auto" (the first CUDA GPU when LibTorch sees one, else the
// CPU), "cpu", "cuda" (the first GPU) or "cuda:N". Checkpoints and bundles are always read
// onto the CPU first and then moved, so a network trained on a GPU plays on a CPU and back.
#include <string>

#include <torch/torch.h>

namespace djambi {

// The names a device may have, for help texts.
inline constexpr const char* kDeviceNames = "auto | cpu | cuda | cuda:N";

// Throws std::invalid_argument, naming the text, unless it is one of kDeviceNames. Checks the
// spelling only: a config naming a GPU is valid on a machine without one.
void check_device_name(const std::string& name);

// The device of that name on this machine. Throws std::invalid_argument for a bad name, and for
// a GPU this build or machine does not have (saying how many it has).
torch::Device select_device(const std::string& name);

// select_device("auto").
torch::Device default_device();

}  // namespace djambi
