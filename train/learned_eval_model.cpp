// The learned evaluation of the alpha-beta player as the training loop's model
// (train/trained_model.h, docs/LEARNED_EVAL.md). Self-play plays whole games of the `ab`
// player in this process, TBB's threads playing a round's games in parallel, or on mpirun's
// actor ranks (train/actors/learned_eval_actor.h), which get each generation's bundle as a
// weights message. Generations: every ab.generation_steps learner steps the weights are written
// as players/generation-STEP.dje, which self-play's players load from the next round on (the
// hand-written evaluation before the first, and until ab.teacher_steps); each generation's
// bundle is kept, for measuring the run's curve afterwards.
#include <algorithm>
#include <chrono>
#include <optional>
#include <stdexcept>

#include "env/games.h"
#include "mcts/player.h"
#include "nets/accumulator_checkpoint.h"
#include "nets/device.h"
#include "train/actors/actor_messages.h"
#include "train/arena/heldout_set.h"
#include "train/learned_eval_learner.h"
#include "train/learned_eval_samples.h"
#include "train/learned_eval_selfplay.h"
#include "train/run/resume.h"
#include "train/settings.h"
#include "train/trained_model.h"

namespace djambi {

namespace {

class LearnedEvalModel final : public TrainedModel {
 public:
  LearnedEvalModel(const TrainConfig& config, std::shared_ptr<const Game> game, const RunDir& dir)
      : config_(config),
        game_(std::move(game)),
        dir_(dir),
        features_(learned_eval_features_of(game_->name(), config_.ab.features)),
        device_(select_device(config_.net.device)) {
    if (features_.features == 0)
      throw std::invalid_argument("selfplay.player: ab, but " + game_->name() + " has no learned evaluation");
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
    s.base = static_cast<bool>(features_.base);
    AccumulatorModel model(AccumulatorNetShape{features_.features, config_.ab.hidden, config_.ab.head});
    // A correction of a base evaluation starts as none: the first generation plays as the base.
    if (s.base) {
      torch::NoGradGuard no_grad;
      model->out->weight.zero_();
    }
    learner_ = std::make_unique<LearnedEvalLearner>(std::move(model), s, device_);
    if (!config_.evaluation.heldout.empty()) {
      heldout_ = read_heldout_set(config_.evaluation.heldout, *game_, features_);
      for (size_t i = 0; i < heldout_->positions.size(); ++i)
        heldout_samples_.push_back(encode_learned_eval_sample(*heldout_->positions[i], features_, heldout_->labels[i]));
    }
  }

  nlohmann::json checkpoint_metrics() override {
    if (!heldout_) return nlohmann::json::object();
    // In batches, so that the features of a large set are never all on the device at once.
    constexpr size_t kBatch = 4096;
    std::vector<float> predicted;
    predicted.reserve(heldout_samples_.size());
    for (size_t first = 0; first < heldout_samples_.size(); first += kBatch) {
      std::vector<const Sample*> batch;
      for (size_t i = first; i < std::min(first + kBatch, heldout_samples_.size()); ++i)
        batch.push_back(&heldout_samples_[i]);
      const torch::Tensor own = learner_->shares(batch).select(1, 0).to(torch::kCPU).contiguous();
      predicted.insert(predicted.end(), own.data_ptr<float>(), own.data_ptr<float>() + own.numel());
    }
    return {{"heldout_loss", heldout_loss(*heldout_, predicted)},
            {"heldout_hand_written_loss", heldout_->hand_written_loss},
            {"heldout_positions", heldout_samples_.size()}};
  }

  SampleShape sample_shape() const override {
    return learned_eval_sample_shape(game_->num_players(), features_.max_active, static_cast<bool>(features_.base));
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

  void start_selfplay(const ActorPoolMaker& actors, uint64_t seed, const Notices& notices) override {
    if (actors) {  // mpirun's ranks
      ActorWeights weights{generation_, nullptr, generation_message_};
      actors_ = actors({game_, config_, NetConfig{}, device_, dir_, weights, seed, notices});
      return;
    }
    selfplay_ = std::make_unique<LearnedEvalSelfPlay>(game_, learned_eval_selfplay_settings(config_, seed));
    if (!bundle_.empty()) selfplay_->set_bundle(bundle_);
  }

  std::vector<ActorRound> collect(double opponent_games) override {
    if (actors_) return actors_->collect(opponent_games);
    ActorRound round;
    round.games = selfplay_->play_round();
    round.weights_version = generation_;
    tally_.count(round);
    return {std::move(round)};
  }
  void checkpoint_saved() override {}
  ActorSearchStats search_stats() const override { return {}; }
  long long weights_version() const override { return actors_ ? actors_->weights_version() : generation_; }
  std::vector<ActorThroughput> throughput() const override {
    if (actors_) return actors_->throughput();
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
    const EvalBundle bundle{info(""), to_accumulator_net(learner_->model())};
    const std::string path = dir_.players() + "/generation-" + std::to_string(learner_->steps()) + ".dje";
    write_eval_bundle(path, bundle);
    if (learner_->steps() < config_.ab.teacher_steps) return;
    bundle_ = path;
    generation_ = learner_->steps();
    generation_message_ = encode_weights_message(eval_bundle_bytes(bundle), generation_);
    if (selfplay_) selfplay_->set_bundle(bundle_);
    if (actors_) actors_->publish_generation(generation_message_, generation_);
  }

  const TrainConfig& config_;
  std::shared_ptr<const Game> game_;
  const RunDir& dir_;
  LearnedEvalFeatures features_;
  torch::Device device_;
  std::unique_ptr<LearnedEvalLearner> learner_;
  std::optional<HeldOutSet> heldout_;  // evaluation.heldout, read before the run starts
  std::vector<Sample> heldout_samples_;  // its positions as the learner reads them, labelled
  std::unique_ptr<LearnedEvalSelfPlay> selfplay_;  // self-play in this process, or
  std::unique_ptr<ActorPool> actors_;              // on mpirun's actor ranks
  std::string bundle_;              // of the newest generation ("" before the first)
  std::string generation_message_;  // the same as actor ranks get it (encode_weights_message)
  long long generation_ = 0;  // the step of its weights
  ActorThroughput tally_;
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

}  // namespace

std::unique_ptr<TrainedModel> make_learned_eval_model(const TrainConfig& config, std::shared_ptr<const Game> game,
                                                      const RunDir& dir) {
  return std::make_unique<LearnedEvalModel>(config, std::move(game), dir);
}

}  // namespace djambi
