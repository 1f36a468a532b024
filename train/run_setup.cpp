#include "train/run_setup.h"

#include <algorithm>
#include <thread>

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
  if (c.net.aux_head) n.aux_outputs = 2 * n.num_players;
  return n;
}

MachineSettings machine_settings(const TrainConfig& c, torch::Device device) {
  const bool accelerator = !device.is_cpu();
  MachineSettings m;
  m.games = c.selfplay.games > 0 ? c.selfplay.games : accelerator ? 2048 : 64;
  m.pipeline_groups = c.selfplay.pipeline_groups > 0 ? c.selfplay.pipeline_groups : accelerator ? 2 : 1;
  m.own_thread = c.selfplay.own_thread == "on" || (c.selfplay.own_thread == "auto" && accelerator);
  return m;
}

int tree_threads(const TrainConfig& c) {
  return c.run.threads > 0 ? c.run.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

}  // namespace djambi
