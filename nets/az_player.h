#pragma once
// The network-guided player "az:PATH[,sims=N,cpuct=C,threads=T,temperature=X,heuristic=W]": PATH is a
// player bundle (or a training checkpoint) whose game and variants must match the game played.
#include "mcts/player.h"

namespace djambi {

// Adds the "az" kind to `factory`, and "best": az on the shipped player of the game played
// (nets/shipped_player.h), with the same options.
void add_az_player(PlayerFactory& factory);

// random, greedy, mcts, ab, az and best.
PlayerFactory full_player_factory();

}  // namespace djambi
