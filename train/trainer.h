#pragma once
// The training loop: self-play with the current network, a replay window, minibatch learning
// at a configured ratio of samples trained per sample generated, periodic evaluation against
// fixed baselines, checkpoints and metrics in a run directory, and exact resumption.
#include <memory>
#include <string>

#include "train/config.h"

namespace djambi {

struct TrainOutcome {
  long long steps = 0;
  std::string final_checkpoint;
  std::string player_bundle;
};

// Starts a new run in `run_dir` (refused if it exists and is not empty) with `config`.
TrainOutcome train_new(const std::string& run_dir, const TrainConfig& config);
// Continues the run in `run_dir` from its config.yaml, newest checkpoint and replay chunks.
TrainOutcome train_resume(const std::string& run_dir);

}  // namespace djambi
