#include "nets/torch_evaluator.h"

#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "env/threads/thread_start.h"

namespace djambi {

namespace {

torch::ScalarType scalar_type(Precision precision) {
  switch (precision) {
    case Precision::kBFloat16: return torch::kBFloat16;
    case Precision::kFloat16: return torch::kHalf;
    default: return torch::kFloat;
  }
}

// A pinned host buffer of at least `size` elements: `buffer` itself when large enough, else a
// new one (grown by half again, so that a batch growing a little at a time is not recopied).
// Pinned only for a CUDA device: page-locked memory needs the CUDA runtime.
void reserve_pinned(torch::Tensor& buffer, int64_t size, torch::ScalarType type, bool pinned) {
  if (buffer.defined() && buffer.numel() >= size) return;
  const int64_t capacity = std::max<int64_t>(size, buffer.defined() ? buffer.numel() * 3 / 2 : size);
  buffer = torch::empty({capacity}, torch::TensorOptions().dtype(type).pinned_memory(pinned));
}


}  // namespace

// LibTorch 1.13's thread pool (pthreadpool) starts `threads` threads here and waits forever for
// one it failed to start (seen under prlimit --nproc: djambi arena hung). So as many threads are
// started first, all at once, and a refusal is an error that names the cause.
void set_torch_threads(int threads) {
  threads = std::max(1, threads);
  check_threads_start(threads, "LibTorch");
  torch::set_num_threads(threads);
}

Precision precision_from_name(const std::string& name) {
  if (name == "fp32") return Precision::kFloat32;
  if (name == "bf16") return Precision::kBFloat16;
  if (name == "fp16") return Precision::kFloat16;
  throw std::invalid_argument("unknown precision '" + name + "' (" + kPrecisionNames + ")");
}

const char* precision_name(Precision precision) {
  switch (precision) {
    case Precision::kBFloat16: return "bf16";
    case Precision::kFloat16: return "fp16";
    default: return "fp32";
  }
}

void to_channels_last(torch::nn::Module& module) {
  for (auto& p : module.parameters())
    if (p.dim() == 4) p.set_data(p.contiguous(torch::MemoryFormat::ChannelsLast));
}

TorchEvaluator::TorchEvaluator(PolicyValueNet net, torch::Device device, Precision precision)
    : net_(std::move(net)),
      device_(device),
      precision_(precision),
      compact_transfer_(!device.is_cpu()),
      stream_(new_stream(device)) {
  if (precision_ == Precision::kFloat16 && device_.is_cpu())
    throw std::invalid_argument("fp16 inference needs a GPU: LibTorch's CPU convolutions have no half kernels (bf16 runs on the CPU)");
  net_->to(device_);
  if (precision_ != Precision::kFloat32) net_->to(scalar_type(precision_));
  net_->eval();
  if (device_.is_cpu()) to_channels_last(*net_);
}

std::string TorchEvaluator::describe() const {
  return "net(" + std::to_string(net_->config.channels) + "x" + std::to_string(net_->config.blocks) + ", " +
         device_.str() + (precision_ == Precision::kFloat32 ? "" : std::string(", ") + precision_name(precision_)) +
         ")";
}

void TorchEvaluator::evaluate(const EvalBatch& batch) {
  if (batch.size == 0) return;
  c10::InferenceMode inference;
  OnStream on_own_stream(stream_);
  if (compact_transfer_) evaluate_compact(batch);
  else evaluate_in_place(batch);
}

void TorchEvaluator::load_weights(const PolicyValueNet& from) {
  OnStream on_own_stream(stream_);
  copy_weights(from, net_);
  synchronize_current_stream(device_);
}

void TorchEvaluator::write_values(const EvalBatch& batch, const float* relative) const {
  // Output j is the j-th player after the one to act.
  const int players = net_->config.num_players;
  for (int64_t i = 0; i < batch.size; ++i) {
    const int to_act = batch.states[i]->current_player();
    for (int j = 0; j < players; ++j)
      batch.values[i * players + (to_act + j) % players] = relative[i * players + j];
  }
}

void TorchEvaluator::evaluate_in_place(const EvalBatch& batch) {
  const NetConfig& c = net_->config;
  const int64_t n = batch.size;
  // from_blob wraps the caller's buffer; nothing is copied. The weights are channels-last;
  // giving the input the same layout is measured faster than letting the first convolution
  // reorder it (the copy is ~1% of the forward).
  auto obs = torch::from_blob(const_cast<float*>(batch.observations),
                              {n, c.input_channels, c.board_height, c.board_width});
  obs = device_.is_cpu() ? obs.contiguous(torch::MemoryFormat::ChannelsLast) : obs.to(device_);
  if (precision_ != Precision::kFloat32) obs = obs.to(scalar_type(precision_));
  PolicyValueOutput out = net_->forward(obs);
  auto mask = torch::from_blob(const_cast<uint8_t*>(batch.legal_masks), {n, c.num_actions}, torch::kUInt8);
  auto logits = out.policy_logits.to(torch::kCPU, torch::kFloat)
                    .masked_fill_(mask.logical_not(), -std::numeric_limits<float>::infinity());
  auto priors = torch::from_blob(batch.priors, {n, c.num_actions});
  at::_softmax_out(priors, logits, 1, false);  // straight into the caller's buffer
  write_values(batch, out.values.to(torch::kCPU, torch::kFloat).contiguous().data_ptr<float>());
}

void TorchEvaluator::evaluate_compact(const EvalBatch& batch) {
  const NetConfig& c = net_->config;
  const int64_t n = batch.size;
  const int64_t actions = c.num_actions;
  const int64_t obs_size = static_cast<int64_t>(c.input_channels) * c.board_height * c.board_width;
  // The legal actions as flat indices: what goes up instead of the dense mask, and what the
  // device gathers the priors at.
  legal_index_.clear();
  for (int64_t i = 0; i < n; ++i) {
    const uint8_t* mask = batch.legal_masks + i * actions;
    for (int64_t a = 0; a < actions; ++a)
      if (mask[a]) legal_index_.push_back(i * actions + a);
  }
  const auto legal = static_cast<int64_t>(legal_index_.size());
  const bool pinned = device_.is_cuda();
  reserve_pinned(pinned_observations_, n * obs_size, torch::kFloat, pinned);
  reserve_pinned(pinned_index_, legal, torch::kLong, pinned);
  reserve_pinned(pinned_priors_, legal, torch::kFloat, pinned);
  reserve_pinned(pinned_values_, n * c.num_players, torch::kFloat, pinned);
  std::memcpy(pinned_observations_.data_ptr<float>(), batch.observations, sizeof(float) * n * obs_size);
  std::memcpy(pinned_index_.data_ptr<int64_t>(), legal_index_.data(), sizeof(int64_t) * legal);

  // Up (non-blocking: from pinned memory the copies queue on the stream with the forward). On
  // the CPU the input stays in the default layout: the weights are channels-last there, which
  // only costs speed.
  auto obs = pinned_observations_.narrow(0, 0, n * obs_size).to(device_, /*non_blocking=*/true);
  auto index = pinned_index_.narrow(0, 0, legal).to(device_, /*non_blocking=*/true);
  obs = obs.view({n, c.input_channels, c.board_height, c.board_width});
  if (precision_ != Precision::kFloat32) obs = obs.to(scalar_type(precision_));
  PolicyValueOutput out = net_->forward(obs);
  // Mask and softmax on the device; keep the legal entries only.
  auto masked = torch::full({n * actions}, -std::numeric_limits<float>::infinity(),
                            torch::TensorOptions().device(device_).dtype(torch::kFloat));
  masked.index_copy_(0, index, out.policy_logits.to(torch::kFloat).reshape({n * actions}).index_select(0, index));
  auto legal_priors = torch::softmax(masked.view({n, actions}), 1).view({n * actions}).index_select(0, index);
  // Down, then wait for the stream once.
  pinned_priors_.narrow(0, 0, legal).copy_(legal_priors, /*non_blocking=*/true);
  pinned_values_.narrow(0, 0, n * c.num_players).copy_(out.values.to(torch::kFloat).reshape({-1}), true);
  synchronize_current_stream(device_);  // this evaluator's stream alone

  std::memset(batch.priors, 0, sizeof(float) * n * actions);
  const float* p = pinned_priors_.data_ptr<float>();
  for (int64_t k = 0; k < legal; ++k) batch.priors[legal_index_[static_cast<size_t>(k)]] = p[k];
  write_values(batch, pinned_values_.data_ptr<float>());
}

}  // namespace djambi
