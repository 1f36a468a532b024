#pragma once
// The acting half of training: self-play with its own copy of the network. The learner
// (train/trainer.cpp) sends it weights with a version and the share of games to seat
// opponents in; it sends back finished games with their samples and records, and what its
// search has cost. In one process the two halves call each other; the messages are the
// structs below.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "mcts/caching_evaluator.h"
#include "nets/resnet.h"
#include "nets/torch_evaluator.h"
#include "train/config.h"
#include "train/league.h"
#include "train/run/run_dir.h"
#include "train/selfplay.h"

namespace djambi {

// Learner -> actor: the network to play with, or (the learned evaluation's family, which has
// no network: net null) its weights as they travel (encode_weights_message of the bundle of
// generation `version`; empty before the first: the hand-written evaluation).
struct ActorWeights {
  ActorWeights() = default;
  ActorWeights(long long version_, const PolicyValueNet* net_, std::string message_ = "")
      : version(version_), net(net_), message(std::move(message_)) {}
  long long version = 0;  // the learner step the weights are from
  const PolicyValueNet* net = nullptr;
  std::string message;
};

// What the actor's search has cost since it was made.
struct ActorSearchStats {
  double tree_seconds = 0, network_seconds = 0;
  long long positions = 0;          // leaves searched
  long long network_positions = 0;  // leaves the network evaluated (not in the cache)

  double cache_hit_rate() const {
    return positions > 0 ? 1.0 - static_cast<double>(network_positions) / static_cast<double>(positions) : 0.0;
  }
  ActorSearchStats& operator+=(const ActorSearchStats& o);
};

// Actor -> learner: one round of self-play (or several, gathered while a remote actor waited).
struct ActorRound {
  std::vector<FinishedGame> games;  // finished in this round, with their samples
  long long weights_version = 0;    // the weights they were (last) played with
  ActorSearchStats search;          // the actor's totals when it sent the round
};

// Learner -> remote actor, in answer to each round (train/actors/mpi_actors.h): how to go on. (The
// weights travel on their own, encode_weights.)
struct ActorControl {
  double opponent_games = 0;      // the share of new games that seat opponents
  long long checkpoints = 0;      // checkpoints the learner has saved: the league refreshes when it grows
  bool stop = false;              // the run is over: finish
};

// Learner -> remote actor, once at the start: what to play.
struct ActorHello {
  std::string config_yaml;  // the run's config (to_yaml)
  std::string run_dir;      // where the league's checkpoints are (a shared file system)
  uint64_t seed = 0;        // of this actor's random choices
  std::string weights;      // what to start with (encode_weights; the learned evaluation's: ActorWeights::message)
};

class Actor {
 public:
  // Plays `config`'s self-play with a copy of `weights`; `run` holds the league's checkpoints.
  Actor(std::shared_ptr<const Game> game, const TrainConfig& config, const NetConfig& net_config,
        torch::Device device, const RunDir& run, const ActorWeights& weights, uint64_t seed);

  // Copies the weights into the actor's network and forgets cached evaluations.
  void load_weights(const ActorWeights& weights);
  // The share of new games that seat opponents (the fading teacher).
  void set_opponent_games(double share) { selfplay_->set_opponent_games(share); }
  // Every game in flight advances by one decision of the network.
  ActorRound play();
  // The league sees the checkpoints written since (after the learner saves one).
  void refresh_league();

  ActorSearchStats search_stats() const;
  long long weights_version() const { return version_; }

 private:
  std::shared_ptr<TorchEvaluator> network_;
  std::shared_ptr<CachingEvaluator> cache_;
  std::unique_ptr<League> league_;  // null when no self-play opponent is a network
  std::unique_ptr<SelfPlay> selfplay_;
  long long version_ = 0;
};

}  // namespace djambi
