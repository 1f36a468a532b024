#include "nets/shipped_player.h"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>

namespace djambi {

std::string shipped_players_dir() {
  if (const char* dir = std::getenv("DJAMBI_PLAYERS_DIR"); dir && *dir) return dir;
  return DJAMBI_SOURCE_PLAYERS_DIR;  // set by nets/CMakeLists.txt
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

}  // namespace djambi
