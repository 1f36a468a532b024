#include "train/trainer.h"

#include <tbb/global_control.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "env/io/append_file.h"
#include "env/io/atomic_file.h"
#include "mcts/player.h"
#include "train/arena/evaluation.h"
#include "train/recent_score.h"
#include "train/replay_buffer.h"
#include "train/run/games_log.h"
#include "train/run/metrics_log.h"
#include "train/run/run_dir.h"
#include "train/run_setup.h"
#include "train/settings.h"
#include "train/trained_model.h"

namespace djambi {

namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

// Everything a run holds in memory.
class Trainer {
 public:
  Trainer(const std::string& root, const TrainConfig& config, bool resume, TrainHooks hooks);
  TrainOutcome run();

 private:
  // Continues from what the run directory holds (docs/RELIABILITY.md).
  void resume();
  void record_games(std::vector<FinishedGame>& finished);
  void learn_one_step();
  // Makes everything up to the current step durable, then saves and commits its checkpoint.
  void checkpoint();
  json evaluate();
  json actor_records() const;  // each actor's games, samples and samples per second
  void report(bool done) const;
  bool should_stop() const;
  bool stop_requested() const { return hooks_.stop && hooks_.stop->load(); }
  double opponent_share() const { return opponent_games_at(config_, model_->steps(), recent_mixed_.score()); }
  double run_seconds() const;  // wall time of the run, across resumes
  // The counters now: those counted as they happen, and the time and search figures of this
  // process added to those the run had when it started.
  TrainingCounters counters_now() const;
  // On resume: the running totals continue from the last record kept.
  void restore_totals(const json& record);

  RunDir dir_;
  RunLock lock_;
  GamesLog games_log_;
  TrainConfig config_;
  tbb::global_control tbb_threads_;
  std::shared_ptr<const Game> game_;
  std::unique_ptr<TrainedModel> model_;  // what the run learns, with its self-play
  std::unique_ptr<ReplayBuffer> replay_;
  std::mt19937_64 rng_;

  TrainHooks hooks_;
  Clock::time_point started_ = Clock::now();
  long long games_since_flush_ = 0;
  long long step_start_ = 0;  // learner steps when this process started
  double credit_ = 0;         // learner steps owed to the samples generated
  TrainingCounters counters_;
  TrainingCounters at_start_;  // as the run stood when this process started (resumed)
  RecentScore recent_mixed_;   // the network's recent score in games with fixed seats (the fading teacher)
  LossStats last_loss_;
  long long checkpointed_step_ = -1;  // the step of the newest checkpoint on disk
  AppendFile metrics_;
};

Trainer::Trainer(const std::string& root, const TrainConfig& config, bool resume, TrainHooks hooks)
    : dir_(root),
      games_log_(dir_.games()),
      config_(resume ? load_train_config(dir_.config_path()) : config),
      tbb_threads_(tbb::global_control::max_allowed_parallelism, static_cast<size_t>(tree_threads(config_))),
      game_(game_of(config_)),
      rng_(static_cast<uint64_t>(config_.run.seed)),
      hooks_(std::move(hooks)) {
  build_config_players(config_);
  // Made before the run's directory, so that a model the config cannot make (a bad net.init)
  // stops a new run before it exists.
  model_ = config_.selfplay.player == "ab" ? make_learned_eval_model(config_, game_, dir_)
                                           : make_network_model(config_, game_, dir_, resume);
  if (!resume) dir_.create_new();
  lock_ = dir_.lock();
  if (!resume) write_file_atomically(dir_.config_path(), to_yaml(config_));
  replay_ = std::make_unique<ReplayBuffer>(static_cast<size_t>(config_.replay.window), model_->sample_shape(),
                                           config_.replay.distinct);
  if (resume) this->resume();
  step_start_ = model_->steps();
  model_->start_selfplay(hooks_.actors, rng_(), hooks_.notices);
  counters_.first_place_by_seat.resize(static_cast<size_t>(game_->num_players()), 0);
  metrics_ = AppendFile(dir_.metrics_path());
}

void Trainer::resume() {
  // Everything is read and checked before anything is changed: a resume refused for its
  // checkpoints or stopped by a malformed replay chunk changes nothing.
  const MetricsHistory metrics = read_metrics(dir_.metrics_path());
  replay_->load(dir_.replay());
  // What each step says goes out before the next begins, so that an error later keeps it.
  std::ostringstream notes;
  const auto report = [&] {
    report_lines(hooks_.notices, notes.str());
    notes.str("");
  };
  const std::optional<long long> loaded = model_->resume(dir_, metrics.last_step(), notes);
  report();
  if (loaded) {
    checkpointed_step_ = *loaded;
  } else {
    notes << "resume: no checkpoint yet; starting again at step 0\n";
  }
  if (const int removed = dir_.remove_temporaries())
    notes << "resume: removed " << removed << " temporary file(s) of writes the stopped run did not finish\n";
  repair_game_records(dir_.games(), notes);
  report();
  const json last = keep_metrics_up_to(dir_.metrics_path(), metrics, model_->steps(), notes);
  if (last.is_null() && model_->steps() > 0)
    notes << "resume: " << dir_.metrics_path() << " holds no record up to step " << model_->steps()
          << " (deleted or emptied?): the run's totals (games, samples, time) count again from 0; the learner goes on"
             " from step "
          << model_->steps() << "\n";
  restore_totals(last);
  report();
  rng_.seed(static_cast<uint64_t>(config_.run.seed) + static_cast<uint64_t>(model_->steps()) * 7919);
}

void Trainer::restore_totals(const json& record) {
  if (record.is_null()) return;
  counters_ = record.get<TrainingCounters>();
  if (!record.contains("decisions"))  // a record written before the counters were one struct
    counters_.decisions = std::llround(record.value("game_length", 0.0) * static_cast<double>(counters_.games));
  at_start_ = counters_;
  recent_mixed_.restore(record.value("recent_mixed_wins", 0.0), record.value("recent_mixed_expected_wins", 0.0));
}

double Trainer::run_seconds() const {
  return at_start_.elapsed_seconds + std::chrono::duration<double>(Clock::now() - started_).count();
}

TrainingCounters Trainer::counters_now() const {
  TrainingCounters c = counters_;
  const ActorSearchStats search = model_->search_stats();
  c.elapsed_seconds = run_seconds();
  c.search_tree_seconds = at_start_.search_tree_seconds + search.tree_seconds;
  c.search_network_seconds = at_start_.search_network_seconds + search.network_seconds;
  c.search_positions = at_start_.search_positions + search.positions;
  c.network_positions = at_start_.network_positions + search.network_positions;
  return c;
}

bool Trainer::should_stop() const {
  const double minutes = run_seconds() / 60.0;  // a resumed run counts the time it had taken
  return stop_requested() || (config_.learner.max_steps > 0 && model_->steps() >= config_.learner.max_steps) ||
         (config_.learner.max_minutes > 0 && minutes >= config_.learner.max_minutes);
}

void Trainer::record_games(std::vector<FinishedGame>& finished) {
  for (FinishedGame& g : finished) {
    games_log_.append(format_record(g.record), counters_.games, model_->steps());
    counters_.count_game(g);
    ++games_since_flush_;
    const int network_seats = static_cast<int>(std::count(g.network_seats.begin(), g.network_seats.end(), 1));
    if (network_seats < game_->num_players()) {  // a game with fixed seats
      const bool network_won =
          g.outcome.finished && !g.outcome.draw() && g.network_seats[static_cast<size_t>(g.outcome.winner)];
      recent_mixed_.add_game(network_won, network_seats, game_->num_players());
    }
    for (Sample& s : g.samples) {
      if (!replay_->add(std::move(s))) {
        ++counters_.duplicate_samples;
        continue;
      }
      ++counters_.samples;
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
  const long long step = model_->steps();
  if (step == checkpointed_step_) return;  // the run's end at a step just saved, or resumed from
  const std::string path = dir_.checkpoint_path(step);
  model_->save_checkpoint(path);
  dir_.commit_checkpoint(path, config_.run.keep_checkpoints);
  checkpointed_step_ = step;
  model_->checkpoint_saved();
}

json Trainer::evaluate() {
  json results = json::object();
  const PlayerMaker candidate = model_->candidate();
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
  last_loss_ = model_->learn(batch);
  credit_ -= 1.0;
  counters_.learn_seconds += std::chrono::duration<double>(Clock::now() - t0).count();
  const long long step = model_->steps();

  json record;
  if (config_.evaluation.every_steps > 0 && step % config_.evaluation.every_steps == 0) {
    record["evaluation"] = evaluate();
  }
  const TrainingCounters counters = counters_now();
  record.update(json(counters));
  record["step"] = step;
  record["loss"] = last_loss_.total;
  record["policy_loss"] = last_loss_.policy;
  record["value_loss"] = last_loss_.value;
  record["aux_loss"] = last_loss_.aux;
  record["samples_per_second"] = static_cast<double>(counters.samples) / counters.elapsed_seconds;
  record["games_per_second"] = static_cast<double>(counters.games) / counters.elapsed_seconds;
  record["game_length"] = counters.game_length();
  record["recent_mixed_wins"] = recent_mixed_.wins();
  record["recent_mixed_expected_wins"] = recent_mixed_.expected_wins();
  record["recent_mixed_score"] = recent_mixed_.score();
  record["opponent_games"] = opponent_share();
  record["replay_size"] = replay_->size();
  record["cache_hit_rate"] = model_->search_stats().cache_hit_rate();
  record["actor_weights_step"] = model_->weights_version();
  record["actors"] = actor_records();
  const bool checkpoint_step = config_.run.checkpoint_every_steps > 0 && step % config_.run.checkpoint_every_steps == 0;
  if (checkpoint_step) record.update(model_->checkpoint_metrics());
  // The record goes before the checkpoint of its step: a checkpoint never holds a step that
  // metrics.jsonl lacks.
  metrics_.append(record.dump() + "\n");
  if (checkpoint_step) checkpoint();
}

json Trainer::actor_records() const {
  json list = json::array();
  for (const ActorThroughput& a : model_->throughput())
    // Named apart from the run's totals ("games", "samples"): these count from the actor's start.
    list.push_back({{"rank", a.rank},
                    {"alive", a.alive},
                    {"games_played", a.games},
                    {"samples_made", a.samples},
                    {"sample_rate", static_cast<double>(a.samples) / std::max(1e-9, a.seconds)}});
  return list;
}

void Trainer::report(bool done) const {
  if (!hooks_.report) return;
  TrainProgress p;
  p.step = model_->steps();
  p.counters = counters_now();
  p.loss = last_loss_.total;
  p.policy_loss = last_loss_.policy;
  p.value_loss = last_loss_.value;
  p.done = done;
  const double seconds = std::chrono::duration<double>(Clock::now() - started_).count();
  const double rate = static_cast<double>(p.step - step_start_) / std::max(1e-9, seconds);
  if (config_.learner.max_steps > 0 && rate > 0)
    p.eta_seconds = static_cast<double>(config_.learner.max_steps - p.step) / rate;
  if (config_.learner.max_minutes > 0) {
    const double left = config_.learner.max_minutes * 60 - p.counters.elapsed_seconds;
    p.eta_seconds = p.eta_seconds > 0 ? std::min(p.eta_seconds, left) : left;
  }
  p.eta_seconds = done ? 0.0 : std::max(0.0, p.eta_seconds);
  hooks_.report(p);
}

TrainOutcome Trainer::run() {
  if (hooks_.started) hooks_.started();
  while (!should_stop()) {
    const auto t0 = Clock::now();
    std::vector<ActorRound> rounds = model_->collect(opponent_share());
    counters_.selfplay_seconds += std::chrono::duration<double>(Clock::now() - t0).count();
    for (ActorRound& round : rounds) record_games(round.games);
    while (credit_ >= 1.0 && !should_stop()) learn_one_step();
    report(false);
  }
  report(true);
  checkpoint();
  TrainOutcome outcome;
  outcome.steps = model_->steps();
  outcome.final_checkpoint = dir_.checkpoint_path(model_->steps());
  outcome.player_bundle = model_->export_player(dir_, outcome.final_checkpoint);
  outcome.stopped = stop_requested();
  if (!outcome.stopped) outcome.evaluation = evaluate();
  return outcome;
}

}  // namespace

TrainOutcome train_new(const std::string& run_dir, const TrainConfig& config, const TrainHooks& hooks) {
  validate_train_config(config);
  return Trainer(run_dir, config, false, hooks).run();
}

TrainOutcome train_resume(const std::string& run_dir, const TrainHooks& hooks) {
  if (!std::filesystem::exists(RunDir(run_dir).config_path()))
    throw std::invalid_argument("'" + run_dir + "' is not a run directory (no config.yaml)");
  return Trainer(run_dir, TrainConfig{}, true, hooks).run();
}

}  // namespace djambi
