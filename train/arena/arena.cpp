#include "train/arena/arena.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <numeric>
#include <set>
#include <stdexcept>

#include "train/arena/plackett_luce.h"

namespace djambi {

std::vector<std::vector<int>> arena_seatings(const std::vector<int>& entrant_of_seat) {
  std::vector<int> arrangement = entrant_of_seat;
  std::sort(arrangement.begin(), arrangement.end());
  std::set<std::vector<int>> listed;
  std::vector<std::vector<int>> seatings;
  do {  // each distinct arrangement in lexicographic order, followed by its unlisted rotations
    std::vector<int> rotated = arrangement;
    for (size_t r = 0; r < arrangement.size(); ++r) {
      if (listed.insert(rotated).second) seatings.push_back(rotated);
      std::rotate(rotated.begin(), rotated.begin() + 1, rotated.end());
    }
  } while (std::next_permutation(arrangement.begin(), arrangement.end()));
  return seatings;
}

std::pair<double, double> wilson_interval(int wins, int n) {
  if (n == 0) return {0.0, 1.0};
  const double z = 1.96, p = static_cast<double>(wins) / n;
  const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / (1 + z * z / n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

ArenaResult run_arena(std::shared_ptr<const Game> game, const PlayerFactory& factory, const ArenaSettings& settings,
                      const ArenaGameCallback& on_game) {
  const int players = game->num_players();
  if (static_cast<int>(settings.seat_specs.size()) != players)
    throw std::invalid_argument(game->name() + " has " + std::to_string(players) + " seats: give " +
                                std::to_string(players) + " player specs, not " +
                                std::to_string(settings.seat_specs.size()));
  std::vector<std::string> entrants;
  std::vector<int> entrant_of_spec;  // by position in seat_specs
  for (const std::string& spec : settings.seat_specs) {
    const auto it = std::find(entrants.begin(), entrants.end(), spec);
    entrant_of_spec.push_back(static_cast<int>(it - entrants.begin()));
    if (it == entrants.end()) entrants.push_back(spec);
  }
  return run_seated_games(std::move(game), factory, entrants, arena_seatings(entrant_of_spec), settings, on_game);
}

ArenaResult run_seated_games(std::shared_ptr<const Game> game, const PlayerFactory& factory,
                             const std::vector<std::string>& entrants, const std::vector<std::vector<int>>& seatings,
                             const ArenaSettings& settings, const ArenaGameCallback& on_game) {
  const int players = game->num_players();
  if (settings.games < 1) throw std::invalid_argument("the arena needs at least one game");
  if (seatings.empty()) throw std::invalid_argument("the arena needs at least one seating");
  for (const std::vector<int>& seating : seatings)
    if (static_cast<int>(seating.size()) != players ||
        std::any_of(seating.begin(), seating.end(), [&](int e) { return e < 0 || e >= static_cast<int>(entrants.size()); }))
      throw std::invalid_argument("a seating of the arena does not seat " + std::to_string(players) + " of its entrants");

  ArenaResult result;
  for (const std::string& spec : entrants) {
    factory.create(spec, game, 0);  // a bad spec fails here, before any game
    result.entrants.push_back({spec});
  }
  result.games.resize(static_cast<size_t>(settings.games));

  // The games on TBB's workers, `parallel` at a time. Each game is isolated: a thread waiting in
  // a player's own parallel loop (a batched search) takes no other game meanwhile, which would
  // stop that player's clock-bound search for a whole game. The first error cancels the games
  // not begun; the ones under way finish, and it is thrown.
  std::mutex mutex;
  const auto play = [&](int g) {
    ArenaGame played;
    played.entrant_of_seat = seatings[static_cast<size_t>(g) % seatings.size()];
    std::vector<std::unique_ptr<Player>> seats;
    std::vector<Player*> pointers;
    for (int s = 0; s < players; ++s) {
      const uint64_t seed = settings.seed * 0x9E3779B97F4A7C15ull + static_cast<uint64_t>(g) * 16 + static_cast<uint64_t>(s);
      const int entrant = played.entrant_of_seat[static_cast<size_t>(s)];
      seats.push_back(factory.create(result.entrants[static_cast<size_t>(entrant)].spec, game, seed));
      pointers.push_back(seats.back().get());
    }
    played.played = play_game(*game, pointers, settings.max_turns);
    std::lock_guard<std::mutex> lock(mutex);
    result.games[static_cast<size_t>(g)] = played;
    if (on_game) on_game(g, played);
  };
  tbb::task_arena games(std::max(1, std::min(settings.parallel, settings.games)));
  games.execute([&] {
    tbb::parallel_for(
        tbb::blocked_range<int>(0, settings.games, 1),
        [&](const tbb::blocked_range<int>& range) {
          for (int g = range.begin(); g < range.end(); ++g) tbb::this_task_arena::isolate([&] { play(g); });
        },
        tbb::simple_partitioner());
  });

  std::vector<RankedGame> ranked;
  for (const ArenaGame& g : result.games) {
    const Outcome& outcome = g.played.outcome;
    result.unfinished += !outcome.finished;
    for (int s = 0; s < players; ++s) {
      ArenaEntrant& e = result.entrants[static_cast<size_t>(g.entrant_of_seat[static_cast<size_t>(s)])];
      ++e.seats;
      e.rank_sum += outcome.ranks[static_cast<size_t>(s)];
      e.wins += outcome.won(s);
      e.draws += outcome.drew(s);
    }
    ranked.push_back({g.entrant_of_seat, outcome.ranks});
  }
  const auto ratings = fit_plackett_luce(static_cast<int>(result.entrants.size()), ranked);
  for (size_t e = 0; e < ratings.size(); ++e) result.entrants[e].rating = ratings[e];
  return result;
}

}  // namespace djambi
