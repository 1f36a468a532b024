#pragma once
// The network side (apps/network_side.h), loaded at its first use: the djambi binary and the
// Python module link no LibTorch, so that the rules, the alpha-beta bot and every command
// without a network start in milliseconds.
#include "apps/network_side.h"
#include "mcts/player.h"

namespace djambi {

// The network library's NetworkSide, loaded by the first call: $DJAMBI_NETWORK_LIBRARY when set,
// else libdjambi_network.so beside the binary (or module) that holds this code, else the one of
// the build tree it was built in. Throws std::runtime_error naming the library (and why:
// missing, not a library, a missing dependency such as LibTorch, another version) when it cannot
// be loaded; the next call tries again.
NetworkSide& network_side();

// random, greedy, mcts, ab, az and best (mcts/shipped_player.h): az, and best when the shipped
// player is a network, load the network side when the first of them is made, and then set
// LibTorch's threads to `torch_threads` when it is above 0. Its az players share their networks
// as those of one NetworkSide::network_players do.
PlayerFactory on_demand_player_factory(int torch_threads = 0);

}  // namespace djambi
