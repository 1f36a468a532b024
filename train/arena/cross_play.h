#pragma once
// A cross-play table of N players: every ordered pair (i, j) plays "i alone against
// players-1 copies of j", every distinct seating equally often. The table gives i's win rate
// in each match with its interval; all the games together give Plackett-Luce ratings; and the
// meta-game between the players gives each its Nash average (docs/ARENA.md).
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "train/arena/arena.h"
#include "train/arena/nash.h"

namespace djambi {

struct CrossPlaySettings {
  std::vector<std::string> specs;  // at least two, all different
  // Each ordered pair's match: its games, parallel games, turn cap and seed (the seed is
  // varied per pair; the seats are the pair's).
  ArenaSettings match;
};

struct CrossPlayResult {
  std::vector<std::string> specs;
  // By (alone, copies): the match of specs[i] alone against copies of specs[j] (empty on the
  // diagonal); its entrants are [i, j].
  std::vector<std::vector<ArenaResult>> matches;
  std::vector<double> ratings;  // Plackett-Luce over every game of the table
  // The meta-game: payoff[i][j] = win rate of i alone against j minus that of j alone against
  // i (antisymmetric), and its maximum-entropy equilibrium and Nash averages.
  std::vector<std::vector<double>> payoff;
  NashAverage nash;
  double win_rate(size_t alone, size_t copies) const;
};

// Calls `on_game(alone, copies, game)` after each game, one call at a time. Throws
// std::invalid_argument for fewer than two specs, a repeated spec or a bad one (before any game).
using CrossPlayCallback = std::function<void(size_t alone, size_t copies, const ArenaGame& game)>;
CrossPlayResult run_cross_play(std::shared_ptr<const Game> game, const PlayerFactory& factory,
                               const CrossPlaySettings& settings, const CrossPlayCallback& on_game = {});

}  // namespace djambi
