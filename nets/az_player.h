#pragma once
// The network-guided player "az:PATH[,sims=N,cpuct=C,threads=T,temperature=X,heuristic=W]": PATH is a
// player bundle (or a training checkpoint) whose game and variants must match the game played.
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "mcts/evaluator.h"
#include "mcts/player.h"
#include "mcts/search_config.h"
#include "mcts/shipped_player.h"
#include "nets/net_config.h"

namespace djambi {

// The networks of the az and best players of one factory, shared: the players of one bundle
// file (its path, size and modification time), device and precision search with one loaded
// network while any of them lives, instead of a copy each (the shipped player's weights are
// about 4 MB; djambi serve seats three bots a game). Only on the CPU, where an evaluation keeps
// nothing between calls and may run on several threads at once (TorchEvaluator); on an
// accelerator each player has an evaluator of its own, as its buffers and stream are. A network
// no player uses any more is freed. Thread-safe.
class SharedNetworks {
 public:
  struct Network {
    std::shared_ptr<Evaluator> evaluator;
    NetConfig config;     // the game it plays
    SearchConfig search;  // the bundle's search settings
  };
  // The network under `key`: the one a living player holds when there is one, else `load()`'s,
  // remembered for the next players. `load` runs under the lock (one load per key at a time).
  Network get(const std::string& key, const std::function<Network()>& load);
  // Networks in use (held by living players), and networks loaded since construction.
  size_t in_use();
  size_t loads();

 private:
  struct Entry {
    std::weak_ptr<Evaluator> evaluator;
    NetConfig config;
    SearchConfig search;
  };
  std::mutex mutex_;
  std::map<std::string, Entry> entries_;
  size_t loads_ = 0;
};

// Makes az players (az:PATH's, and best's when the shipped player is a network) whose networks
// `networks` shares (a new SharedNetworks when null, shared by the players of this maker and its
// copies).
NetworkPlayerMaker az_player_maker(std::shared_ptr<SharedNetworks> networks = nullptr);

// Adds the "az" kind to `factory`, and "best": az on the shipped player of the game played
// (mcts/shipped_player.h), with the same options. Their networks are shared through `networks`
// (a new SharedNetworks when null, shared by the players of this factory and its copies).
void add_az_player(PlayerFactory& factory, std::shared_ptr<SharedNetworks> networks = nullptr);

// random, greedy, mcts, ab, az and best (whose networks `networks` shares, as above).
PlayerFactory full_player_factory(std::shared_ptr<SharedNetworks> networks = nullptr);

}  // namespace djambi
