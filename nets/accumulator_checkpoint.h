#pragma once
// Training checkpoints of the learned evaluation (nets/accumulator_model.h): its weights, shape,
// feature set, game and variants, the training step and the optimiser's state, in a sealed
// LibTorch archive written atomically as the network's checkpoints are (nets/checkpoint.h).
#include <torch/torch.h>

#include <string>

#include "mcts/eval_bundle.h"
#include "nets/accumulator_model.h"
#include "nets/checkpoint.h"

namespace djambi {

// `info.step` is the step saved; `info.source` is not kept.
void save_accumulator_checkpoint(const std::string& path, AccumulatorModel& model, const EvalBundleInfo& info,
                                 torch::optim::Optimizer* optimizer);

struct AccumulatorCheckpoint {
  EvalBundleInfo info;  // source: the checkpoint's path
  AccumulatorNetShape shape;
};

// What a checkpoint holds, without its weights; CheckpointError naming the path for anything
// that is not a sealed learned-evaluation checkpoint.
AccumulatorCheckpoint read_accumulator_checkpoint(const std::string& path);
// Loads the weights into `model` (of the checkpoint's shape: CheckpointError otherwise) in
// place, so that an optimiser over its parameters stays bound to them, and its state into
// `optimizer` when given and saved.
AccumulatorCheckpoint load_accumulator_checkpoint(const std::string& path, AccumulatorModel& model,
                                                  torch::optim::Optimizer* optimizer);
// Whether the file at `path` is a learned-evaluation checkpoint (rather than a network's).
bool is_accumulator_checkpoint(const std::string& path);

}  // namespace djambi
