// train: a new run from a config (plus overrides), or --resume an existing run directory; the
// options are read by apps/cmd_train.cpp.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "apps/cli_common.h"
#include "apps/network/commands.h"
#include "env/io/message_text.h"
#include "train/trainer.h"
#ifdef DJAMBI_WITH_MPI
#include "train/actors/mpi_actors.h"
#endif

namespace djambi::cli {

namespace {

// One line of progress on stderr: rewritten in place on a terminal twice a second, a new line
// every 10 s otherwise (logs stay short).
class ProgressPrinter {
 public:
  void operator()(const TrainProgress& p) {
    const auto now = std::chrono::steady_clock::now();
    if (!p.done && now - last_ < std::chrono::milliseconds(tty_ ? 500 : 10000)) return;
    last_ = now;
    const TrainingCounters& c = p.counters;
    std::fprintf(stderr,
                 "%sstep %lld, %lld games, %lld samples (%.1f/s), loss %.3f (policy %.3f value %.3f), ETA %.0fs%s",
                 tty_ ? "\r\033[K" : "", p.step, c.games, c.samples,
                 static_cast<double>(c.samples) / std::max(1e-9, c.elapsed_seconds), p.loss, p.policy_loss,
                 p.value_loss, p.eta_seconds, tty_ && !p.done ? "" : "\n");
    std::fflush(stderr);
  }

 private:
  bool tty_ = isatty(fileno(stderr));
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

void print_evaluation(const nlohmann::json& table) {
  std::printf("%-28s %6s %6s %6s %18s %10s\n", "opponent", "games", "wins", "draws", "win rate (95% CI)", "mean rank");
  for (const auto& [spec, r] : table.items())
    std::printf("%-28s %6d %6d %6d %6.1f%% [%4.1f, %4.1f] %10.2f\n", spec.c_str(), r["games"].get<int>(),
                r["wins"].get<int>(), r["draws"].get<int>(), 100 * r["win_rate"].get<double>(),
                100 * r["win_rate_low"].get<double>(), 100 * r["win_rate_high"].get<double>(),
                r["mean_rank"].get<double>());
}

// The first Ctrl-C (or SIGTERM) asks the run to stop cleanly; a second one ends the process
// at once (the run then resumes from its last checkpoint, docs/RELIABILITY.md). During the
// start-up (TrainHooks::started) there is nothing to save and a read may block for good (a
// config on a FIFO): the first one ends the process at once, as it would with no handler. A
// signal handler can only reach statics.
std::atomic<bool> stop_requested{false};
std::atomic<bool> run_started{false};
static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");

extern "C" void on_stop_signal(int signal) {
  if (!run_started.load()) {
    const char message[] = "\ntrain: stopped during start-up\n";
    [[maybe_unused]] const ssize_t written = write(STDERR_FILENO, message, sizeof message - 1);
    std::signal(signal, SIG_DFL);
    std::raise(signal);  // delivered as the handler returns: the exit status of that signal
    return;
  }
  stop_requested.store(true);
  std::signal(signal, SIG_DFL);
  const char message[] = "\ntrain: stopping after this step (checkpoint and player are saved); again to quit now\n";
  [[maybe_unused]] const ssize_t written = write(STDERR_FILENO, message, sizeof message - 1);
}

// The learner's side (the whole run in one process): trains and prints the outcome.
void run_learner(const TrainOptions& o, TrainHooks hooks) {
  TrainOutcome outcome;
  hooks.report = ProgressPrinter();
  hooks.notices = [](const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); };
  hooks.stop = &stop_requested;
  hooks.started = [] { run_started.store(true); };
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
  // mpirun ends the whole job on Ctrl-C but passes SIGUSR1 on: the way to stop a job cleanly.
  std::signal(SIGUSR1, on_stop_signal);
  if (!o.resume_dir.empty()) {
    if (!o.config_path.empty() || !o.run_dir.empty() || !o.overrides.empty() || !o.variants.empty())
      throw UsageError("--resume continues a run with its own config.yaml; it takes no --config, --run, --set or --variant");
    check_directory_path("--resume", o.resume_dir);
    outcome = train_resume(o.resume_dir, hooks);
  } else {
    if (o.run_dir.empty()) throw UsageError("give --run DIR for a new run (or --resume DIR)");
    check_directory_path("--run", o.run_dir);
    TrainConfig config = o.config_path.empty() ? default_train_config() : load_train_config(o.config_path);
    std::vector<std::string> overrides = o.overrides;
    if (!o.variants.empty()) {  // --variant is a shorthand for --set game.variants=[...]
      std::string list;
      for (const auto& v : o.variants) list += (list.empty() ? "" : ", ") + v;
      overrides.push_back("game.variants=[" + list + "]");
    }
    apply_overrides(config, overrides);
    outcome = train_new(o.run_dir, config, hooks);
  }
  if (!outcome.stopped) print_evaluation(outcome.evaluation);
  std::printf("player saved to %s\n", outcome.player_bundle.c_str());
  if (outcome.stopped)
    std::printf("stopped at step %lld; continue with: djambi train --resume %s\n", outcome.steps,
                (o.resume_dir.empty() ? o.run_dir : o.resume_dir).c_str());
  std::printf("trained %lld steps; checkpoint %s\n", outcome.steps, outcome.final_checkpoint.c_str());
}

// Whether a launcher (mpirun, srun) started this process as one rank of a job.
bool started_by_mpi_launcher() {
  for (const char* variable : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "PMI_RANK"})
    if (std::getenv(variable)) return true;
  return false;
}

#ifdef DJAMBI_WITH_MPI
// One rank of `mpirun -np K djambi train ...`: the learner on rank 0, actors on the others
// (docs/DISTRIBUTED.md).
void run_rank(const TrainOptions& o) {
  MpiSession mpi;
  if (mpi.size() == 1) return run_learner(o, {});
  if (mpi.rank() != 0) {
    // The learner decides when the run ends; an actor leaves when it says so.
    std::signal(SIGINT, SIG_IGN);
    std::signal(SIGUSR1, SIG_IGN);
    try {
      run_mpi_actor(mpi);
      return;
    } catch (const std::exception& e) {
      // No MPI_Finalize: it would wait for the learner. The learner goes on without this rank
      // under mpirun --enable-recovery; otherwise mpirun ends the job.
      std::fprintf(stderr, "error: %s\n", printable_message(e.what()).c_str());
      std::fflush(stderr);
      std::_Exit(1);
    }
  }
  TrainHooks hooks;
  hooks.actors = mpi_actor_pool(mpi);
  try {
    run_learner(o, hooks);
  } catch (const std::exception& e) {
    // The actors would wait for a learner that is gone: end every rank.
    std::fprintf(stderr, "error: %s\n", printable_message(e.what()).c_str());
    std::fflush(stderr);
    mpi.abort(dynamic_cast<const std::invalid_argument*>(&e) ? 2 : 1);
  }
}
#endif

}  // namespace

void run_train(const TrainOptions& o) {
#ifdef DJAMBI_WITH_MPI
  if (started_by_mpi_launcher()) return run_rank(o);
#else
  if (started_by_mpi_launcher())
    throw UsageError("started by mpirun, but this djambi was built without MPI: install libopenmpi-dev and build "
                     "again (scripts/setup.sh), or run djambi train without mpirun");
#endif
  run_learner(o, {});
}

}  // namespace djambi::cli
