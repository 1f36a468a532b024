#include "mcts/shipped_player.h"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <utility>

#include "mcts/games.h"

namespace djambi {

std::string shipped_players_dir() {
  if (const char* dir = std::getenv("DJAMBI_PLAYERS_DIR"); dir && *dir) return dir;
  return DJAMBI_SOURCE_PLAYERS_DIR;  // set by mcts/CMakeLists.txt
}

ShippedPlayer shipped_player(const std::string& game_name) {
  const std::filesystem::path dir(shipped_players_dir());
  const std::string network = (dir / (game_name + ".djp")).string();
  const std::string evaluation = (dir / (game_name + ".dje")).string();
  const bool has_network = std::filesystem::is_regular_file(network);
  const bool has_evaluation = std::filesystem::is_regular_file(evaluation);
  if (has_network && has_evaluation)
    throw std::invalid_argument("two players ship for " + game_name + " ('" + network + "' and '" + evaluation +
                                "'): the strongest is the one of the game's name; rename the other");
  if (!has_network && !has_evaluation)
    throw std::invalid_argument("no trained player ships for " + game_name + " (looked for '" + network + "' and '" +
                                evaluation + "'; set DJAMBI_PLAYERS_DIR or name one with az:PATH or ab,eval=PATH)");
  return {has_network ? network : evaluation, has_network};
}

void add_shipped_players(PlayerFactory& factory, NetworkPlayerMaker network) {
  factory.add("az", [network](const PlayerSpec& spec, std::shared_ptr<const Game> game, uint64_t seed) {
    if (spec.argument.empty()) throw std::invalid_argument("bad player spec '" + spec.text + "': az needs a path, az:PATH");
    return network(spec, spec.argument, std::move(game), seed);
  });
  factory.add("best", [network](const PlayerSpec& spec, std::shared_ptr<const Game> game, uint64_t seed) {
    const ShippedPlayer shipped = shipped_player(game->name());
    if (shipped.network) return network(spec, shipped.path, std::move(game), seed);
    // A learned evaluation: the alpha-beta player with the spec's options, searching with it.
    if (!spec.argument.empty()) throw std::invalid_argument("bad player spec '" + spec.text + "': best takes no path");
    std::string options;
    for (const auto& [key, value] : spec.options) options += (options.empty() ? "" : ",") + key + "=" + value;
    const std::string ab = learned_eval_features_of(game->name()).player_spec(shipped.path, options);
    return basic_player_factory().create(ab, std::move(game), seed);
  });
}

}  // namespace djambi
