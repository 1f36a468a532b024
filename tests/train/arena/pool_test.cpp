// Pools (the rating ladder): every table of the pool in all its rotations, and ratings with
// bootstrap intervals.
#include "train/arena/pool.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "env/djambi/game.h"
#include "env/tictactoe/game.h"
#include "mcts/basic_players.h"
#include "train/arena/plackett_luce.h"

namespace djambi {
namespace {

TEST(PoolSeatings, EveryTableOnceInAllItsRotationsAndEverySeatEquallyOften) {
  const auto seatings = pool_seatings(6, 4, 7);
  ASSERT_EQ(seatings.size(), 15u * 4);  // C(6, 4) tables, four rotations each
  std::set<std::set<int>> tables;
  std::map<std::pair<int, int>, int> times_in_seat;  // (entrant, seat)
  for (size_t block = 0; block < 15; ++block) {
    const std::vector<int>& first = seatings[block * 4];
    const std::set<int> table(first.begin(), first.end());
    EXPECT_EQ(table.size(), 4u);  // four different players
    tables.insert(table);
    for (size_t r = 0; r < 4; ++r) {
      const std::vector<int>& seating = seatings[block * 4 + r];
      for (size_t s = 0; s < 4; ++s) {
        EXPECT_EQ(seating[s], first[(s + r) % 4]);  // the table's rotations, one after the other
        ++times_in_seat[{seating[s], static_cast<int>(s)}];
      }
    }
  }
  EXPECT_EQ(tables.size(), 15u);
  for (int e = 0; e < 6; ++e)
    for (int s = 0; s < 4; ++s) EXPECT_EQ((times_in_seat[{e, s}]), 10);  // C(5, 3) tables hold each entrant
  EXPECT_EQ(pool_seatings(6, 4, 7), seatings);  // the seed fixes the order
  EXPECT_NE(pool_seatings(6, 4, 8), seatings);
  EXPECT_EQ(pool_seatings(4, 4, 1).size(), 4u);
  EXPECT_THROW(pool_seatings(3, 4, 1), std::invalid_argument);
}

TEST(PlackettLuceIntervals, HoldTheFitAndNarrowWithMoreGames) {
  // A beats B 3 games in 4.
  const auto games_of = [](int n) {
    std::vector<RankedGame> games;
    for (int g = 0; g < n; ++g) games.push_back({{0, 1}, g % 4 < 3 ? std::vector<int>{1, 2} : std::vector<int>{2, 1}});
    return games;
  };
  const auto few = games_of(40), many = games_of(400);
  const auto fit = fit_plackett_luce(2, few);
  const auto narrow = plackett_luce_intervals(2, many, 100, 1), wide = plackett_luce_intervals(2, few, 100, 1);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_LT(wide[i].first, fit[i]);
    EXPECT_GT(wide[i].second, fit[i]);
    EXPECT_LT(narrow[i].second - narrow[i].first, 0.6 * (wide[i].second - wide[i].first));
  }
  EXPECT_GT(narrow[0].first, narrow[1].second);  // 300 of 400 separate them
  EXPECT_EQ(plackett_luce_intervals(2, few, 100, 1), wide);  // seeded
}

TEST(Pool, RatesAStrongSearchAboveRandomAndPlaysEveryTable) {
  auto game = std::make_shared<TicTacToeGame>();
  PoolSettings s;
  s.specs = {"random", "mcts:sims=400", "mcts:sims=4"};
  s.match.games = 24;  // the 3 tables of two, in both seatings, four times
  s.match.parallel = 2;
  std::map<std::set<int>, int> games_of_table;
  const PoolResult r = run_pool(game, basic_player_factory(), s, [&](int, const ArenaGame& g) {
    ++games_of_table[std::set<int>(g.entrant_of_seat.begin(), g.entrant_of_seat.end())];
  });
  EXPECT_EQ(games_of_table.size(), 3u);
  for (const auto& [table, games] : games_of_table) EXPECT_EQ(games, 8);
  ASSERT_EQ(r.arena.entrants.size(), 3u);
  EXPECT_EQ(r.arena.entrants[1].spec, "mcts:sims=400");
  EXPECT_EQ(r.arena.entrants[1].seats, 16);
  EXPECT_GT(r.arena.entrants[1].rating, r.arena.entrants[0].rating);
  ASSERT_EQ(r.rating_interval.size(), 3u);
  for (size_t e = 0; e < 3; ++e) {
    EXPECT_LE(r.rating_interval[e].first, r.arena.entrants[e].rating);
    EXPECT_GE(r.rating_interval[e].second, r.arena.entrants[e].rating);
  }
}

TEST(Pool, RefusesTooFewRepeatedOrBadPlayersBeforePlaying) {
  auto game = std::make_shared<DjambiGame>();
  PoolSettings s;
  s.match.games = 4;
  int games = 0;
  const auto count = [&](int, const ArenaGame&) { ++games; };
  s.specs = {"random", "greedy", "mcts"};  // three players for four seats
  EXPECT_THROW(run_pool(game, basic_player_factory(), s, count), std::invalid_argument);
  s.specs = {"random", "greedy", "mcts", "random"};
  EXPECT_THROW(run_pool(game, basic_player_factory(), s, count), std::invalid_argument);
  s.specs = {"random", "greedy", "mcts", "mcts:sims=0"};
  EXPECT_THROW(run_pool(game, basic_player_factory(), s, count), std::invalid_argument);
  EXPECT_EQ(games, 0);
}

}  // namespace
}  // namespace djambi
