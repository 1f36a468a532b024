#pragma once
// A rating ladder: a pool of N different players (at least the game's seats) in mixed tables,
// every table a different set of them, each seated in all its rotations; one Plackett-Luce fit
// over every game rates the whole pool, with bootstrap intervals (docs/ARENA.md, "Pools").
// scripts/strength_ladder.sh plays the project's ladder with it.
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "train/arena/arena.h"

namespace djambi {

// The seatings of a pool of `entrants` players at tables of `seats`: every set of `seats`
// entrants once, the sets in an order shuffled by `seed` (a tournament stopped before the end of
// the cycle has played an even sample of them), each set around the table in an order shuffled
// too (who sits before whom matters) and then in its `seats` rotations, one after the other: so
// over the C(entrants, seats) * seats seatings every entrant sits in every seat equally often.
std::vector<std::vector<int>> pool_seatings(int entrants, int seats, uint64_t seed);

struct PoolSettings {
  std::vector<std::string> specs;  // at least the game's seats, all different
  ArenaSettings match;             // games, parallel games, turn cap and seed (seat_specs unread)
  int resamples = 200;             // bootstrap resamples of the rating intervals
};

struct PoolResult {
  ArenaResult arena;                                    // entrants in the order of specs
  std::vector<std::pair<double, double>> rating_interval;  // by entrant: the rating's 95 % interval
};

// Plays the pool's games (game g in seating g modulo the cycle). Throws std::invalid_argument for
// fewer specs than seats, a repeated spec or a bad one, before any game.
PoolResult run_pool(std::shared_ptr<const Game> game, const PlayerFactory& factory, const PoolSettings& settings,
                    const ArenaGameCallback& on_game = {});

}  // namespace djambi
