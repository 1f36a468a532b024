#pragma once
// The trained players kept with the project (players/, one bundle per game, replaced when a
// stronger one is trained): the player spec `best` plays them; players/README.md is their card.
#include <string>

namespace djambi {

// The folder of the shipped players: $DJAMBI_PLAYERS_DIR when set (an installed binary, or a
// bot author's own copy), else the players/ folder of the source tree the binary was built from.
std::string shipped_players_dir();

// The shipped bundle for `game_name` (players/GAME.djp). Throws std::invalid_argument naming the
// path looked at when none is there.
std::string shipped_player_path(const std::string& game_name);

}  // namespace djambi
