// The policy/value network as the training loop's model (train/trained_model.h).
#include <sstream>

#include "mcts/basic_players.h"
#include "nets/bundle.h"
#include "nets/checkpoint.h"
#include "nets/device.h"
#include "nets/torch_evaluator.h"
#include "train/export.h"
#include "train/run/resume.h"
#include "train/run_setup.h"
#include "train/settings.h"
#include "train/trained_model.h"

namespace djambi {

namespace {

// net.init's network, which must be of this run's architecture and game (bad input otherwise).
LoadedCheckpoint initial_weights(const std::string& path, const NetConfig& expected) {
  try {
    return load_checkpoint(path, &expected);
  } catch (const CheckpointError& e) {
    throw std::invalid_argument(std::string("net.init: ") + e.what());
  }
}

class NetworkModel final : public TrainedModel {
 public:
  NetworkModel(const TrainConfig& config, std::shared_ptr<const Game> game, const RunDir& dir, bool resume)
      : config_(config),
        game_(std::move(game)),
        dir_(dir),
        net_config_(net_config_of(config_, *game_)),
        device_(select_device(config_.net.device)) {
    // A bad net.init stops a new run before its directory exists.
    const std::optional<LoadedCheckpoint> init = resume || config_.net.init.empty()
                                                     ? std::nullopt
                                                     : std::optional(initial_weights(config_.net.init, net_config_));
    set_torch_threads(config_.net.threads);
    torch::manual_seed(static_cast<uint64_t>(config_.run.seed));
    learner_ = std::make_unique<Learner>(PolicyValueNet(net_config_), learner_settings(config_, game_), device_);
    if (init) copy_weights(init->net, learner_->net());
  }

  SampleShape sample_shape() const override { return sample_shape_of(*game_); }
  long long steps() const override { return learner_->steps(); }

  LossStats learn(const std::vector<const Sample*>& batch) override {
    const LossStats loss = learner_->step(batch);
    if (learner_->steps() % config_.selfplay.weights_every_steps == 0)
      actors_->publish_weights(learner_->net(), learner_->steps());
    return loss;
  }

  void save_checkpoint(const std::string& path) override {
    djambi::save_checkpoint(path, learner_->net(), learner_->steps(), &learner_->optimizer(),
                            reward_metadata(evaluation_search_config(config_)));
  }

  std::optional<long long> resume(const RunDir& dir, long long metrics_last_step, std::ostream& notices) override {
    std::optional<LoadedCheckpoint> loaded = load_resume_checkpoint(
        dir, net_config_, learner_->optimizer(), metrics_last_step, config_.run.checkpoint_every_steps, notices);
    if (!loaded) return std::nullopt;
    learner_->adopt(loaded->net, loaded->step);
    return loaded->step;
  }

  void start_selfplay(const ActorPoolMaker& actors, uint64_t seed, const Notices& notices) override {
    network_ = std::make_shared<TorchEvaluator>(learner_->net(), device_);
    const ActorPoolMaker make = actors ? actors : make_local_actor_pool;
    actors_ = make({game_, config_, net_config_, device_, dir_, ActorWeights{learner_->steps(), &learner_->net()}, seed,
                    notices});
  }

  std::vector<ActorRound> collect(double opponent_games) override { return actors_->collect(opponent_games); }
  void checkpoint_saved() override { actors_->checkpoint_saved(); }
  ActorSearchStats search_stats() const override { return actors_->search_stats(); }
  long long weights_version() const override { return actors_->weights_version(); }
  std::vector<ActorThroughput> throughput() const override { return actors_->throughput(); }

  PlayerMaker candidate() override {
    MctsPlayerOptions options;
    options.search = evaluation_search_config(config_);
    options.search.leaves_per_round = std::max(1, config_.mcts.leaves_per_round);
    auto network = network_;
    return [network, options](uint64_t seed) {
      MctsPlayerOptions o = options;
      o.search.seed = seed;
      return std::make_unique<MctsPlayer>("az", network, o);
    };
  }

  std::string export_player(const RunDir& dir, const std::string& checkpoint) override {
    const std::string path = dir.players() + "/final.djp";
    djambi::export_player(learner_->net(), evaluation_search_config(config_), path, learner_->steps(), checkpoint);
    return path;
  }

 private:
  const TrainConfig& config_;
  std::shared_ptr<const Game> game_;
  const RunDir& dir_;
  NetConfig net_config_;
  torch::Device device_;
  std::unique_ptr<Learner> learner_;
  std::shared_ptr<TorchEvaluator> network_;  // the learner's network, for the evaluation games
  std::unique_ptr<ActorPool> actors_;        // self-play, with its own copies of the weights
};

}  // namespace

std::unique_ptr<TrainedModel> make_network_model(const TrainConfig& config, std::shared_ptr<const Game> game,
                                                 const RunDir& dir, bool resume) {
  return std::make_unique<NetworkModel>(config, std::move(game), dir, resume);
}

}  // namespace djambi
