#pragma once
// Minibatch training of the policy/value network: masked policy cross-entropy against the
// search's visit distribution, plus mean squared error of the per-player values, plus (for a
// network with the auxiliary head) the binary cross-entropy of each seat's material later and at
// the end, with weight decay in the optimiser.
#include <memory>
#include <optional>
#include <random>
#include <vector>

#include <torch/torch.h>

#include "nets/device.h"
#include "nets/resnet.h"
#include "train/replay_buffer.h"

namespace djambi {

struct LearnerSettings {
  // With a game of several symmetries, each sample is seen through a random one of them.
  std::shared_ptr<const Game> augment_with_symmetries_of;
  uint64_t seed = 1;
  std::string optimizer = "sgd";  // "sgd" (with momentum) or "adam" (AdamW)
  double learning_rate = 0.02;
  double momentum = 0.9;
  double weight_decay = 1e-4;
  double value_loss_weight = 1.0;
  // Weights of the auxiliary head's two parts (material some turns later, at the end); unused
  // by a network without the head. Samples without auxiliary targets do not count in them.
  double aux_later_weight = 1.0;
  double aux_end_weight = 1.0;
};

struct LossStats {
  double total = 0, policy = 0, value = 0;
  double aux = 0;  // the auxiliary head's loss, unweighted (0 without the head)
  LossStats& operator+=(const LossStats& o) {
    total += o.total;
    policy += o.policy;
    value += o.value;
    aux += o.aux;
    return *this;
  }
};

class Learner {
 public:
  Learner(PolicyValueNet net, const LearnerSettings& settings, torch::Device device);

  // One optimiser step on `batch`. Leaves the network in eval mode (ready for self-play).
  // Throws std::invalid_argument for a sample whose sizes are not the network's.
  LossStats step(const std::vector<const Sample*>& batch);
  // The loss on `batch` without learning.
  LossStats loss(const std::vector<const Sample*>& batch);

  PolicyValueNet& net() { return net_; }
  torch::optim::Optimizer& optimizer() { return *optimizer_; }
  int64_t steps() const { return steps_; }
  // Takes over a loaded network (the optimiser must already point at its parameters, as
  // load_checkpoint leaves it) and its step count.
  void adopt(PolicyValueNet net, int64_t steps);

 private:
  struct Tensors {
    torch::Tensor observations, legal, policy, value;
    torch::Tensor aux, has_aux;  // [N, aux_outputs] and [N, 1]: 1 where the sample has the targets
  };
  Tensors to_tensors(const std::vector<const Sample*>& batch, bool augment);
  LossStats compute(const Tensors& t, bool learn);

  PolicyValueNet net_;
  LearnerSettings settings_;
  torch::Device device_;
  // On an accelerator the steps run on a stream of their own, beside self-play's inference
  // (the learner and the actor on separate threads, docs/GPU.md).
  std::optional<c10::Stream> stream_;
  std::unique_ptr<torch::optim::Optimizer> optimizer_;
  int64_t steps_ = 0;
  std::mt19937_64 rng_;
};

}  // namespace djambi
