#pragma once
// What the training loop (train/trainer.cpp) needs of the model it trains, one implementation per
// family (selfplay.player): the policy/value network guiding the tree search
// (train/network_model.cpp) and the learned evaluation of the alpha-beta player
// (train/learned_eval_model.cpp). The loop owns the run directory, the replay window, the
// metrics, the evaluation games and resumption's order; the model owns its weights, learner,
// checkpoints, self-play and player.
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "env/io/notices.h"
#include "train/actors/actor_pool.h"
#include "train/arena/evaluation.h"
#include "train/config.h"
#include "train/learner.h"
#include "train/run/run_dir.h"
#include "train/sample_codec.h"

namespace djambi {

class TrainedModel {
 public:
  virtual ~TrainedModel() = default;
  virtual SampleShape sample_shape() const = 0;
  virtual long long steps() const = 0;
  // One optimiser step on `batch`; self-play then gets the new weights on the model's schedule.
  virtual LossStats learn(const std::vector<const Sample*>& batch) = 0;
  // Writes the checkpoint of the current step at `path` (the loop commits it).
  virtual void save_checkpoint(const std::string& path) = 0;
  // Loads the newest checkpoint of `dir` that loads (train/run/resume.h's rule) and returns its
  // step; nothing when the run never had one.
  virtual std::optional<long long> resume(const RunDir& dir, long long metrics_last_step, std::ostream& notices) = 0;
  // Starts self-play with the current weights (after resume). `actors` (may be empty: in this
  // process) comes from TrainHooks.
  virtual void start_selfplay(const ActorPoolMaker& actors, uint64_t seed, const Notices& notices) = 0;
  // Self-play, as ActorPool (train/actors/actor_pool.h) says of the same calls.
  virtual std::vector<ActorRound> collect(double opponent_games) = 0;
  virtual void checkpoint_saved() = 0;
  virtual ActorSearchStats search_stats() const = 0;
  virtual long long weights_version() const = 0;
  virtual std::vector<ActorThroughput> throughput() const = 0;
  // Figures of the model as it is now, measured at each checkpoint and merged into that step's
  // metrics record (the learned evaluation's losses on its held-out set); none by default.
  virtual nlohmann::json checkpoint_metrics() { return nlohmann::json::object(); }
  // The player evaluation games seat: the model as it is now.
  virtual PlayerMaker candidate() = 0;
  // Writes the model as a player into the run's players/ and returns its path; `checkpoint` is
  // the checkpoint it comes from.
  virtual std::string export_player(const RunDir& dir, const std::string& checkpoint) = 0;
};

// The family selfplay.player names, built for `config` (a new run: from net.init if set).
// Throws std::invalid_argument for a config its family cannot train.
std::unique_ptr<TrainedModel> make_network_model(const TrainConfig& config, std::shared_ptr<const Game> game,
                                                 const RunDir& dir, bool resume);
std::unique_ptr<TrainedModel> make_learned_eval_model(const TrainConfig& config, std::shared_ptr<const Game> game,
                                                      const RunDir& dir);

}  // namespace djambi
