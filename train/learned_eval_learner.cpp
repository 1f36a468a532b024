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

LossStats LearnedEvalLearner::compute(const std::vector<const Sample*>& batch, bool learn) {
  const int players = settings_.players;
  FeatureBatch b = to_feature_batch(batch, players, settings_.max_active);
  b.features = b.features.to(device_);
  b.offsets = b.offsets.to(device_);
  b.in_game = b.in_game.to(device_);
  auto values = torch::empty({b.batch, players + 1}, torch::kFloat);
  float* v = values.data_ptr<float>();
  for (size_t i = 0; i < batch.size(); ++i)
    std::copy(batch[i]->value.begin(), batch[i]->value.end(), v + static_cast<int64_t>(i) * (players + 1));
  values = values.to(device_);
  const torch::Tensor result = values.narrow(1, 0, players);
  const torch::Tensor search = values.select(1, players);

  const torch::AutoGradMode grad(learn);
  const torch::Tensor log_shares = torch::log_softmax(model_->forward(b), 1).masked_fill(b.in_game.logical_not(), 0.0);
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
