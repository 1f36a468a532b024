#pragma once
// Minibatch training of the learned evaluation (nets/accumulator_model.h) on its samples
// (train/learned_eval_samples.h). The loss mixes, by lambda, what the search said and how the
// game ended, as nnue-pytorch does for chess:
//   lambda       x  binary cross-entropy of the share of the player to act against the search's value
//   (1 - lambda) x  cross-entropy of the shares of the players in the game against the result's
// Optimiser: AdamW.
#include <torch/torch.h>

#include <vector>

#include "nets/accumulator_model.h"
#include "train/learner.h"
#include "train/sample.h"

namespace djambi {

struct LearnedEvalLearnerSettings {
  int players = 4;
  int max_active = 0;
  double learning_rate = 1e-3;
  double weight_decay = 0;
  double lambda = 0.5;  // the search's share of the target
  bool base = false;    // the samples carry base logits, added to the model's (on_base)
};

// The loss's parts: `total`, the search part as `policy` and the result part as `value` (the
// metrics' names of the network family: what the search recommends, and how the game ended).
class LearnedEvalLearner {
 public:
  LearnedEvalLearner(AccumulatorModel model, const LearnedEvalLearnerSettings& settings, torch::Device device);
  LossStats step(const std::vector<const Sample*>& batch);
  LossStats loss(const std::vector<const Sample*>& batch);
  // The values [batch, players] the model gives the samples' positions (by seat from the one to
  // act), base logits included: what the search computes from the exported weights.
  torch::Tensor shares(const std::vector<const Sample*>& batch);

  AccumulatorModel& model() { return model_; }
  torch::optim::Optimizer& optimizer() { return *optimizer_; }
  int64_t steps() const { return steps_; }
  void set_steps(int64_t steps) { steps_ = steps; }

 private:
  LossStats compute(const std::vector<const Sample*>& batch, bool learn);
  // The model's logits for `batch` (base logits added), its values as stored in the samples
  // ([batch, value size]) and which perspectives are in the game, on the learner's device.
  struct Forward {
    torch::Tensor logits, values, in_game;
  };
  Forward forward(const std::vector<const Sample*>& batch);

  AccumulatorModel model_;
  LearnedEvalLearnerSettings settings_;
  torch::Device device_;
  std::unique_ptr<torch::optim::Optimizer> optimizer_;
  int64_t steps_ = 0;
};

}  // namespace djambi
