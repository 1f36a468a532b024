#pragma once
// The network behind the search's Evaluator interface: one forward pass for the whole batch,
// illegal actions masked out of a softmax, values turned from "relative to the player to act"
// to seats.
// On the CPU the caller's observation buffer is wrapped without a copy and the softmax is
// written straight into the caller's priors. On an accelerator the batch crosses the bus in
// reused pinned buffers with non-blocking copies, and only what the search reads comes back:
// the masking and the softmax run on the device, which returns the priors of the legal
// actions alone (about 1 % of the dense [batch, actions] table) and the values. There each
// evaluator queues its work on a stream of its own, so that evaluators on other threads and
// the learner do not wait for each other.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <torch/torch.h>

#include "mcts/evaluator.h"
#include "nets/device.h"
#include "nets/resnet.h"

namespace djambi {

// Sets LibTorch's intra-op threads (it starts with 1 here); std::runtime_error when the system
// will not start that many threads (a limit on processes), rather than LibTorch waiting forever.
void set_torch_threads(int threads);

// The number format of inference (learning is always fp32): fp32; bf16 (on the CPU too);
// fp16 (an accelerator only: LibTorch's CPU convolutions have no half kernels).
enum class Precision { kFloat32, kBFloat16, kFloat16 };
inline constexpr const char* kPrecisionNames = "fp32 | bf16 | fp16";
// Throws std::invalid_argument naming the text unless it is one of kPrecisionNames.
Precision precision_from_name(const std::string& name);
const char* precision_name(Precision precision);

class TorchEvaluator : public Evaluator {
 public:
  // Puts `net` in eval mode on `device` in `precision` (channels-last memory on the CPU,
  // measured faster). Throws std::invalid_argument for fp16 on the CPU.
  TorchEvaluator(PolicyValueNet net, torch::Device device, Precision precision = Precision::kFloat32);
  void evaluate(const EvalBatch& batch) override;
  std::string describe() const override;
  PolicyValueNet& net() { return net_; }
  // Copies `from`'s weights into the evaluator's network, on its stream, and waits for the copy
  // (`from`'s own work must be done: the learner's is once its step returns).
  void load_weights(const PolicyValueNet& from);
  Precision precision() const { return precision_; }
  // Whether batches take the accelerator path (masking and softmax on the device, only legal
  // priors copied back). On by default off the CPU; on the CPU it checks that path's results.
  void set_compact_transfer(bool on) { compact_transfer_ = on; }

 private:
  void evaluate_in_place(const EvalBatch& batch);
  void evaluate_compact(const EvalBatch& batch);
  // The values by seat, from the network's [n, players] output relative to the player to act.
  void write_values(const EvalBatch& batch, const float* relative) const;

  PolicyValueNet net_;
  torch::Device device_;
  Precision precision_;
  bool compact_transfer_;
  std::optional<c10::Stream> stream_;  // on an accelerator
  // The accelerator path's host side, grown to the largest batch seen and then reused.
  std::vector<int64_t> legal_index_;  // flat [row * actions + action] of every legal action
  torch::Tensor pinned_observations_, pinned_index_, pinned_priors_, pinned_values_;
};

// Converts a model's parameters (and the tensors it will see) to channels-last layout.
void to_channels_last(torch::nn::Module& module);

}  // namespace djambi
