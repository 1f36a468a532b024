#pragma once
// A residual convolutional policy/value network (AlphaZero's shape): a 3x3 convolutional stem,
// `blocks` residual blocks, a policy head over the game's whole action space and a value head
// with one tanh output per player, relative to the player to act (output j: the j-th player
// after it in seat order).
#include <torch/torch.h>

#include "nets/net_config.h"

namespace djambi {

struct ResidualBlockImpl : torch::nn::Module {
  explicit ResidualBlockImpl(int channels);
  torch::Tensor forward(const torch::Tensor& x);
  torch::nn::Conv2d conv1{nullptr}, conv2{nullptr};
  torch::nn::BatchNorm2d bn1{nullptr}, bn2{nullptr};
};
TORCH_MODULE(ResidualBlock);

struct PolicyValueOutput {
  torch::Tensor policy_logits;  // [N, num_actions], illegal actions not yet masked
  torch::Tensor values;         // [N, num_players] in (-1, 1)
  torch::Tensor aux_logits;     // [N, aux_outputs] (train/sample.h's order); undefined without the head
};

struct PolicyValueNetImpl : torch::nn::Module {
  explicit PolicyValueNetImpl(const NetConfig& config);
  PolicyValueOutput forward(const torch::Tensor& observations);

  NetConfig config;
  torch::nn::Conv2d stem{nullptr};
  torch::nn::BatchNorm2d stem_bn{nullptr};
  torch::nn::Sequential tower{nullptr};
  torch::nn::Conv2d policy_conv{nullptr};
  torch::nn::BatchNorm2d policy_bn{nullptr};
  torch::nn::Linear policy_fc{nullptr};
  torch::nn::Conv2d value_conv{nullptr};
  torch::nn::BatchNorm2d value_bn{nullptr};
  torch::nn::Linear value_fc1{nullptr}, value_fc2{nullptr};
  torch::nn::Linear aux_fc{nullptr};  // only with config.aux_outputs
};
TORCH_MODULE(PolicyValueNet);

// The elements of every parameter and buffer of a PolicyValueNet of `config`, counted from the
// config without building the net (so that a file claiming an absurd shape is refused before
// anything is allocated). A double: the fields' product may exceed 64 bits.
double net_tensor_elements(const NetConfig& config);

// Copies the parameters and buffers of `from` into `to`, a network of the same configuration,
// keeping `to`'s device and memory layout; no autograd history. Throws std::invalid_argument
// when the two do not have the same tensors.
void copy_weights(const PolicyValueNet& from, PolicyValueNet& to);

}  // namespace djambi
