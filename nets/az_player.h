#pragma once
// The network-guided player "az:PATH[,sims=N,cpuct=C,threads=T,temperature=X]": PATH is a
// player bundle (or a training checkpoint) whose game and variants must match the game played.
#include "mcts/player.h"

namespace djambi {

// Adds the "az" kind to `factory`.
void add_az_player(PlayerFactory& factory);

// random, greedy, mcts and az.
PlayerFactory full_player_factory();

}  // namespace djambi
