#pragma once
// The bare network's forward rate: what bench nets measures the evaluators against, and bench
// mcts the search's network positions per second; and the timing loop of both.
#include <functional>

#include <torch/torch.h>

#include "nets/resnet.h"

namespace djambi::cli {

// Positions/s of `work`, which handles `positions_per_call` per call, over at least `seconds`
// after one warm-up call.
double positions_per_second(double seconds, int positions_per_call, const std::function<void()>& work);

// Positions/s of `net` (already on `device`, in its own precision) on `batch` positions whose
// encodings `observations` holds on the host, over at least `seconds` after one warm-up call.
// Each call copies the input up and waits for the device to finish the forward pass.
double raw_forward_rate(PolicyValueNet& net, torch::Device device, float* observations, int batch, double seconds);

}  // namespace djambi::cli
