#pragma once
// A training run on disk (docs/ARCHITECTURE.md):
//   runs/NAME/config.yaml      the fully resolved config (resume reads only this)
//   runs/NAME/checkpoints/     step-<N>.pt, the last K kept, and `latest` naming the newest
//   runs/NAME/replay/          sample chunks
//   runs/NAME/games/           game records, one file per chunk of games
//   runs/NAME/metrics.jsonl    one JSON object per learner step
//   runs/NAME/plots/           PNG curves (scripts/plot_metrics.py)
//   runs/NAME/players/         exported player bundles
// Files are replaced through env/atomic_file.h.
#include <optional>
#include <string>
#include <vector>

namespace djambi {

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

  // Creates the layout for a new run; throws std::invalid_argument if `root` exists and is not
  // an empty directory (nothing is overwritten).
  void create_new() const;
  // The newest checkpoint (from `latest`, else the highest step), if any.
  std::optional<std::string> latest_checkpoint() const;
  std::string checkpoint_path(long long step) const;
  // Records `path` as the newest checkpoint (atomically) and deletes all but the newest `keep`.
  void commit_checkpoint(const std::string& path, int keep) const;

 private:
  std::vector<std::pair<long long, std::string>> checkpoint_files() const;
  std::string root_;
};

}  // namespace djambi
