#include "nets/torch_evaluator.h"

#include <cstring>
#include <limits>

namespace djambi {

void set_torch_threads(int threads) { torch::set_num_threads(std::max(1, threads)); }

void to_channels_last(torch::nn::Module& module) {
  for (auto& p : module.parameters())
    if (p.dim() == 4) p.set_data(p.contiguous(torch::MemoryFormat::ChannelsLast));
}

TorchEvaluator::TorchEvaluator(PolicyValueNet net, torch::Device device)
    : net_(std::move(net)), device_(device) {
  net_->to(device_);
  net_->eval();
  if (device_.is_cpu()) to_channels_last(*net_);
}

std::string TorchEvaluator::describe() const {
  return "net(" + std::to_string(net_->config.channels) + "x" + std::to_string(net_->config.blocks) +
         ", " + device_.str() + ")";
}

void TorchEvaluator::evaluate(const EvalBatch& batch) {
  if (batch.size == 0) return;
  const NetConfig& c = net_->config;
  const int64_t n = batch.size;
  c10::InferenceMode inference;
  // from_blob wraps the caller's buffer; nothing is copied on the CPU.
  auto obs = torch::from_blob(const_cast<float*>(batch.observations),
                              {n, c.input_channels, c.board_height, c.board_width});
  auto mask = torch::from_blob(const_cast<uint8_t*>(batch.legal_masks), {n, c.num_actions}, torch::kUInt8);
  if (!device_.is_cpu()) {
    obs = obs.to(device_);
    mask = mask.to(device_);
  } else {
    // The weights are channels-last; giving the input the same layout is measured faster
    // than letting the first convolution reorder it (the copy is ~1% of the forward).
    obs = obs.contiguous(torch::MemoryFormat::ChannelsLast);
  }
  PolicyValueOutput out = net_->forward(obs);
  auto logits = out.policy_logits.masked_fill_(mask.logical_not(), -std::numeric_limits<float>::infinity());
  auto priors = torch::from_blob(batch.priors, {n, c.num_actions});
  if (device_.is_cpu()) {
    at::_softmax_out(priors, logits, 1, false);  // straight into the caller's buffer
  } else {
    priors.copy_(torch::softmax(logits, 1).to(torch::kCPU));
  }
  auto values = out.values.to(torch::kCPU).contiguous();
  // Output j is the j-th player after the one to act.
  const float* v = values.data_ptr<float>();
  const int players = c.num_players;
  for (int64_t i = 0; i < n; ++i) {
    const int to_act = batch.states[i]->current_player();
    for (int j = 0; j < players; ++j)
      batch.values[i * players + (to_act + j) % players] = v[i * players + j];
  }
}

}  // namespace djambi
