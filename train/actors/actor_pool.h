#pragma once
// The learner's side of its actors (train/actors/actor.h): where the self-play games come from. The
// local pool plays them in this process with one Actor, as the learner asks; the MPI pool
// (train/actors/mpi_actors.h) gathers them from actors on other ranks.
#include <functional>
#include <memory>
#include <vector>

#include "env/io/notices.h"
#include "train/actors/actor.h"

namespace djambi {

// What an actor is made from.
struct ActorPoolSetup {
  std::shared_ptr<const Game> game;
  const TrainConfig& config;
  NetConfig net_config;
  torch::Device device;
  const RunDir& run;
  ActorWeights weights;  // the learner's network to start with
  uint64_t seed;         // of the actors' random choices
  Notices notices;       // what a person should know (an actor lost or heard again)
};

// One actor's production, for metrics.jsonl's "actors".
struct ActorThroughput {
  int rank = 0;  // its MPI rank (0: the actor in the learner's process)
  long long games = 0, samples = 0;
  double seconds = 0;  // since it started
  bool alive = true;   // false once the learner gave up on it

  void count(const ActorRound& round);
};

class ActorPool {
 public:
  virtual ~ActorPool() = default;
  // The rounds of self-play played since the last call; `opponent_games` is the share of new
  // games that seat opponents (the fading teacher). Remote actors may send none within a
  // second: the learner then checks its clock and stop flag and asks again.
  virtual std::vector<ActorRound> collect(double opponent_games) = 0;
  // The learner's network after `version` steps, for the actors to play with.
  virtual void publish_weights(const PolicyValueNet& net, long long version) = 0;
  // The learned evaluation's new generation (ActorWeights::message), for the actors to play with
  // from their next round on. Only remote actors play that family (train/learned_eval_model.cpp
  // plays it itself in the learner's process): the local pools refuse it.
  virtual void publish_generation(const std::string& message, long long version);
  // The learner committed a checkpoint: the leagues see it.
  virtual void checkpoint_saved() = 0;
  // The search totals of all actors.
  virtual ActorSearchStats search_stats() const = 0;
  // The step of the oldest weights a live actor has (remote actors: has been sent).
  virtual long long weights_version() const = 0;
  virtual std::vector<ActorThroughput> throughput() const = 0;
};

using ActorPoolMaker = std::function<std::unique_ptr<ActorPool>(const ActorPoolSetup&)>;

// One Actor in this process: on the learner's thread, one round per collect(), or on a thread
// of its own (selfplay.own_thread, run_setup.h's machine_settings).
std::unique_ptr<ActorPool> make_local_actor_pool(const ActorPoolSetup& setup);
// The Actor on a thread of its own: it plays on while the learner learns, at most 64 rounds
// ahead of it; collect() returns the rounds played since (waiting for one if there are none).
std::unique_ptr<ActorPool> make_threaded_actor_pool(const ActorPoolSetup& setup);

}  // namespace djambi
