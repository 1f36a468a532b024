// Crash consistency under SIGKILL (docs/RELIABILITY.md): a tiny tic-tac-toe run is killed ten
// times, at random moments and at the moment a checkpoint, a replay chunk or the player bundle is
// being written, and resumed each time; then nothing it had saved may be lost: each resume
// continues from the newest checkpoint on disk, every checkpoint loads after every kill,
// metrics.jsonl holds every step once, every game record replays.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/inotify.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "env/game_record.h"
#include "env/io/atomic_file.h"
#include "nets/bundle.h"
#include "nets/checkpoint.h"
#include "tests/train/run_test_util.h"
#include "train/config.h"
#include "train/run/metrics_log.h"
#include "train/run/run_dir.h"

extern char** environ;

namespace djambi {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using train_test::read_file;

constexpr int kCheckpointEvery = 4;

// When a life is killed: after a random delay, or as soon as a temporary file appears in a
// directory (a write in progress there).
enum class Moment { kRandom, kStartup, kCheckpointWrite, kReplayWrite, kExport };
const char* name_of(Moment m) {
  switch (m) {
    case Moment::kRandom: return "at a random moment (self-play, learning, ...)";
    case Moment::kStartup: return "while resuming (loading, repairing)";
    case Moment::kCheckpointWrite: return "while checkpointing";
    case Moment::kReplayWrite: return "while writing a replay chunk";
    case Moment::kExport: return "while exporting the player";
  }
  return "";
}

pid_t spawn(const std::vector<std::string>& args, const std::string& log) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return -1;
  // Niced, so that on a busy machine the watcher wakes on a write's first event before the run
  // can finish that write: more kills land inside writes.
  setpriority(PRIO_PROCESS, static_cast<id_t>(pid), 10);
  return pid;
}

// Waits for `moment` in the life `pid` (inotify watches on `watched`), then kills it. Returns
// false (and the exit status in `status`) if the process ended first.
bool kill_at(pid_t pid, Moment moment, const std::string& watched, std::mt19937_64& rng, int& status) {
  const int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (!watched.empty()) inotify_add_watch(fd, watched.c_str(), IN_CREATE);
  double seconds = 120;  // the most a watched write may take to come
  if (moment == Moment::kRandom) seconds = std::uniform_real_distribution<double>(0.3, 3.0)(rng);
  if (moment == Moment::kStartup) seconds = std::uniform_real_distribution<double>(0.0, 0.6)(rng);
  const auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
  bool seen = watched.empty();
  while (Clock::now() < deadline) {
    if (waitpid(pid, &status, WNOHANG) == pid) {
      close(fd);
      return false;
    }
    pollfd p{fd, POLLIN, 0};
    if (poll(&p, 1, 2) > 0) {
      alignas(inotify_event) char buffer[4096];
      const ssize_t n = read(fd, buffer, sizeof buffer);
      for (ssize_t at = 0; at < n;) {
        const auto* event = reinterpret_cast<const inotify_event*>(buffer + at);
        if (event->len > 0 && is_atomic_write_temporary(event->name)) seen = true;
        at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
      }
      if (seen) break;
    }
  }
  close(fd);
  EXPECT_TRUE(seen || moment == Moment::kRandom || moment == Moment::kStartup)
      << "no write in " << watched << " within " << seconds << " s";
  kill(pid, SIGKILL);
  waitpid(pid, &status, 0);
  return true;
}

std::vector<std::string> temporaries_in(const RunDir& dir) {
  std::vector<std::string> out;
  for (const std::string& d : dir.directories())
    for (const auto& entry : fs::directory_iterator(d))
      if (is_atomic_write_temporary(entry.path().filename().string())) out.push_back(entry.path().string());
  return out;
}

// Every checkpoint file loads; returns the highest step (0 if none).
long long check_checkpoints(const RunDir& dir) {
  long long newest = 0;
  for (const std::string& path : dir.checkpoints_newest_first()) {
    try {
      newest = std::max<long long>(newest, load_checkpoint(path).step);
    } catch (const CheckpointError& e) {
      ADD_FAILURE() << e.what();
    }
  }
  return newest;
}

// The step a life's log says it resumed from; -1 if it did not get that far.
long long resumed_step(const std::string& log) {
  const std::string mark = "resume: continuing from ";
  const size_t at = log.find(mark);
  if (at == std::string::npos) return log.find("resume: no checkpoint yet") == std::string::npos ? -1 : 0;
  const size_t step = log.find("(step ", at);
  return std::stoll(log.substr(step + 6));
}

TEST(KillSoak, TenKillsAtRandomMomentsLoseNothingSaved) {
  const auto started = Clock::now();
  train_test::TempDir tmp("kill_soak");
  const RunDir dir(tmp.file("run"));
  const uint64_t seed = std::random_device{}();
  std::mt19937_64 rng(seed);
  std::printf("soak seed %llu\n", static_cast<unsigned long long>(seed));

  std::vector<std::string> first = {DJAMBI_BINARY, "train", "--config",
                                    std::string(DJAMBI_SOURCE_DIR) + "/configs/tictactoe.yaml", "--run", dir.root()};
  // No end within reach until the last kill: the run is given one then, so that its export comes.
  // A wider net than the tiny run's makes checkpoints of ~10 MB, whose writes last long enough
  // for a kill sent when one starts to land inside it (with 0.4 MB ones it mostly came after).
  std::vector<std::string> settings = train_test::tiny_run_settings(1000000, kCheckpointEvery);
  settings.insert(settings.end(), {"net.channels=128", "net.blocks=4"});
  for (const auto& s : settings) {
    first.push_back("--set");
    first.push_back(s);
  }
  const std::vector<std::string> resume = {DJAMBI_BINARY, "train", "--resume", dir.root()};
  const std::vector<Moment> plan = {Moment::kRandom,          Moment::kCheckpointWrite, Moment::kRandom,
                                    Moment::kReplayWrite,     Moment::kStartup,         Moment::kCheckpointWrite,
                                    Moment::kRandom,          Moment::kReplayWrite,     Moment::kCheckpointWrite,
                                    Moment::kExport};
  std::map<std::string, std::pair<int, int>> kills;  // by moment: kills, those that left a temporary
  int mid_write = 0;
  long long committed = 0;  // the newest checkpoint on disk after the last kill
  long long end_step = 0;   // the run's learner.max_steps once it is given an end
  std::string resumes;
  for (size_t life = 0; life <= plan.size(); ++life) {
    const std::string log = tmp.file("life-" + std::to_string(life) + ".log");
    if (life == plan.size() - 1) {  // the export: an end within reach
      TrainConfig config = load_train_config(dir.config_path());
      end_step = committed + 2 * kCheckpointEvery;
      apply_override(config, "learner.max_steps=" + std::to_string(end_step));
      write_file_atomically(dir.config_path(), to_yaml(config));
    }
    const pid_t pid = spawn(life == 0 ? first : resume, log);
    ASSERT_GT(pid, 0) << "cannot start " << DJAMBI_BINARY;
    int status = 0;
    if (life == plan.size()) {  // the last life runs to the end
      waitpid(pid, &status, 0);
      ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << read_file(log);
      EXPECT_NE(read_file(log).find("trained " + std::to_string(end_step) + " steps"), std::string::npos)
          << read_file(log);
    } else {
      const Moment moment = plan[life];
      const std::string watched = moment == Moment::kCheckpointWrite ? dir.checkpoints()
                                  : moment == Moment::kReplayWrite   ? dir.replay()
                                  : moment == Moment::kExport        ? dir.players()
                                                                     : "";
      // A run killed before its config.yaml exists has nothing to resume (docs/RELIABILITY.md).
      bool ended = false;
      while (life == 0 && !ended && !fs::exists(dir.config_path())) {
        ended = waitpid(pid, &status, WNOHANG) == pid;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
      ASSERT_FALSE(ended) << "the run ended before it wrote its config:\n" << read_file(log);
      const bool killed = kill_at(pid, moment, watched, rng, status);
      ASSERT_TRUE(killed) << "life " << life << " ended before its kill (status " << status << "):\n" << read_file(log);
      const bool inside_a_write = !temporaries_in(dir).empty();
      ++kills[name_of(moment)].first;
      kills[name_of(moment)].second += inside_a_write;
      mid_write += inside_a_write;
    }
    const std::string said = read_file(log);
    EXPECT_EQ(said.find("resume: skipped"), std::string::npos) << "a kill left a checkpoint that does not load:\n" << said;
    if (life > 0) {
      const long long from = resumed_step(said);
      resumes += (resumes.empty() ? "" : " ") + (from < 0 ? std::string("-") : std::to_string(from));
      if (from >= 0) {
        EXPECT_EQ(from, committed) << "life " << life << " did not continue from the newest checkpoint";
      }
    }
    const long long newest = check_checkpoints(dir);
    EXPECT_GE(newest, committed) << "the step count went back after life " << life;
    committed = newest;
  }

  // The finished run: every step logged once, in order; every record whole and legal; the
  // player loads; nothing half-written or set aside is left.
  const MetricsHistory metrics = read_metrics(dir.metrics_path());
  EXPECT_TRUE(metrics.torn.empty()) << metrics.torn;
  for (size_t i = 0; i < metrics.lines.size(); ++i)
    EXPECT_EQ(metrics.lines[i].step, static_cast<long long>(i + 1)) << "line " << i + 1 << ": " << metrics.lines[i].text;
  EXPECT_EQ(static_cast<long long>(metrics.lines.size()), committed);
  size_t records = 0;
  for (const auto& entry : fs::directory_iterator(dir.games()))
    for (const GameRecord& record : parse_records(read_file(entry.path().string()))) {
      replay_record(record);
      ++records;
    }
  EXPECT_EQ(load_player_bundle(dir.players() + "/final.djp").step, committed);
  EXPECT_TRUE(temporaries_in(dir).empty());
  for (const auto& entry : fs::directory_iterator(dir.checkpoints()))
    EXPECT_EQ(entry.path().string().find(".rejected"), std::string::npos) << entry.path();

  const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
  std::printf("soak: %zu kills, %d of them mid-write (a temporary file left), in %.0f s\n", plan.size(), mid_write,
              seconds);
  for (const auto& [moment, count] : kills)
    std::printf("  %d %s (%d inside a write)\n", count.first, moment.c_str(), count.second);
  std::printf("  resumed from steps: %s; finished at step %lld; %zu metrics records, %zu game records replayed\n",
              resumes.c_str(), committed, metrics.lines.size(), records);
}

}  // namespace
}  // namespace djambi
