#pragma once
// The game and network a training config describes, made the same way by the learner and by
// every actor; and the settings a config leaves to the machine (0 or auto), chosen for its
// device. The run directory keeps them unchosen, so that a run resumed on another machine
// chooses again.
#include <memory>

#include <torch/torch.h>

#include "env/game.h"
#include "nets/net_config.h"
#include "train/config.h"

namespace djambi {

std::shared_ptr<const Game> game_of(const TrainConfig& config);
NetConfig net_config_of(const TrainConfig& config, const Game& game);

// The defaults of docs/GPU.md: the CPU's (which never competes with itself for its cores) or
// an accelerator's (which must never wait for the CPU).
struct MachineSettings {
  int games = 0;            // selfplay.games: 64 | 2048
  int pipeline_groups = 0;  // selfplay.pipeline_groups: 1 | 2
  bool own_thread = false;  // selfplay.own_thread: off | on
};
// What the config sets, and the defaults for `device` where it leaves the choice.
MachineSettings machine_settings(const TrainConfig& config, torch::Device device);
// run.threads, or (0) the machine's cores.
int tree_threads(const TrainConfig& config);

}  // namespace djambi
