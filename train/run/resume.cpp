#include "train/run/resume.h"

#include <ostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace djambi {

std::optional<long long> resume_from_newest_checkpoint(const RunDir& dir,
                                                       const std::function<long long(const std::string&)>& load,
                                                       long long metrics_last_step, int checkpoint_every_steps,
                                                       std::ostream& notices) {
  std::vector<std::pair<std::string, std::string>> rejected;  // path, why
  std::optional<long long> loaded;
  std::string used;
  for (const std::string& path : dir.checkpoints_newest_first()) {
    try {
      loaded = load(path);
      used = path;
      break;
    } catch (const CheckpointError& e) {
      rejected.emplace_back(path, e.what());
    }
  }
  if (!loaded) {
    // A step's metrics record is appended before its checkpoint is written, so only a record
    // past the first checkpoint's step proves that checkpoint was committed.
    const bool had_one = dir.has_checkpoint_history() || metrics_last_step > checkpoint_every_steps;
    if (!had_one) return std::nullopt;
    std::string why;
    for (const auto& skipped : rejected) why += (why.empty() ? "none of its checkpoints loads: " : "; ") + skipped.second;
    if (why.empty())
      why = "it has no checkpoint left, though it had one (its metrics.jsonl reaches step " +
            std::to_string(metrics_last_step) + ", past the first checkpoint at step " +
            std::to_string(checkpoint_every_steps) +
            (dir.has_checkpoint_history() ? ", and checkpoints/latest exists)" : ")");
    throw std::invalid_argument("cannot resume '" + dir.root() + "': " + why +
                                ". Restarting at step 0 would drop its history, so nothing was changed: "
                                "put a checkpoint back into " + dir.checkpoints() + ", or start a new run");
  }
  for (const auto& [path, what] : rejected)
    notices << "resume: skipped " << path << ": " << what << "; kept as " << dir.set_aside(path) << "\n";
  notices << "resume: continuing from " << used << " (step " << *loaded << ")\n";
  return loaded;
}

std::optional<LoadedCheckpoint> load_resume_checkpoint(const RunDir& dir, const NetConfig& expected,
                                                       torch::optim::Optimizer& optimizer,
                                                       long long metrics_last_step, int checkpoint_every_steps,
                                                       std::ostream& notices) {
  std::optional<LoadedCheckpoint> loaded;
  const auto load = [&](const std::string& path) {
    loaded = load_checkpoint(path, &expected, &optimizer);
    return static_cast<long long>(loaded->step);
  };
  if (!resume_from_newest_checkpoint(dir, load, metrics_last_step, checkpoint_every_steps, notices)) return std::nullopt;
  return loaded;
}

}  // namespace djambi
