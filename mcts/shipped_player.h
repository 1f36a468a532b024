#pragma once
// The trained players kept with the project (players/, one bundle per game, replaced when a
// stronger one is trained, whatever its family): the player spec `best` plays them;
// players/README.md is their card.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "env/game.h"
#include "mcts/player.h"

namespace djambi {

// The folder of the shipped players: $DJAMBI_PLAYERS_DIR when set (an installed binary, or a
// bot author's own copy), else the players/ folder of the source tree the binary was built from.
std::string shipped_players_dir();

// The shipped player of `game_name`: players/GAME.djp, a network (played as az:PATH), or
// players/GAME.dje, a learned evaluation of the alpha-beta search (played as ab,eval=PATH),
// whichever is there. Throws std::invalid_argument naming the paths looked at when neither, or
// both, are there.
struct ShippedPlayer {
  std::string path;
  bool network = true;  // false: a learned evaluation's bundle
};
ShippedPlayer shipped_player(const std::string& game_name);

// Makes the network-guided player of the bundle at `path` with the options of `spec` (the nets
// layer's make_az_player, or the network library that the djambi binary loads at first use).
using NetworkPlayerMaker = std::function<std::unique_ptr<Player>(const PlayerSpec& spec, const std::string& path,
                                                                 std::shared_ptr<const Game> game, uint64_t seed)>;

// Adds "az" (az:PATH, through `network`) and "best" to `factory`: best plays the shipped
// player of the game played with the spec's options, a network through `network`, a learned
// evaluation as the alpha-beta player searching with it (without calling `network`).
void add_shipped_players(PlayerFactory& factory, NetworkPlayerMaker network);

}  // namespace djambi
