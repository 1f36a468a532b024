#pragma once
// Where a network runs, by name: "auto" (the first CUDA GPU when LibTorch sees one, else the
// CPU), "cpu", "cuda" (the first GPU) or "cuda:N". Checkpoints and bundles are always read
// onto the CPU first and then moved, so a network trained on a GPU plays on a CPU and back.
#include <optional>
#include <string>

#include <c10/core/Stream.h>
#include <c10/core/StreamGuard.h>
#include <torch/torch.h>

#include "nets/device_name.h"

namespace djambi {

// The device of that name on this machine. Throws std::invalid_argument for a bad name, and for
// a GPU this build or machine does not have (saying how many it has).
torch::Device select_device(const std::string& name);

// select_device("auto").
torch::Device default_device();

// A stream of its own on an accelerator, from LibTorch's pool; none on the CPU. The work a
// thread queues under its guard (OnStream) runs beside other threads' work:
// self-play's inference beside the learner's steps. Device-generic LibTorch calls only, so
// that the CPU build compiles them.
std::optional<c10::Stream> new_stream(torch::Device device);

// Makes `stream`, if there is one, the current stream of its device while the guard lives.
// (std::optional, where LibTorch's own OptionalStreamGuard takes c10::optional, which is
// another type in LibTorch 1.13.)
class OnStream {
 public:
  explicit OnStream(const std::optional<c10::Stream>& stream) {
    if (stream) guard_.emplace(*stream);
  }

 private:
  std::optional<c10::StreamGuard> guard_;
};

// Waits until the work queued so far on the current stream of `device` is done (nothing to wait
// for on the CPU).
void synchronize_current_stream(torch::Device device);

}  // namespace djambi
