#pragma once
// The game and network a training config describes, made the same way by the learner and by
// every actor.
#include <memory>

#include "env/game.h"
#include "nets/net_config.h"
#include "train/config.h"

namespace djambi {

std::shared_ptr<const Game> game_of(const TrainConfig& config);
NetConfig net_config_of(const TrainConfig& config, const Game& game);

}  // namespace djambi
