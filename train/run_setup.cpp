#include "train/run_setup.h"

#include "env/games.h"

namespace djambi {

std::shared_ptr<const Game> game_of(const TrainConfig& c) {
  return make_game(c.game.name, parse_variants(c.game.variants), reward_scheme_from_name(c.game.reward),
                   static_cast<float>(c.game.draw_value));
}

NetConfig net_config_of(const TrainConfig& c, const Game& game) {
  // Variant names in section-9 order, as the game prints them (and az players compare them).
  NetConfig n = net_config_for(game, c.net.preset, variant_names_of(game));
  if (c.net.channels > 0) n.channels = c.net.channels;
  if (c.net.blocks > 0) n.blocks = c.net.blocks;
  if (c.net.value_hidden > 0) n.value_hidden = c.net.value_hidden;
  return n;
}

}  // namespace djambi
