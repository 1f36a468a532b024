#include "train/trainer.h"

#include <tbb/global_control.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "env/append_file.h"
#include "env/atomic_file.h"
#include "env/games.h"
#include "mcts/basic_players.h"
#include "mcts/caching_evaluator.h"
#include "nets/bundle.h"
#include "nets/checkpoint.h"
#include "nets/device.h"
#include "nets/torch_evaluator.h"
#include "train/evaluation.h"
#include "train/export.h"
#include "train/games_log.h"
#include "train/league.h"
#include "train/recent_score.h"
#include "train/learner.h"
#include "train/metrics_log.h"
#include "train/replay_buffer.h"
#include "train/resume.h"
#include "train/run_dir.h"
#include "train/selfplay.h"

namespace djambi {

namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

std::shared_ptr<const Game> game_of(const TrainConfig& c) {
  return make_game(c.game.name, parse_variants(c.game.variants), reward_scheme_from_name(c.game.reward),
                   static_cast<float>(c.game.draw_value));
}

NetConfig net_config_from(const TrainConfig& c, const Game& game) {
  // Variant names in section-9 order, as the game prints them (and az players compare them).
  NetConfig n = net_config_for(game, c.net.preset, variant_names_of(game));
  if (c.net.channels > 0) n.channels = c.net.channels;
  if (c.net.blocks > 0) n.blocks = c.net.blocks;
  if (c.net.value_hidden > 0) n.value_hidden = c.net.value_hidden;
  return n;
}

// Everything a run holds in memory.
class Trainer {
 public:
  Trainer(const std::string& root, const TrainConfig& config, bool resume);
  TrainOutcome run();

 private:
  // Continues from what the run directory holds (docs/RELIABILITY.md).
  void resume();
  void record_games(std::vector<FinishedGame>& finished);
  void learn_one_step();
  // Makes everything up to the current step durable, then saves and commits its checkpoint.
  void checkpoint();
  json evaluate();
  void progress(bool final_line);
  bool should_stop() const;
  double opponent_share() const { return opponent_games_at(config_, learner_->steps(), recent_mixed_.score()); }
  double run_seconds() const;  // wall time of the run, across resumes
  // On resume: the running totals continue from the last record kept.
  void restore_totals(const json& record);

  RunDir dir_;
  RunLock lock_;
  GamesLog games_log_;
  TrainConfig config_;
  tbb::global_control tbb_threads_;
  std::shared_ptr<const Game> game_;
  NetConfig net_config_;
  torch::Device device_;
  std::unique_ptr<Learner> learner_;
  std::shared_ptr<TorchEvaluator> network_;
  std::shared_ptr<CachingEvaluator> cache_;
  std::unique_ptr<ReplayBuffer> replay_;
  std::unique_ptr<League> league_;  // null when no self-play opponent is a network
  std::unique_ptr<SelfPlay> selfplay_;
  std::mt19937_64 rng_;

  Clock::time_point started_ = Clock::now();
  Clock::time_point last_progress_ = started_;
  bool tty_ = isatty(fileno(stderr));
  long long games_ = 0, samples_ = 0, games_since_flush_ = 0, decisions_in_games_ = 0;
  long long step_start_ = 0;  // learner steps when this process started
  double credit_ = 0;         // learner steps owed to the samples generated
  double elapsed_before_ = 0; // seconds the run had taken before this process resumed it
  std::pair<double, double> search_seconds_before_{0, 0};  // tree, network: likewise
  long long positions_before_ = 0, evaluated_before_ = 0;    // leaves searched, sent to the network: likewise
  double selfplay_seconds_ = 0, learn_seconds_ = 0;
  std::vector<long long> first_place_by_seat_;
  long long draws_ = 0, adjudicated_ = 0;
  long long mixed_games_ = 0, mixed_network_wins_ = 0;  // games with fixed seats; the network alone first
  RecentScore recent_mixed_;  // the network's recent score in those games (the fading teacher)
  long long imitation_samples_ = 0;
  long long forced_decisions_ = 0;
  LossStats last_loss_;
  json last_evaluation_;
  long long checkpointed_step_ = -1;  // the step of the newest checkpoint on disk
  AppendFile metrics_;
};

Trainer::Trainer(const std::string& root, const TrainConfig& config, bool resume)
    : dir_(root),
      games_log_(dir_.games()),
      config_(resume ? load_train_config(dir_.config_path()) : config),
      tbb_threads_(tbb::global_control::max_allowed_parallelism, static_cast<size_t>(config_.run.threads)),
      game_(game_of(config_)),
      net_config_(net_config_from(config_, *game_)),
      device_(select_device(config_.net.device)),
      rng_(static_cast<uint64_t>(config_.run.seed)) {
  build_config_players(config_);
  if (!resume) dir_.create_new();
  lock_ = dir_.lock();
  if (!resume) write_file_atomically(dir_.config_path(), to_yaml(config_));
  set_torch_threads(config_.net.threads);
  torch::manual_seed(static_cast<uint64_t>(config_.run.seed));
  LearnerSettings ls;
  ls.optimizer = config_.learner.optimizer;
  ls.learning_rate = config_.learner.learning_rate;
  ls.momentum = config_.learner.momentum;
  ls.weight_decay = config_.learner.weight_decay;
  ls.value_loss_weight = config_.learner.value_loss_weight;
  if (config_.replay.symmetries) ls.augment_with_symmetries_of = game_;
  ls.seed = static_cast<uint64_t>(config_.run.seed);
  learner_ = std::make_unique<Learner>(PolicyValueNet(net_config_), ls, device_);
  const SampleShape shape{game_->observation_shape().size(), game_->num_actions(), game_->num_players()};
  replay_ = std::make_unique<ReplayBuffer>(static_cast<size_t>(config_.replay.window), shape);
  if (resume) this->resume();
  step_start_ = learner_->steps();
  network_ = std::make_shared<TorchEvaluator>(learner_->net(), device_);
  cache_ = std::make_shared<CachingEvaluator>(network_, 1 << 16);
  SelfPlaySettings sp;
  sp.games = config_.selfplay.games;
  sp.search = search_config(config_, true);
  sp.full_sims = config_.mcts.sims;
  sp.fast_sims = config_.mcts.fast_sims;
  sp.full_search_fraction = config_.mcts.full_search_fraction;
  sp.temperature = static_cast<float>(config_.selfplay.temperature);
  sp.temperature_decisions = config_.selfplay.temperature_decisions;
  sp.max_decisions = config_.selfplay.max_decisions;
  sp.opponents = config_.selfplay.opponents;
  sp.opponent_games = config_.selfplay.opponent_games;
  sp.imitate = config_.selfplay.imitate;
  sp.seed = rng_();
  if (std::any_of(sp.opponents.begin(), sp.opponents.end(), League::names_a_network))
    league_ = std::make_unique<League>(game_, dir_, net_config_, device_);
  selfplay_ = std::make_unique<SelfPlay>(game_, *cache_, sp, league_.get());
  if (first_place_by_seat_.empty()) first_place_by_seat_.assign(static_cast<size_t>(game_->num_players()), 0);
  metrics_ = AppendFile(dir_.metrics_path());
}

void Trainer::resume() {
  // Everything is read and checked before anything is changed: a resume refused for its
  // checkpoints or stopped by a malformed replay chunk changes nothing.
  const MetricsHistory metrics = read_metrics(dir_.metrics_path());
  replay_->load(dir_.replay());
  std::optional<LoadedCheckpoint> loaded =
      load_resume_checkpoint(dir_, net_config_, learner_->optimizer(), metrics.last_step(),
                             config_.run.checkpoint_every_steps, std::cerr);
  if (loaded) {
    learner_->adopt(loaded->net, loaded->step);
    checkpointed_step_ = loaded->step;
  } else {
    std::cerr << "resume: no checkpoint yet; starting again at step 0\n";
  }
  if (const int removed = dir_.remove_temporaries())
    std::cerr << "resume: removed " << removed << " temporary file(s) of writes the stopped run did not finish\n";
  repair_game_records(dir_.games(), std::cerr);
  first_place_by_seat_.assign(static_cast<size_t>(game_->num_players()), 0);
  restore_totals(keep_metrics_up_to(dir_.metrics_path(), metrics, learner_->steps(), std::cerr));
  rng_.seed(static_cast<uint64_t>(config_.run.seed) + static_cast<uint64_t>(learner_->steps()) * 7919);
}

void Trainer::restore_totals(const json& record) {
  if (record.is_null()) return;
  games_ = record.value("games", 0LL);
  samples_ = record.value("samples", 0LL);
  decisions_in_games_ = static_cast<long long>(record.value("game_length", 0.0) * static_cast<double>(games_));
  draws_ = record.value("draws", 0LL);
  mixed_games_ = record.value("mixed_games", 0LL);
  mixed_network_wins_ = record.value("mixed_network_wins", 0LL);
  recent_mixed_.restore(record.value("recent_mixed_wins", 0.0), record.value("recent_mixed_expected_wins", 0.0));
  imitation_samples_ = record.value("imitation_samples", 0LL);
  forced_decisions_ = record.value("forced_decisions", 0LL);
  adjudicated_ = record.value("adjudicated", 0LL);
  first_place_by_seat_ = record.value("first_place_by_seat", first_place_by_seat_);
  elapsed_before_ = record.value("elapsed_seconds", 0.0);
  selfplay_seconds_ = record.value("selfplay_seconds", 0.0);
  learn_seconds_ = record.value("learn_seconds", 0.0);
  search_seconds_before_ = {record.value("search_tree_seconds", 0.0), record.value("search_network_seconds", 0.0)};
  positions_before_ = record.value("search_positions", 0LL);
  evaluated_before_ = record.value("network_positions", 0LL);
}

double Trainer::run_seconds() const {
  return elapsed_before_ + std::chrono::duration<double>(Clock::now() - started_).count();
}

bool Trainer::should_stop() const {
  const double minutes = run_seconds() / 60.0;  // a resumed run counts the time it had taken
  return (config_.learner.max_steps > 0 && learner_->steps() >= config_.learner.max_steps) ||
         (config_.learner.max_minutes > 0 && minutes >= config_.learner.max_minutes);
}

void Trainer::record_games(std::vector<FinishedGame>& finished) {
  for (FinishedGame& g : finished) {
    games_log_.append(format_record(g.record), games_, learner_->steps());
    ++games_;
    ++games_since_flush_;
    decisions_in_games_ += g.decisions;
    const bool mixed = std::count(g.network_seats.begin(), g.network_seats.end(), 0) > 0;
    mixed_games_ += mixed;
    imitation_samples_ += g.imitation_samples;
    forced_decisions_ += g.forced_decisions;
    const int network_seats = static_cast<int>(std::count(g.network_seats.begin(), g.network_seats.end(), 1));
    if (mixed)
      recent_mixed_.add_game(g.outcome.finished && !g.outcome.draw() && g.network_seats[static_cast<size_t>(g.outcome.winner)],
                             network_seats, game_->num_players());
    if (!g.outcome.finished) {
      ++adjudicated_;
    } else if (g.outcome.draw()) {
      ++draws_;
    } else {
      const auto seat = static_cast<size_t>(g.outcome.winner);
      ++first_place_by_seat_[seat];
      mixed_network_wins_ += mixed && g.network_seats[seat];
    }
    for (Sample& s : g.samples) {
      replay_->add(std::move(s));
      ++samples_;
      if (replay_->size() >= static_cast<size_t>(config_.replay.min_samples))
        credit_ += config_.learner.train_ratio / config_.learner.batch_size;
    }
  }
  if (config_.replay.flush_every_games > 0 && games_since_flush_ >= config_.replay.flush_every_games) {
    replay_->flush(dir_.replay());
    games_since_flush_ = 0;
  }
}

void Trainer::checkpoint() {
  replay_->flush(dir_.replay());
  games_since_flush_ = 0;
  games_log_.sync();
  metrics_.sync();
  const long long step = learner_->steps();
  if (step == checkpointed_step_) return;  // the run's end at a step just saved, or resumed from
  const std::string path = dir_.checkpoint_path(step);
  save_checkpoint(path, learner_->net(), step, &learner_->optimizer(),
                  reward_metadata(evaluation_search_config(config_)));
  dir_.commit_checkpoint(path, config_.run.keep_checkpoints);
  checkpointed_step_ = step;
  if (league_) league_->refresh();
}

json Trainer::evaluate() {
  json results = json::object();
  MctsPlayerOptions options;
  options.search = evaluation_search_config(config_);
  options.search.leaves_per_round = std::max(1, config_.mcts.leaves_per_round);
  auto network = network_;
  const PlayerMaker candidate = [network, options](uint64_t seed) {
    MctsPlayerOptions o = options;
    o.search.seed = seed;
    return std::make_unique<MctsPlayer>("az", network, o);
  };
  const PlayerFactory factory = basic_player_factory();
  for (const std::string& spec : config_.evaluation.opponents) {
    auto game = game_;
    const PlayerMaker opponent = [&factory, spec, game](uint64_t seed) { return factory.create(spec, game, seed); };
    const MatchResult r = play_match(game_, candidate, spec, opponent, config_.evaluation.games, rng_());
    const auto [low, high] = r.win_rate_interval();
    results[spec] = {{"games", r.games}, {"wins", r.wins},   {"draws", r.draws},
                     {"win_rate", r.win_rate()}, {"win_rate_low", low}, {"win_rate_high", high},
                     {"mean_rank", r.mean_rank}};
  }
  return results;
}

void Trainer::learn_one_step() {
  const auto t0 = Clock::now();
  const auto batch = replay_->draw(static_cast<size_t>(config_.learner.batch_size), rng_);
  last_loss_ = learner_->step(batch);
  cache_->clear();  // the network changed: cached evaluations are stale
  credit_ -= 1.0;
  learn_seconds_ += std::chrono::duration<double>(Clock::now() - t0).count();
  const long long step = learner_->steps();

  json record;
  if (config_.evaluation.every_steps > 0 && step % config_.evaluation.every_steps == 0) {
    last_evaluation_ = evaluate();
    record["evaluation"] = last_evaluation_;
  }
  const double elapsed = run_seconds();
  const auto& timings = selfplay_->timings();
  record["step"] = step;
  record["elapsed_seconds"] = elapsed;
  record["loss"] = last_loss_.total;
  record["policy_loss"] = last_loss_.policy;
  record["value_loss"] = last_loss_.value;
  record["games"] = games_;
  record["samples"] = samples_;
  record["samples_per_second"] = samples_ / elapsed;
  record["games_per_second"] = games_ / elapsed;
  record["game_length"] = games_ ? static_cast<double>(decisions_in_games_) / games_ : 0.0;
  record["first_place_by_seat"] = first_place_by_seat_;
  record["draws"] = draws_;
  record["mixed_games"] = mixed_games_;
  record["mixed_network_wins"] = mixed_network_wins_;
  record["imitation_samples"] = imitation_samples_;
  record["recent_mixed_wins"] = recent_mixed_.wins();
  record["recent_mixed_expected_wins"] = recent_mixed_.expected_wins();
  record["recent_mixed_score"] = recent_mixed_.score();
  record["opponent_games"] = opponent_share();
  record["forced_decisions"] = forced_decisions_;
  record["adjudicated"] = adjudicated_;
  record["replay_size"] = replay_->size();
  record["cache_hit_rate"] = cache_->hit_rate();
  record["selfplay_seconds"] = selfplay_seconds_;
  record["search_tree_seconds"] = search_seconds_before_.first + timings.tree_seconds;
  record["search_network_seconds"] = search_seconds_before_.second + timings.evaluate_seconds;
  record["learn_seconds"] = learn_seconds_;
  record["search_positions"] = positions_before_ + static_cast<long long>(cache_->lookups());
  record["network_positions"] = evaluated_before_ + static_cast<long long>(cache_->lookups() - cache_->hits());
  // The record goes before the checkpoint of its step: a checkpoint never holds a step that
  // metrics.jsonl lacks.
  metrics_.append(record.dump() + "\n");
  if (config_.run.checkpoint_every_steps > 0 && step % config_.run.checkpoint_every_steps == 0) checkpoint();
}

void Trainer::progress(bool final_line) {
  const auto now = Clock::now();
  if (!final_line && now - last_progress_ < std::chrono::milliseconds(tty_ ? 500 : 10000)) return;
  last_progress_ = now;
  const double elapsed = run_seconds();
  const long long steps = learner_->steps();
  const double rate = (steps - step_start_) / std::max(1e-9, std::chrono::duration<double>(now - started_).count());
  double eta = 0;
  if (config_.learner.max_steps > 0 && rate > 0) eta = (config_.learner.max_steps - steps) / rate;
  if (config_.learner.max_minutes > 0) {
    const double left = config_.learner.max_minutes * 60 - elapsed;
    eta = eta > 0 ? std::min(eta, left) : left;
  }
  if (final_line) eta = 0;
  std::fprintf(stderr, "%sstep %lld, %lld games, %lld samples (%.1f/s), loss %.3f (policy %.3f value %.3f), ETA %.0fs%s",
               tty_ ? "\r\033[K" : "", steps, games_, samples_, samples_ / std::max(1e-9, elapsed), last_loss_.total,
               last_loss_.policy, last_loss_.value, std::max(0.0, eta), tty_ && !final_line ? "" : "\n");
  std::fflush(stderr);
}

TrainOutcome Trainer::run() {
  while (!should_stop()) {
    const auto t0 = Clock::now();
    selfplay_->set_opponent_games(opponent_share());
    std::vector<FinishedGame> finished = selfplay_->step();
    selfplay_seconds_ += std::chrono::duration<double>(Clock::now() - t0).count();
    record_games(finished);
    while (credit_ >= 1.0 && !should_stop()) learn_one_step();
    progress(false);
  }
  progress(true);
  checkpoint();
  TrainOutcome outcome;
  outcome.steps = learner_->steps();
  outcome.final_checkpoint = dir_.checkpoint_path(learner_->steps());
  outcome.player_bundle = dir_.players() + "/final.djp";
  export_player(learner_->net(), evaluation_search_config(config_), outcome.player_bundle, learner_->steps(),
                outcome.final_checkpoint);
  // The closing evaluation table.
  const json table = evaluate();
  std::printf("%-28s %6s %6s %6s %18s %10s\n", "opponent", "games", "wins", "draws", "win rate (95% CI)", "mean rank");
  for (const auto& [spec, r] : table.items())
    std::printf("%-28s %6d %6d %6d %6.1f%% [%4.1f, %4.1f] %10.2f\n", spec.c_str(), r["games"].get<int>(),
                r["wins"].get<int>(), r["draws"].get<int>(), 100 * r["win_rate"].get<double>(),
                100 * r["win_rate_low"].get<double>(), 100 * r["win_rate_high"].get<double>(),
                r["mean_rank"].get<double>());
  std::printf("player saved to %s\n", outcome.player_bundle.c_str());
  return outcome;
}

}  // namespace

TrainOutcome train_new(const std::string& run_dir, const TrainConfig& config) {
  validate_train_config(config);
  return Trainer(run_dir, config, false).run();
}

TrainOutcome train_resume(const std::string& run_dir) {
  if (!std::filesystem::exists(RunDir(run_dir).config_path()))
    throw std::invalid_argument("'" + run_dir + "' is not a run directory (no config.yaml)");
  return Trainer(run_dir, TrainConfig{}, true).run();
}

}  // namespace djambi
