#pragma once
// Tournaments between any players: one spec per seat (specs may repeat, as in one az against
// three mcts), cycling through the distinct seatings so that every spec sits in every seat
// equally often, games played in parallel. Results per distinct spec: wins, draws, win rate
// with its 95% interval, mean rank and a Plackett-Luce rating fitted from the rankings of all
// games.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "mcts/player.h"

namespace djambi {

struct ArenaSettings {
  std::vector<std::string> seat_specs;  // one per seat of the game
  int games = 0;
  int parallel = 1;      // games played at once, one thread each
  int max_turns = 1000;  // a longer game is stopped and ranked as it stands
  uint64_t seed = 1;
};

struct ArenaEntrant {
  std::string spec;
  int seats = 0;  // games times the seats this spec held in each
  int wins = 0;   // alone in first place
  int draws = 0;  // sharing first place
  double rank_sum = 0;
  double rating = 0;
  double win_rate() const { return seats ? static_cast<double>(wins) / seats : 0.0; }
  double mean_rank() const { return seats ? rank_sum / seats : 0.0; }
};

struct ArenaGame {
  std::vector<int> entrant_of_seat;
  PlayedGame played;
};

struct ArenaResult {
  std::vector<ArenaEntrant> entrants;  // distinct specs, in order of first appearance
  std::vector<ArenaGame> games;        // in game order
  int unfinished = 0;
};

// The distinct seatings of a game whose seats hold these entrants (an entrant may hold several
// seats, as in one player against three copies of another): each seating lists the entrant of
// every seat. Every distinct arrangement appears once, grouped by rotation, so that over the
// whole list every entrant sits in every seat equally often: 24 seatings for four different
// players, 4 for one against three copies, 6 for two copies against two. Game g of an arena
// is played in seating g modulo the list's size.
std::vector<std::vector<int>> arena_seatings(const std::vector<int>& entrant_of_seat);

// Plays games between `entrants` (distinct specs; a bad one is refused before any game) with
// game g seated as seatings[g % seatings.size()] (the entrant of every seat). The settings'
// seat_specs are not read. The tournament formats below are made of it.
using ArenaGameCallback = std::function<void(int game_index, const ArenaGame& game)>;
ArenaResult run_seated_games(std::shared_ptr<const Game> game, const PlayerFactory& factory,
                             const std::vector<std::string>& entrants, const std::vector<std::vector<int>>& seatings,
                             const ArenaSettings& settings, const ArenaGameCallback& on_game = {});

// Plays the tournament. `on_game` (if set) is called after each game, from the worker that
// played it, one call at a time, in the order games finish. Throws std::invalid_argument for a
// bad spec (checked before any game starts).
ArenaResult run_arena(std::shared_ptr<const Game> game, const PlayerFactory& factory, const ArenaSettings& settings,
                      const ArenaGameCallback& on_game = {});

// The Wilson 95% interval of wins out of n.
std::pair<double, double> wilson_interval(int wins, int n);

}  // namespace djambi
