#include "nets/resnet.h"

#include <stdexcept>
#include <string>

namespace djambi {

namespace {
torch::nn::Conv2d conv(int in, int out, int kernel) {
  return torch::nn::Conv2d(
      torch::nn::Conv2dOptions(in, out, kernel).padding(kernel / 2).bias(false));
}
}  // namespace

ResidualBlockImpl::ResidualBlockImpl(int channels)
    : conv1(register_module("conv1", conv(channels, channels, 3))),
      conv2(register_module("conv2", conv(channels, channels, 3))),
      bn1(register_module("bn1", torch::nn::BatchNorm2d(channels))),
      bn2(register_module("bn2", torch::nn::BatchNorm2d(channels))) {}

torch::Tensor ResidualBlockImpl::forward(const torch::Tensor& x) {
  auto y = torch::relu(bn1(conv1(x)));
  y = bn2(conv2(y));
  return torch::relu(y + x);
}

PolicyValueNetImpl::PolicyValueNetImpl(const NetConfig& c) : config(c) {
  const int squares = c.board_height * c.board_width;
  stem = register_module("stem", conv(c.input_channels, c.channels, 3));
  stem_bn = register_module("stem_bn", torch::nn::BatchNorm2d(c.channels));
  tower = register_module("tower", torch::nn::Sequential());
  for (int i = 0; i < c.blocks; ++i) tower->push_back(ResidualBlock(c.channels));
  policy_conv = register_module("policy_conv", conv(c.channels, c.policy_channels, 1));
  policy_bn = register_module("policy_bn", torch::nn::BatchNorm2d(c.policy_channels));
  policy_fc = register_module("policy_fc", torch::nn::Linear(c.policy_channels * squares, c.num_actions));
  value_conv = register_module("value_conv", conv(c.channels, c.value_channels, 1));
  value_bn = register_module("value_bn", torch::nn::BatchNorm2d(c.value_channels));
  value_fc1 = register_module("value_fc1", torch::nn::Linear(c.value_channels * squares, c.value_hidden));
  value_fc2 = register_module("value_fc2", torch::nn::Linear(c.value_hidden, c.num_players));
  if (c.aux_outputs > 0) aux_fc = register_module("aux_fc", torch::nn::Linear(c.value_hidden, c.aux_outputs));
}

double net_tensor_elements(const NetConfig& c) {
  const double squares = double(c.board_height) * c.board_width;
  // A batch norm of n channels: weight, bias, running mean and variance, and one counter.
  auto batch_norm = [](double n) { return 4 * n + 1; };
  const double ch = c.channels;
  const double stem = c.input_channels * ch * 9 + batch_norm(ch);
  const double tower = c.blocks * 2 * (ch * ch * 9 + batch_norm(ch));
  const double policy = ch * c.policy_channels + batch_norm(c.policy_channels) +
                        c.policy_channels * squares * c.num_actions + c.num_actions;
  const double value = ch * c.value_channels + batch_norm(c.value_channels) +
                       c.value_channels * squares * c.value_hidden + c.value_hidden +
                       double(c.value_hidden) * c.num_players + c.num_players;
  const double aux = double(c.value_hidden) * c.aux_outputs + c.aux_outputs;
  return stem + tower + policy + value + aux;
}

PolicyValueOutput PolicyValueNetImpl::forward(const torch::Tensor& observations) {
  auto x = torch::relu(stem_bn(stem(observations)));
  x = tower->forward(x);
  auto p = torch::relu(policy_bn(policy_conv(x))).flatten(1);
  auto v = torch::relu(value_bn(value_conv(x))).flatten(1);
  v = torch::relu(value_fc1(v));
  return {policy_fc(p), torch::tanh(value_fc2(v)), aux_fc ? aux_fc(v) : torch::Tensor()};
}

void copy_weights(const PolicyValueNet& from, PolicyValueNet& to) {
  torch::NoGradGuard no_grad;
  auto copy = [](const torch::OrderedDict<std::string, torch::Tensor>& source,
                 torch::OrderedDict<std::string, torch::Tensor> target) {
    if (source.size() != target.size())
      throw std::invalid_argument("copy_weights: " + std::to_string(source.size()) + " tensors into " +
                                  std::to_string(target.size()));
    for (auto& item : target) {
      const torch::Tensor* tensor = source.find(item.key());
      if (!tensor || !tensor->sizes().equals(item.value().sizes()))
        throw std::invalid_argument("copy_weights: no tensor " + item.key() + " of the same shape to copy");
      item.value().copy_(*tensor);
    }
  };
  copy(from->named_parameters(), to->named_parameters());
  copy(from->named_buffers(), to->named_buffers());
}

}  // namespace djambi
