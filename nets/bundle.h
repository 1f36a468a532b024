#pragma once
// Player bundles (NAME.djp): one self-contained file with everything needed to play: the
// network's weights and architecture, the game and variant set it plays (in the NetConfig), its
// default search settings, and the bundle format version. It is a sealed checkpoint archive
// (nets/checkpoint.h) without optimiser state, marked as a player; docs/BUNDLES.md.
#include <map>
#include <string>

#include "mcts/search_config.h"
#include "nets/resnet.h"

namespace djambi {

constexpr int kBundleVersion = 1;

struct PlayerBundle {
  PolicyValueNet net{nullptr};
  SearchConfig search;      // default settings of its search (simulations, c_puct, fpu, the reward it was trained for)
  int64_t step = 0;         // the training step it was exported from
  std::string source;       // where it came from (checkpoint path)
  bool from_checkpoint = false;  // a plain training checkpoint, read with default search settings
};

// The reward a network was trained for (search.own_reward, reward, draw_value) as checkpoint
// metadata, "reward" and "draw_value" (none when !own_reward); training checkpoints and bundles
// both carry it.
std::map<std::string, std::string> reward_metadata(const SearchConfig& search);
// The inverse: sets the three fields when `metadata` names a reward, leaves them otherwise.
// Throws std::invalid_argument on an unknown reward or a draw value that is not in [-1, 1].
void apply_reward_metadata(const std::map<std::string, std::string>& metadata, SearchConfig& search);

// Writes a bundle atomically; throws CheckpointError.
void save_player_bundle(const std::string& path, PolicyValueNet& net, const SearchConfig& search, int64_t step,
                        const std::string& source);
// Reads a bundle (or a training checkpoint). Throws CheckpointError naming the path for a file
// that is neither, or a bundle of another format version.
PlayerBundle load_player_bundle(const std::string& path);

}  // namespace djambi
