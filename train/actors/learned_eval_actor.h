#pragma once
// The learned evaluation's actor on an MPI rank (train/actors/mpi_actors.h): self-play of the
// alpha-beta player (train/learned_eval_selfplay.h) with the generation the learner sent last,
// the hand-written evaluation before the first. Its rounds are whole games, which may take
// longer than the learner waits for news: they are played on a thread of their own, and
// play() hands over what has finished, waiting a little at most, so that the rank's loop keeps
// answering. The bundles it receives are written to a folder of its own under the system's
// temporary directory, removed with the actor.
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "env/threads/bounded_queue.h"
#include "train/actors/actor.h"
#include "train/actors/actor_messages.h"
#include "train/learned_eval_selfplay.h"

namespace djambi {

class LearnedEvalActor {
 public:
  // Plays `settings`' self-play, starting with `weights` (ActorWeights::message; "" for the
  // hand-written evaluation).
  LearnedEvalActor(std::shared_ptr<const Game> game, const LearnedEvalSelfPlaySettings& settings,
                   const std::string& weights);
  ~LearnedEvalActor();
  LearnedEvalActor(const LearnedEvalActor&) = delete;
  LearnedEvalActor& operator=(const LearnedEvalActor&) = delete;

  // The generation of `message` plays from the next round on. Throws std::runtime_error for a
  // message that is not a bundle the players load (and keeps the generation it had).
  void load_weights(const std::string& message);
  // The games finished since the last call, waiting up to `wait_seconds` for one; rethrows what
  // stopped the self-play thread.
  ActorRound play(double wait_seconds);
  long long weights_version() const;

 private:
  struct Played {
    ActorRound round;
    std::exception_ptr error;
  };
  void play_rounds();

  std::shared_ptr<const Game> game_;
  LearnedEvalSelfPlay selfplay_;  // only the thread plays it
  std::string search_;            // the players' options, e.g. "nodes=20000"
  std::string folder_;
  mutable std::mutex mutex_;
  std::string bundle_;    // the generation to play, "" = the hand-written evaluation
  long long version_ = 0;
  static constexpr size_t kMostWaiting = 2;  // rounds played and not taken
  BoundedQueue<Played> played_{kMostWaiting};  // a slow learner holds the thread back, not its memory
  std::thread thread_;
};

}  // namespace djambi
