#pragma once
// The learned evaluation of the alpha-beta search (mcts/accumulator_net.h) as a LibTorch module,
// for training: the same layers and layout, so that export copies its tensors into an
// AccumulatorNet that the search runs without LibTorch (docs/LEARNED_EVAL.md).
//   accumulator = sum of the active features' rows + bias   (an embedding bag)
//   logit = out(clamp(head(clamp(accumulator, 0, 1)), 0, 1))
// Values are the softmax of the logits over the perspectives in the game.
#include <torch/torch.h>

#include "mcts/accumulator_net.h"

namespace djambi {

// A batch of positions as the model reads them: for each of batch x perspectives bags (sample
// by sample, perspective by perspective) its active features, flat.
struct FeatureBatch {
  torch::Tensor features;  // int64 [total active features]
  torch::Tensor offsets;   // int64 [batch * perspectives]: where each bag starts in `features`
  torch::Tensor in_game;   // bool [batch, perspectives]: a perspective still in the game
  int64_t batch = 0, perspectives = 0;
};

struct AccumulatorModelImpl : torch::nn::Module {
  explicit AccumulatorModelImpl(const AccumulatorNetShape& shape);
  // Logits [batch, perspectives] (those out of the game are set to -inf).
  torch::Tensor forward(const FeatureBatch& batch);
  // Values [batch, perspectives]: the softmax of forward() over the perspectives in the game.
  torch::Tensor shares(const FeatureBatch& batch);

  AccumulatorNetShape shape;
  torch::Tensor feature_weights;  // [features, hidden]
  torch::Tensor feature_bias;     // [hidden]
  torch::nn::Linear head{nullptr};  // hidden -> head
  torch::nn::Linear out{nullptr};   // head -> 1
};
TORCH_MODULE(AccumulatorModel);

// The module's weights in the search's layout (on the CPU, whatever the module's device).
AccumulatorNet to_accumulator_net(AccumulatorModel& model);
// Sets the module's weights from `net` (of the same shape; std::invalid_argument otherwise).
void load_accumulator_net(const AccumulatorNet& net, AccumulatorModel& model);

}  // namespace djambi
