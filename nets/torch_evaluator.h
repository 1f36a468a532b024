#pragma once
// The network behind the search's Evaluator interface: one forward pass for the whole batch,
// the caller's observation buffer wrapped without a copy (on CPU), illegal actions masked out of
// a softmax, values turned from "relative to the player to act" to seats.
#include <torch/torch.h>

#include "mcts/evaluator.h"
#include "nets/resnet.h"

namespace djambi {

// Sets LibTorch's intra-op threads (it starts with 1 here).
void set_torch_threads(int threads);

class TorchEvaluator : public Evaluator {
 public:
  // Puts `net` in eval mode on `device` (channels-last memory on the CPU, measured faster).
  TorchEvaluator(PolicyValueNet net, torch::Device device);
  void evaluate(const EvalBatch& batch) override;
  std::string describe() const override;
  PolicyValueNet& net() { return net_; }

 private:
  PolicyValueNet net_;
  torch::Device device_;
};

// Converts a model's parameters (and the tensors it will see) to channels-last layout.
void to_channels_last(torch::nn::Module& module);

}  // namespace djambi
