#pragma once
// What each game adds to the search: the players only it offers and its heuristic evaluation.
// The one place in mcts/ that names games, as env/games.cpp is in env/: generic code asks here,
// never by a game's name or a cast.
#include <functional>
#include <string>

#include "env/game.h"

namespace djambi {

class PlayerFactory;  // mcts/player.h

// Values by seat of a state on the winner reward's scale ([-1, 1]; a finished game: its
// returns), written into num_players() floats.
using HeuristicValues = std::function<void(const GameState& state, float* by_seat)>;

// The heuristic evaluation of the game named `game_name` (Game::name), or an empty function
// for a game that has none.
HeuristicValues heuristic_of(const std::string& game_name);

// Adds to `factory` the players of particular games (greedy, ab: Djambi); each refuses to be
// seated in another game, naming the games it plays.
void add_game_players(PlayerFactory& factory);

}  // namespace djambi
