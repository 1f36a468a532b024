#pragma once
// The architecture of a policy/value network: what a checkpoint must match to be loaded.
#include <string>

#include "env/game.h"

namespace djambi {

struct NetConfig {
  // What the network plays: the game's name and variant set, its tensor sizes.
  std::string game = "djambi";
  std::string variants;  // comma-separated section-9 names, "" for none
  int input_channels = 0;
  int board_height = 0;
  int board_width = 0;
  int num_actions = 0;
  int num_players = 0;
  // The residual tower.
  int channels = 64;
  int blocks = 6;
  // Heads.
  int policy_channels = 2;   // 1x1 convolution before the policy's linear layer
  int value_channels = 1;    // 1x1 convolution before the value's hidden layer
  int value_hidden = 64;
  // The auxiliary head (0 = none): outputs from the value head's hidden layer, the logits of
  // each seat's material some turns later and at the end (train/sample.h), 2 x num_players.
  // Networks of files written before it have none, and load as such.
  int aux_outputs = 0;

  // Whether aux_outputs is one of its two values: 0 or 2 x num_players.
  bool aux_outputs_valid() const { return aux_outputs == 0 || aux_outputs == 2 * num_players; }
  bool same_architecture(const NetConfig& o) const;
  // One line naming every field, for error messages and logs.
  std::string describe() const;
};

// Sizes for this machine (2 cores, no GPU): "small", "default", "large". Throws
// std::invalid_argument naming an unknown preset.
void apply_net_preset(const std::string& preset, NetConfig& config);

// "" when a network of config `c` plays `game` (same name and variants), else why not:
// "plays djambi (variants: none), not djambi (variants: two_players)".
std::string game_mismatch(const NetConfig& c, const Game& game);

// A network for `game` (its tensor sizes, name and `variants`) of the given preset size.
NetConfig net_config_for(const Game& game, const std::string& preset, const std::string& variants = "");

}  // namespace djambi
