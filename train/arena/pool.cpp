#include "train/arena/pool.h"

#include <algorithm>
#include <random>
#include <set>
#include <stdexcept>

#include "train/arena/plackett_luce.h"

namespace djambi {

std::vector<std::vector<int>> pool_seatings(int entrants, int seats, uint64_t seed) {
  if (seats < 1 || entrants < seats)
    throw std::invalid_argument("a pool of " + std::to_string(entrants) + " players cannot fill tables of " +
                                std::to_string(seats));
  // Every set of `seats` entrants, as the positions of the ones in a bit mask of `entrants` bits
  // (prev_permutation on a mask with the ones first lists each set once).
  std::vector<std::vector<int>> tables;
  std::vector<bool> chosen(static_cast<size_t>(entrants), false);
  std::fill(chosen.begin(), chosen.begin() + seats, true);
  do {
    std::vector<int> table;
    for (int e = 0; e < entrants; ++e)
      if (chosen[static_cast<size_t>(e)]) table.push_back(e);
    tables.push_back(std::move(table));
  } while (std::prev_permutation(chosen.begin(), chosen.end()));
  std::mt19937_64 rng(seed);
  std::shuffle(tables.begin(), tables.end(), rng);
  std::vector<std::vector<int>> seatings;
  for (std::vector<int>& table : tables) {
    std::shuffle(table.begin(), table.end(), rng);
    for (int r = 0; r < seats; ++r) {
      seatings.push_back(table);
      std::rotate(table.begin(), table.begin() + 1, table.end());
    }
  }
  return seatings;
}

PoolResult run_pool(std::shared_ptr<const Game> game, const PlayerFactory& factory, const PoolSettings& settings,
                    const ArenaGameCallback& on_game) {
  const int seats = game->num_players();
  const int n = static_cast<int>(settings.specs.size());
  if (n < seats)
    throw std::invalid_argument("a pool of " + game->name() + " needs at least " + std::to_string(seats) +
                                " different players, got " + std::to_string(n));
  std::set<std::string> seen;
  for (const std::string& spec : settings.specs)
    if (!seen.insert(spec).second) throw std::invalid_argument("a pool lists each player once: '" + spec + "' is given twice");
  // C(n, seats) seatings grow fast: past a million only the first ones could ever be played.
  double tables = 1;
  for (int k = 0; k < seats; ++k) tables = tables * (n - k) / (k + 1);
  if (tables * seats > 1e6)
    throw std::invalid_argument("a pool of " + std::to_string(n) + " players has too many tables of " +
                                std::to_string(seats));

  PoolResult result;
  result.arena = run_seated_games(game, factory, settings.specs, pool_seatings(n, seats, settings.match.seed),
                                  settings.match, on_game);
  std::vector<RankedGame> ranked;
  for (const ArenaGame& g : result.arena.games) ranked.push_back({g.entrant_of_seat, g.played.outcome.ranks});
  result.rating_interval = plackett_luce_intervals(n, ranked, settings.resamples, settings.match.seed);
  return result;
}

}  // namespace djambi
