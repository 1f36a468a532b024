#pragma once
// Which checkpoint a resumed run continues from (docs/RELIABILITY.md).
#include <functional>
#include <iosfwd>
#include <optional>

#include "nets/checkpoint.h"
#include "train/run/run_dir.h"

namespace djambi {

// Loads the checkpoint of the highest step that loads (sealed, of the `expected` network),
// rebinding `optimizer` to it (see load_checkpoint). A newer file that does not load (truncated,
// corrupted, of another network) is named on `notices` with the reason and set aside
// (RunDir::set_aside); the one used is named as well.
//
// Returns nullopt when the run has no checkpoint because it never had one: no checkpoint file,
// no `latest`, and no metrics record past the first checkpoint's step (`metrics_last_step` not
// above `checkpoint_every_steps`), so that restarting at step 0 redoes only what is not kept.
// Otherwise, with none loading, throws std::invalid_argument naming every file and why, before
// anything is changed: a restart would wipe history that a checkpoint has to match.
// The rule above for a checkpoint of any model: `load(path)` loads the file (into the caller's
// model and optimiser) and returns its step, or throws CheckpointError. Returns the step loaded.
std::optional<long long> resume_from_newest_checkpoint(const RunDir& dir,
                                                       const std::function<long long(const std::string&)>& load,
                                                       long long metrics_last_step, int checkpoint_every_steps,
                                                       std::ostream& notices);

std::optional<LoadedCheckpoint> load_resume_checkpoint(const RunDir& dir, const NetConfig& expected,
                                                       torch::optim::Optimizer& optimizer,
                                                       long long metrics_last_step, int checkpoint_every_steps,
                                                       std::ostream& notices);

}  // namespace djambi
