#include "nets/net_config.h"

#include <stdexcept>

#include "env/games.h"

namespace djambi {

bool NetConfig::same_architecture(const NetConfig& o) const {
  return game == o.game && variants == o.variants && input_channels == o.input_channels &&
         board_height == o.board_height && board_width == o.board_width &&
         num_actions == o.num_actions && num_players == o.num_players && channels == o.channels &&
         blocks == o.blocks && policy_channels == o.policy_channels &&
         value_channels == o.value_channels && value_hidden == o.value_hidden && aux_outputs == o.aux_outputs;
}

std::string NetConfig::describe() const {
  return "game=" + game + " variants=" + (variants.empty() ? "none" : variants) +
         " input=" + std::to_string(input_channels) + "x" + std::to_string(board_height) + "x" +
         std::to_string(board_width) + " actions=" + std::to_string(num_actions) +
         " players=" + std::to_string(num_players) + " channels=" + std::to_string(channels) +
         " blocks=" + std::to_string(blocks) + " policy_channels=" + std::to_string(policy_channels) +
         " value_channels=" + std::to_string(value_channels) +
         " value_hidden=" + std::to_string(value_hidden) + " aux_outputs=" + std::to_string(aux_outputs);
}

// Measured with `djambi bench nets` on the reference machine (2 cores, OpenBLAS, channels-last):
// positions/s at batch 64 for the Djambi input: small ~11,000, default ~2,900, large ~1,300.
void apply_net_preset(const std::string& preset, NetConfig& config) {
  if (preset == "small") {
    config.channels = 32;
    config.blocks = 4;
  } else if (preset == "default") {
    config.channels = 64;
    config.blocks = 6;
  } else if (preset == "large") {
    config.channels = 96;
    config.blocks = 6;
  } else {
    throw std::invalid_argument("unknown network preset '" + preset + "' (known: small, default, large)");
  }
}

NetConfig net_config_for(const Game& game, const std::string& preset, const std::string& variants) {
  NetConfig config;
  config.game = game.name();
  config.variants = variants;
  config.input_channels = game.observation_shape().channels;
  config.board_height = game.observation_shape().height;
  config.board_width = game.observation_shape().width;
  config.num_actions = game.num_actions();
  config.num_players = game.num_players();
  apply_net_preset(preset, config);
  return config;
}

std::string game_mismatch(const NetConfig& c, const Game& game) {
  const std::string variants = variant_names_of(game);
  if (c.game == game.name() && c.variants == variants) return "";
  return "plays " + c.game + " (variants: " + (c.variants.empty() ? "none" : c.variants) + "), not " + game.name() +
         " (variants: " + (variants.empty() ? "none" : variants) + ")";
}

}  // namespace djambi
