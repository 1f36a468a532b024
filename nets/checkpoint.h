#pragma once
// Network checkpoints: the weights and BatchNorm buffers, the NetConfig that built them, the
// training step, a format version and optionally the optimiser state, in one LibTorch archive
// (a zip of pickled tensors, the format of torch::save).
#include <torch/torch.h>

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>

#include "nets/net_config.h"
#include "nets/resnet.h"

namespace djambi {

// Bumped whenever the layout of the archive changes incompatibly.
constexpr int kCheckpointFormatVersion = 1;

// Every failure to save or load a checkpoint; what() names the path and the problem.
class CheckpointError : public std::runtime_error {
 public:
  using runtime_error::runtime_error;
};

// Writes the checkpoint atomically and durably (env/io/atomic_file.h): an existing PATH is never left
// half-written, and a failed save throws CheckpointError leaving it as it was.
// The file is LibTorch's zip archive whose zip comment seals it with a CRC-32 of all its bytes:
// LibTorch checks no checksum itself and can crash on corrupted records.
// `metadata` (string keys and values) travels with the checkpoint; player bundles use it.
void save_checkpoint(const std::string& path, PolicyValueNet& net, int64_t step,
                     torch::optim::Optimizer* optimizer = nullptr,
                     const std::map<std::string, std::string>& metadata = {});

// Writes an archive assembled by hand the way save_checkpoint writes its own (sealed, see
// checkpoint.cpp, and atomically); for tools and tests. load_checkpoint still checks its content.
void write_checkpoint_archive(torch::serialize::OutputArchive& archive, const std::string& path);

// The sealed archive at `path`, checked as load_checkpoint checks it (CheckpointError naming the
// path otherwise); for archives of other models (nets/accumulator_checkpoint.h).
torch::serialize::InputArchive open_checkpoint_archive(const std::string& path);

struct LoadedCheckpoint {
  PolicyValueNet net{nullptr};
  int64_t step = 0;
  bool has_optimizer = false;  // whether the file held optimiser state
  std::map<std::string, std::string> metadata;
};

// Loads onto the CPU, optimiser state included (LibTorch's optimisers do not move their state
// when the net is moved to a GPU); the net is left in training mode, as constructed. If
// `expected` is given, the checkpoint's config must have the same architecture and game
// (NetConfig::same_architecture), else CheckpointError naming both descriptions and the path.
//
// If `optimizer` is given, it is rebound to the returned net: its parameters (over all groups, in
// order) are replaced by the returned net's parameters, which requires it to have been built over
// a net of the same architecture (`net->parameters()` order), and its old state is dropped.
// Without the rebinding it would keep stepping the caller's old tensors, since LibTorch keys
// optimiser state by parameter TensorImpl. If the file holds optimiser state it is then loaded
// into it: the per-parameter state (Adam's moments and step counts) only; LibTorch 1.13 reads but
// discards the saved group options, so the learning rate and other options remain the caller's.
//
// A missing, truncated, corrupted (seal mismatch) or foreign (unsealed) file throws
// CheckpointError with the path and what is wrong, never a raw c10::Error.
LoadedCheckpoint load_checkpoint(const std::string& path, const NetConfig* expected = nullptr,
                                 torch::optim::Optimizer* optimizer = nullptr);

// The config a checkpoint was written with, without building the net (the archive is still read
// in full: LibTorch has no lazy reader).
NetConfig read_checkpoint_config(const std::string& path);

}  // namespace djambi
