#include "nets/shipped_player.h"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>

namespace djambi {

std::string shipped_players_dir() {
  if (const char* dir = std::getenv("DJAMBI_PLAYERS_DIR"); dir && *dir) return dir;
  return DJAMBI_SOURCE_PLAYERS_DIR;  // set by nets/CMakeLists.txt
}

std::string shipped_player_path(const std::string& game_name) {
  const std::string path = (std::filesystem::path(shipped_players_dir()) / (game_name + ".djp")).string();
  if (!std::filesystem::is_regular_file(path))
    throw std::invalid_argument("no trained player ships for " + game_name + " (looked for '" + path +
                                "'; set DJAMBI_PLAYERS_DIR or name one with az:PATH)");
  return path;
}

}  // namespace djambi
