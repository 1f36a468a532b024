#pragma once
// A training run on disk (docs/ARCHITECTURE.md, docs/RELIABILITY.md):
//   runs/NAME/config.yaml      the fully resolved config (resume reads only this)
//   runs/NAME/checkpoints/     step-<N>.pt, the last K kept, and `latest` naming the newest
//   runs/NAME/replay/          sample chunks
//   runs/NAME/games/           game records, one file per chunk of games
//   runs/NAME/metrics.jsonl    one JSON object per learner step
//   runs/NAME/plots/           PNG curves (scripts/plot_metrics.py)
//   runs/NAME/players/         exported player bundles
//   runs/NAME/lock             held by the process training the run
// Every file is written through env/io/atomic_file.h or appended through env/io/append_file.h.
#include <string>
#include <vector>

namespace djambi {

// The run's lock, held from construction until destruction (or the death of the process).
class RunLock {
 public:
  RunLock() = default;
  RunLock(RunLock&& other) noexcept;
  RunLock& operator=(RunLock&& other) noexcept;
  RunLock(const RunLock&) = delete;
  RunLock& operator=(const RunLock&) = delete;
  ~RunLock();

 private:
  friend class RunDir;
  explicit RunLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

class RunDir {
 public:
  explicit RunDir(std::string root) : root_(std::move(root)) {}
  const std::string& root() const { return root_; }
  std::string config_path() const { return root_ + "/config.yaml"; }
  std::string checkpoints() const { return root_ + "/checkpoints"; }
  std::string replay() const { return root_ + "/replay"; }
  std::string games() const { return root_ + "/games"; }
  std::string metrics_path() const { return root_ + "/metrics.jsonl"; }
  std::string plots() const { return root_ + "/plots"; }
  std::string players() const { return root_ + "/players"; }
  // The directories the run writes files into (not plots/, which only scripts write).
  std::vector<std::string> directories() const { return {root_, checkpoints(), replay(), games(), players()}; }

  // Creates the layout for a new run; throws std::invalid_argument if `root` exists and is not
  // an empty directory (nothing is overwritten).
  void create_new() const;
  // Takes the run's lock; std::invalid_argument if another process holds it.
  RunLock lock() const;
  // Removes the temporaries killed writers left in the run's directories; returns how many.
  // Only under the lock: no other process may be writing.
  int remove_temporaries() const;

  std::string checkpoint_path(long long step) const;
  // The checkpoint files (step-<N>.pt), highest step first.
  std::vector<std::string> checkpoints_newest_first() const;
  // Whether the run ever committed a checkpoint: a checkpoint file or `latest` exists.
  bool has_checkpoint_history() const;
  // Records `path` as the newest checkpoint (atomically) and deletes all but the newest `keep`.
  void commit_checkpoint(const std::string& path, int keep) const;
  // Renames a checkpoint file that does not load to NAME.rejected, out of the way of resume,
  // pruning and later saves of its step (nothing is deleted); returns the new path.
  std::string set_aside(const std::string& path) const;
  // The checkpoint files as (step, path), lowest step first.
  std::vector<std::pair<long long, std::string>> checkpoint_files() const;

 private:
  std::string latest_pointer() const { return checkpoints() + "/latest"; }
  std::string root_;
};

}  // namespace djambi
