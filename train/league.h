#pragma once
// The league: self-play seats given to networks other than the one learning. "past" seats an
// earlier checkpoint of this run, drawn uniformly from those kept (run.keep_checkpoints);
// "az:PATH.djp" and "best" (when the shipped player is a network) seat an exported player's network. Such a seat searches with its own
// network, batched over the games like the learner's seats, and gives no samples (SelfPlay).
// Networks are loaded once and kept while a game may still use them (shared ownership).
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <torch/torch.h>

#include "env/game.h"
#include "nets/net_config.h"
#include "nets/torch_evaluator.h"
#include "train/run/run_dir.h"
#include "train/selfplay.h"

namespace djambi {

class League : public NetworkSeats {
 public:
  // `run`: where "past" finds the checkpoints; `net_config`: the architecture they must have.
  League(std::shared_ptr<const Game> game, RunDir run, NetConfig net_config, torch::Device device,
         Precision precision = Precision::kFloat32);

  // Whether `spec` names a network seat of `game_name`: "past", "az:PATH[,...]", or "best" when
  // the game's shipped player is a network (a shipped learned evaluation plays as a player).
  static bool names_a_network(const std::string& spec, const std::string& game_name);

  bool plays(const std::string& spec) const override { return names_a_network(spec, game_->name()); }
  // For "past" before the run's first checkpoint: no network (the learner takes the seat).
  // Throws std::invalid_argument for a bundle that cannot be loaded or plays another game.
  SeatNetwork pick(const std::string& spec, std::mt19937_64& rng) override;
  // Rereads the run's kept checkpoints; the trainer calls it after each checkpoint.
  void refresh();

 private:
  // The network at `path` from `loaded` (by path), loading it into `loaded` the first time.
  std::shared_ptr<Evaluator> load(const std::string& path, bool bundle,
                                  std::map<std::string, std::shared_ptr<Evaluator>>& loaded);

  std::shared_ptr<const Game> game_;
  RunDir run_;
  NetConfig net_config_;
  torch::Device device_;
  Precision precision_;
  std::vector<std::pair<long long, std::string>> past_;  // kept checkpoints (step, path)
  std::map<std::string, std::shared_ptr<Evaluator>> past_loaded_;  // by path; only kept ones
  std::map<std::string, std::shared_ptr<Evaluator>> bundles_;      // by path; for the whole run
};

}  // namespace djambi
