#pragma once
// The training loop: self-play with the current network, a replay window, minibatch learning
// at a configured ratio of samples trained per sample generated, periodic evaluation against
// fixed baselines, checkpoints and metrics in a run directory, and exact resumption. It prints
// nothing: what it reports goes to the caller's ProgressReport (apps/cmd_train.cpp prints it).
#include <atomic>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "env/io/notices.h"
#include "train/actors/actor_pool.h"
#include "train/config.h"
#include "train/training_counters.h"

namespace djambi {

// Where the run stands, reported after every round of self-play and learning, and at its end.
struct TrainProgress {
  long long step = 0;
  TrainingCounters counters;
  double loss = 0, policy_loss = 0, value_loss = 0;  // of the last minibatch
  double eta_seconds = 0;  // until max_steps or max_minutes, whichever comes first (0: unknown)
  bool done = false;       // the last report, before the closing evaluation
};
using ProgressReport = std::function<void(const TrainProgress&)>;

// What the caller gives the loop besides the config.
struct TrainHooks {
  ProgressReport report;  // may be empty
  // What a person should know, a line at a time: resume's checkpoints set aside and files
  // repaired, an actor lost or heard again. May be empty.
  Notices notices;
  // Once set (by a signal handler, say), the run ends after the current round of self-play or
  // learner step: it saves its checkpoint and player as at a normal end, and skips the closing
  // evaluation. `--resume` continues it.
  const std::atomic<bool>* stop = nullptr;
  // Called once the start-up (config, resume's reads, the model, the actors) is done, before
  // the first round: from then on `stop` is honoured. May be empty.
  std::function<void()> started;
  // Where self-play runs; empty: one actor in this process (train/actors/actor_pool.h).
  ActorPoolMaker actors;
};

struct TrainOutcome {
  long long steps = 0;
  std::string final_checkpoint;
  std::string player_bundle;
  // The closing evaluation, by opponent spec: games, wins, draws, win_rate, win_rate_low,
  // win_rate_high, mean_rank (as in metrics.jsonl).
  nlohmann::json evaluation;  // empty when stopped
  bool stopped = false;        // ended early by TrainHooks::stop
};

// Starts a new run in `run_dir` (refused if it exists and is not empty) with `config`.
TrainOutcome train_new(const std::string& run_dir, const TrainConfig& config, const TrainHooks& hooks = {});
// Continues the run in `run_dir` from its config.yaml, newest checkpoint and replay chunks.
TrainOutcome train_resume(const std::string& run_dir, const TrainHooks& hooks = {});

}  // namespace djambi
