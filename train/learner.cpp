#include "train/learner.h"

#include <cstring>
#include <stdexcept>

namespace djambi {

Learner::Learner(PolicyValueNet net, const LearnerSettings& settings, torch::Device device)
    : net_(std::move(net)), settings_(settings), device_(device), stream_(new_stream(device)), rng_(settings.seed) {
  net_->to(device_);
  if (settings.optimizer == "sgd") {
    optimizer_ = std::make_unique<torch::optim::SGD>(
        net_->parameters(), torch::optim::SGDOptions(settings.learning_rate)
                                .momentum(settings.momentum)
                                .weight_decay(settings.weight_decay)
                                .nesterov(settings.momentum > 0));
  } else if (settings.optimizer == "adam") {
    optimizer_ = std::make_unique<torch::optim::AdamW>(
        net_->parameters(), torch::optim::AdamWOptions(settings.learning_rate).weight_decay(settings.weight_decay));
  } else {
    throw std::invalid_argument("learner.optimizer: unknown optimiser '" + settings.optimizer + "'");
  }
  net_->eval();
}

void Learner::adopt(PolicyValueNet net, int64_t steps) {
  net_ = std::move(net);
  net_->to(device_);
  net_->eval();
  steps_ = steps;
}

Learner::Tensors Learner::to_tensors(const std::vector<const Sample*>& batch, bool augment) {
  const NetConfig& c = net_->config;
  const int64_t n = static_cast<int64_t>(batch.size());
  const int64_t obs_size = static_cast<int64_t>(c.input_channels) * c.board_height * c.board_width;
  auto obs = torch::empty({n, obs_size}, torch::kUInt8);
  auto legal = torch::zeros({n, c.num_actions}, torch::kBool);
  auto policy = torch::zeros({n, c.num_actions}, torch::kFloat);
  auto value = torch::empty({n, c.num_players}, torch::kFloat);
  auto aux = torch::zeros({n, c.aux_outputs}, torch::kFloat);
  auto has_aux = torch::zeros({n, 1}, torch::kFloat);
  uint8_t* o = obs.data_ptr<uint8_t>();
  bool* l = legal.data_ptr<bool>();
  float* p = policy.data_ptr<float>();
  float* v = value.data_ptr<float>();
  const Game* game = settings_.augment_with_symmetries_of.get();
  const int symmetries = augment && game ? game->num_symmetries() : 1;
  const int cells = c.board_height * c.board_width;
  for (int64_t i = 0; i < n; ++i) {
    const Sample& s = *batch[static_cast<size_t>(i)];
    if (static_cast<int64_t>(s.observation.size()) != obs_size || static_cast<int>(s.value.size()) != c.num_players ||
        static_cast<int>(s.legal.size()) != (c.num_actions + 63) / 64)
      throw std::invalid_argument("a sample of another shape than the network's (observation, legal actions or values)");
    const int k = symmetries > 1 ? std::uniform_int_distribution<int>(0, symmetries - 1)(rng_) : 0;
    if (k == 0) {
      std::memcpy(o + i * obs_size, s.observation.data(), static_cast<size_t>(obs_size));
    } else {
      for (int plane = 0; plane < c.input_channels; ++plane)
        for (int cell = 0; cell < cells; ++cell)
          o[i * obs_size + plane * cells + game->symmetric_cell(k, cell)] = s.observation[plane * cells + cell];
    }
    auto image = [&](int a) { return k == 0 ? a : game->symmetric_action(k, a); };
    for (int a = 0; a < c.num_actions; ++a) l[i * c.num_actions + image(a)] = s.is_legal(a);
    for (const auto& [a, prob] : s.policy) p[i * c.num_actions + image(a)] = prob;
    std::memcpy(v + i * c.num_players, s.value.data(), sizeof(float) * static_cast<size_t>(c.num_players));
    if (c.aux_outputs > 0 && static_cast<int>(s.aux.size()) == c.aux_outputs) {
      std::memcpy(aux.data_ptr<float>() + i * c.aux_outputs, s.aux.data(), sizeof(float) * s.aux.size());
      has_aux.data_ptr<float>()[i] = 1.0f;
    }
  }
  auto observations = obs.to(torch::kFloat)
                          .div_(kObservationScale)
                          .view({n, c.input_channels, c.board_height, c.board_width})
                          .contiguous(torch::MemoryFormat::ChannelsLast);
  return {observations.to(device_), legal.to(device_), policy.to(device_), value.to(device_), aux.to(device_),
          has_aux.to(device_)};
}

LossStats Learner::compute(const Tensors& t, bool learn) {
  if (learn) net_->train();
  PolicyValueOutput out = net_->forward(t.observations);
  // A large negative logit rather than -inf keeps 0 * log p finite on illegal actions.
  auto log_p = torch::log_softmax(out.policy_logits.masked_fill(t.legal.logical_not(), -1e9), 1);
  auto policy_loss = -(t.policy * log_p).sum(1).mean();
  auto value_loss = torch::mse_loss(out.values, t.value);
  auto total = policy_loss + settings_.value_loss_weight * value_loss;
  torch::Tensor aux_loss;
  if (out.aux_logits.defined()) {
    // Soft targets in [0, 1]: the cross-entropy of each output, averaged over the samples that
    // have targets, per half (later, end).
    const int64_t half = out.aux_logits.size(1) / 2;
    auto each = torch::binary_cross_entropy_with_logits(out.aux_logits, t.aux, {}, {}, torch::Reduction::None) * t.has_aux;
    auto samples = t.has_aux.sum().clamp_min(1.0);
    auto later = each.narrow(1, 0, half).sum() / (samples * half);
    auto end = each.narrow(1, half, half).sum() / (samples * half);
    total = total + settings_.aux_later_weight * later + settings_.aux_end_weight * end;
    aux_loss = later + end;
  }
  if (learn) {
    optimizer_->zero_grad();
    total.backward();
    optimizer_->step();
    ++steps_;
    net_->eval();
  }
  return {total.item<double>(), policy_loss.item<double>(), value_loss.item<double>(),
          aux_loss.defined() ? aux_loss.item<double>() : 0.0};
}

LossStats Learner::step(const std::vector<const Sample*>& batch) {
  OnStream on_own_stream(stream_);  // the losses' item() waits for the step
  return compute(to_tensors(batch, true), true);
}

LossStats Learner::loss(const std::vector<const Sample*>& batch) {
  OnStream on_own_stream(stream_);
  torch::NoGradGuard no_grad;
  return compute(to_tensors(batch, false), false);
}

}  // namespace djambi
