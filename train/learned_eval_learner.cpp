#include "train/learned_eval_learner.h"

#include "train/learned_eval_samples.h"

namespace djambi {

LearnedEvalLearner::LearnedEvalLearner(AccumulatorModel model, const LearnedEvalLearnerSettings& settings,
                                       torch::Device device)
    : model_(std::move(model)), settings_(settings), device_(device) {
  model_->to(device_);
  optimizer_ = std::make_unique<torch::optim::AdamW>(
      model_->parameters(), torch::optim::AdamWOptions(settings.learning_rate).weight_decay(settings.weight_decay));
}

LearnedEvalLearner::Forward LearnedEvalLearner::forward(const std::vector<const Sample*>& batch) {
  const int players = settings_.players;
  FeatureBatch b = to_feature_batch(batch, players, settings_.max_active, settings_.base);
  b.features = b.features.to(device_);
  b.offsets = b.offsets.to(device_);
  b.in_game = b.in_game.to(device_);
  const int64_t width = players + 1 + (settings_.base ? players : 0);  // checked by to_feature_batch
  auto values = torch::empty({b.batch, width}, torch::kFloat);
  float* v = values.data_ptr<float>();
  for (size_t i = 0; i < batch.size(); ++i)
    std::copy(batch[i]->value.begin(), batch[i]->value.end(), v + static_cast<int64_t>(i) * width);
  values = values.to(device_);
  torch::Tensor logits = model_->forward(b);
  if (settings_.base) logits = logits + values.narrow(1, players + 1, players);  // -inf stays -inf
  return {logits, values, b.in_game};
}

torch::Tensor LearnedEvalLearner::shares(const std::vector<const Sample*>& batch) {
  torch::NoGradGuard no_grad;
  return torch::softmax(forward(batch).logits, 1);
}

LossStats LearnedEvalLearner::compute(const std::vector<const Sample*>& batch, bool learn) {
  const int players = settings_.players;
  const torch::AutoGradMode grad(learn);
  const Forward f = forward(batch);
  const torch::Tensor result = f.values.narrow(1, 0, players);
  const torch::Tensor search = f.values.select(1, players);
  const torch::Tensor log_shares = torch::log_softmax(f.logits, 1).masked_fill(f.in_game.logical_not(), 0.0);
  const torch::Tensor result_loss = -(result * log_shares).sum(1).mean();
  // The player to act (perspective 0) against the others together: log p and log (1 - p).
  const torch::Tensor own = log_shares.select(1, 0);
  const torch::Tensor others = torch::log1p(-torch::exp(own).clamp_max(1.0 - 1e-6));
  const torch::Tensor search_loss = -(search * own + (1 - search) * others).mean();
  const torch::Tensor total = settings_.lambda * search_loss + (1 - settings_.lambda) * result_loss;
  if (learn) {
    optimizer_->zero_grad();
    total.backward();
    optimizer_->step();
    ++steps_;
  }
  return {total.item<double>(), search_loss.item<double>(), result_loss.item<double>()};
}

LossStats LearnedEvalLearner::step(const std::vector<const Sample*>& batch) { return compute(batch, true); }
LossStats LearnedEvalLearner::loss(const std::vector<const Sample*>& batch) { return compute(batch, false); }

}  // namespace djambi
