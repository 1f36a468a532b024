#pragma once
// Distributed self-play on MPI (docs/DISTRIBUTED.md). `mpirun -np K djambi train ...` runs the
// learner on rank 0 and an actor on each of ranks 1..K-1. Rank 0 sends every actor a hello
// (the run's config, the run directory, a seed and the weights), then answers each round of
// games an actor sends with a control message (the share of games with opponents, the count
// of checkpoints for the league, newer weights when there are any, or stop). An actor has one
// round in flight: it keeps playing while it waits for the answer and sends what finished
// meanwhile in its next round, so a learner that falls behind slows its actors down instead
// of queueing their games. An actor silent for run.actor_timeout_seconds after the learner's
// last answer is given up and the run goes on with the others.
#include <atomic>

#include "train/actors/actor_pool.h"

namespace djambi {

// MPI_Init_thread and MPI_Finalize for the life of the object.
class MpiSession {
 public:
  MpiSession();
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;
  int rank() const { return rank_; }
  int size() const { return size_; }
  // Ends every rank of the job at once (after an error on the learner).
  [[noreturn]] void abort(int exit_code) const;

 private:
  int rank_ = 0, size_ = 1;
};

// Rank 0: the actors of ranks 1..size-1, for TrainHooks::actors.
ActorPoolMaker mpi_actor_pool(const MpiSession& mpi);

// Ranks 1..: self-play for the learner on rank 0, until it says stop (returns) or stays
// silent for run.actor_timeout_seconds while the actor waits on it (throws).
void run_mpi_actor(const MpiSession& mpi);

}  // namespace djambi
