// The learned evaluation of the alpha-beta player as the training loop's model
// (train/trained_model.h, docs/LEARNED_EVAL.md). Self-play plays whole games of the `ab`
// player in this process, TBB's threads playing a round's games in parallel. Generations: every
// ab.generation_steps learner steps the weights are written as players/generation-STEP.dje,
// which self-play's players load from the next round on (the hand-written evaluation before the
// first, and until ab.teacher_steps); each generation's bundle is kept, for measuring the run's
// curve afterwards.
#include <chrono>
#include <stdexcept>

#include "env/games.h"
#include "mcts/player.h"
#include "nets/accumulator_checkpoint.h"
#include "nets/device.h"
#include "train/learned_eval_learner.h"
#include "train/learned_eval_samples.h"
#include "train/learned_eval_selfplay.h"
#include "train/run/resume.h"
#include "train/run_setup.h"
#include "train/trained_model.h"

namespace djambi {

namespace {

class LearnedEvalModel final : public TrainedModel {
 public:
  LearnedEvalModel(const TrainConfig& config, std::shared_ptr<const Game> game, const RunDir& dir, bool remote_actors)
      : config_(config),
        game_(std::move(game)),
        dir_(dir),
        features_(learned_eval_features_of(game_->name())),
        device_(select_device(config_.net.device)) {
    if (features_.features == 0)
      throw std::invalid_argument("selfplay.player: ab, but " + game_->name() + " has no learned evaluation");
    if (remote_actors)
      throw std::invalid_argument(
          "selfplay.player: ab plays its self-play in the learner's process: run it without mpirun "
          "(mpirun's actors play the network family)");
    if (!config_.net.init.empty())
      throw std::invalid_argument("net.init: a network's weights; selfplay.player ab starts from random ones");
    set_torch_threads(config_.net.threads);
    torch::manual_seed(static_cast<uint64_t>(config_.run.seed));
    LearnedEvalLearnerSettings s;
    s.players = game_->num_players();
    s.max_active = features_.max_active;
    s.learning_rate = config_.learner.learning_rate;
    s.weight_decay = config_.learner.weight_decay;
    s.lambda = config_.ab.lambda;
    learner_ = std::make_unique<LearnedEvalLearner>(
        AccumulatorModel(AccumulatorNetShape{features_.features, config_.ab.hidden, config_.ab.head}), s, device_);
  }

  SampleShape sample_shape() const override {
    return learned_eval_sample_shape(game_->num_players(), features_.max_active);
  }
  long long steps() const override { return learner_->steps(); }

  LossStats learn(const std::vector<const Sample*>& batch) override {
    const LossStats loss = learner_->step(batch);
    if (learner_->steps() % config_.ab.generation_steps == 0) new_generation();
    return loss;
  }

  void save_checkpoint(const std::string& path) override {
    save_accumulator_checkpoint(path, learner_->model(), info(""), &learner_->optimizer());
  }

  std::optional<long long> resume(const RunDir& dir, long long metrics_last_step, std::ostream& notices) override {
    const auto load = [&](const std::string& path) {
      const AccumulatorCheckpoint c = load_accumulator_checkpoint(path, learner_->model(), &learner_->optimizer());
      const EvalBundleInfo mine = info("");
      if (c.info.game != mine.game || c.info.variants != mine.variants || c.info.feature_set != mine.feature_set)
        throw CheckpointError("checkpoint " + path + " holds a learned evaluation of another game, variant set or feature set");
      learner_->set_steps(c.info.step);
      return c.info.step;
    };
    const std::optional<long long> step =
        resume_from_newest_checkpoint(dir, load, metrics_last_step, config_.run.checkpoint_every_steps, notices);
    // Self-play goes on with the newest generation the checkpoint holds.
    if (step && *step >= config_.ab.generation_steps) new_generation();
    return step;
  }

  void start_selfplay(const ActorPoolMaker&, uint64_t seed, const Notices&) override {
    LearnedEvalSelfPlaySettings s;
    s.games = config_.selfplay.games > 0 ? config_.selfplay.games : tree_threads(config_);
    s.search = "nodes=" + std::to_string(config_.ab.nodes);
    s.random_turns = config_.ab.random_turns;
    s.max_decisions = config_.selfplay.max_decisions;
    s.seed = seed;
    selfplay_ = std::make_unique<LearnedEvalSelfPlay>(game_, s);
    if (!bundle_.empty()) selfplay_->set_bundle(bundle_);
  }

  std::vector<ActorRound> collect(double) override {
    ActorRound round;
    round.games = selfplay_->play_round();
    round.weights_version = generation_;
    tally_.count(round);
    return {std::move(round)};
  }
  void checkpoint_saved() override {}
  ActorSearchStats search_stats() const override { return {}; }
  long long weights_version() const override { return generation_; }
  std::vector<ActorThroughput> throughput() const override {
    ActorThroughput t = tally_;
    t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    return {t};
  }

  PlayerMaker candidate() override {
    const std::string path = dir_.players() + "/evaluated.dje";
    write_eval_bundle(path, {info(""), to_accumulator_net(learner_->model())});
    const std::string spec = features_.player_spec(path, "nodes=" + std::to_string(config_.ab.nodes));
    auto game = game_;
    return [spec, game](uint64_t seed) { return basic_player_factory().create(spec, game, seed); };
  }

  std::string export_player(const RunDir& dir, const std::string& checkpoint) override {
    const std::string path = dir.players() + "/final.dje";
    write_eval_bundle(path, {info(checkpoint), to_accumulator_net(learner_->model())});
    return path;
  }

 private:
  EvalBundleInfo info(const std::string& source) const {
    return {game_->name(), variant_names_of(*game_), features_.feature_set, learner_->steps(), source};
  }
  // The weights now become a generation, and what self-play plays with once the teacher's steps
  // are over (until then its samples stay the hand-written evaluation's: generation 0).
  void new_generation() {
    const std::string path = dir_.players() + "/generation-" + std::to_string(learner_->steps()) + ".dje";
    write_eval_bundle(path, {info(""), to_accumulator_net(learner_->model())});
    if (learner_->steps() < config_.ab.teacher_steps) return;
    bundle_ = path;
    generation_ = learner_->steps();
    if (selfplay_) selfplay_->set_bundle(bundle_);
  }

  const TrainConfig& config_;
  std::shared_ptr<const Game> game_;
  const RunDir& dir_;
  LearnedEvalFeatures features_;
  torch::Device device_;
  std::unique_ptr<LearnedEvalLearner> learner_;
  std::unique_ptr<LearnedEvalSelfPlay> selfplay_;
  std::string bundle_;        // of the newest generation ("" before the first)
  long long generation_ = 0;  // the step of its weights
  ActorThroughput tally_;
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

}  // namespace

std::unique_ptr<TrainedModel> make_learned_eval_model(const TrainConfig& config, std::shared_ptr<const Game> game,
                                                      const RunDir& dir, bool remote_actors) {
  return std::make_unique<LearnedEvalModel>(config, std::move(game), dir, remote_actors);
}

}  // namespace djambi
