#include "nets/accumulator_model.h"

#include <cmath>
#include <cstring>
#include <stdexcept>

namespace djambi {

AccumulatorModelImpl::AccumulatorModelImpl(const AccumulatorNetShape& s) : shape(s) {
  // About forty features are active at once: rows of standard deviation 0.5 / sqrt(40) and a
  // bias of 0.5 start the accumulators inside the clipped range, where they learn.
  feature_weights = register_parameter("feature_weights", torch::randn({s.features, s.hidden}) * (0.5 / std::sqrt(40.0)));
  feature_bias = register_parameter("feature_bias", torch::full({s.hidden}, 0.5));
  head = register_module("head", torch::nn::Linear(s.hidden, s.head));
  out = register_module("out", torch::nn::Linear(s.head, 1));
}

torch::Tensor AccumulatorModelImpl::forward(const FeatureBatch& b) {
  namespace F = torch::nn::functional;
  const torch::Tensor accumulators =
      F::embedding_bag(b.features, feature_weights, F::EmbeddingBagFuncOptions().offsets(b.offsets).mode(torch::kSum)) +
      feature_bias;
  const torch::Tensor hidden = torch::clamp(head(torch::clamp(accumulators, 0.0, 1.0)), 0.0, 1.0);
  const torch::Tensor logits = out(hidden).view({b.batch, b.perspectives});
  return logits.masked_fill(b.in_game.logical_not(), -INFINITY);
}

torch::Tensor AccumulatorModelImpl::shares(const FeatureBatch& b) { return torch::softmax(forward(b), 1); }

AccumulatorNet to_accumulator_net(AccumulatorModel& model) {
  torch::NoGradGuard no_grad;
  AccumulatorNet net(model->shape);
  auto copy = [](const torch::Tensor& t, std::vector<float>& to) {
    const torch::Tensor c = t.detach().to(torch::kCPU, torch::kFloat32).contiguous();
    if (static_cast<size_t>(c.numel()) != to.size()) throw std::invalid_argument("learned evaluation: shapes differ");
    std::memcpy(to.data(), c.data_ptr<float>(), to.size() * sizeof(float));
  };
  copy(model->feature_weights, net.feature_weights);
  copy(model->feature_bias, net.feature_bias);
  copy(model->head->weight.t(), net.head_weights);  // [head, hidden] -> the search's hidden x head
  copy(model->head->bias, net.head_bias);
  copy(model->out->weight, net.out_weights);
  net.out_bias = model->out->bias.detach().to(torch::kCPU).item<float>();
  return net;
}

void load_accumulator_net(const AccumulatorNet& net, AccumulatorModel& model) {
  if (!(net.shape == model->shape)) throw std::invalid_argument("learned evaluation: the bundle's shape is not the model's");
  torch::NoGradGuard no_grad;
  auto set = [](torch::Tensor& to, const std::vector<float>& from, std::vector<int64_t> shape) {
    to.copy_(torch::from_blob(const_cast<float*>(from.data()), shape, torch::kFloat32));
  };
  const int64_t f = net.shape.features, h = net.shape.hidden, k = net.shape.head;
  set(model->feature_weights, net.feature_weights, {f, h});
  set(model->feature_bias, net.feature_bias, {h});
  model->head->weight.copy_(torch::from_blob(const_cast<float*>(net.head_weights.data()), {h, k}, torch::kFloat32).t());
  set(model->head->bias, net.head_bias, {k});
  set(model->out->weight, net.out_weights, {1, k});
  model->out->bias.fill_(net.out_bias);
}

}  // namespace djambi
