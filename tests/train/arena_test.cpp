// The arena: seat rotation, results per distinct spec, and the Plackett-Luce ratings.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>

#include "env/djambi_game.h"
#include "env/game_record.h"
#include "env/tictactoe.h"
#include "mcts/basic_players.h"
#include "train/arena.h"
#include "train/plackett_luce.h"

namespace djambi {
namespace {

TEST(ArenaSeating, EveryBlockOfGamesPutsEverySpecInEverySeatAndAllOrdersAppear) {
  for (int players : {2, 3, 4}) {
    std::set<std::vector<int>> orders;
    int factorial = 1;
    for (int k = 2; k <= players; ++k) factorial *= k;
    for (int block = 0; block < factorial / players; ++block) {
      std::vector<std::set<int>> specs_in_seat(static_cast<size_t>(players));
      for (int g = block * players; g < (block + 1) * players; ++g) {
        const auto order = arena_seating(players, g);
        orders.insert(order);
        for (int s = 0; s < players; ++s) specs_in_seat[static_cast<size_t>(s)].insert(order[static_cast<size_t>(s)]);
      }
      for (const auto& seat : specs_in_seat) EXPECT_EQ(static_cast<int>(seat.size()), players);
    }
    EXPECT_EQ(static_cast<int>(orders.size()), factorial);
    EXPECT_EQ(arena_seating(players, factorial), arena_seating(players, 0));  // then it cycles
  }
}

TEST(PlackettLuce, OrdersEntrantsByStrengthAndCentresOnZero) {
  // Entrant 0 finishes first 3 times in 4, entrant 2 is always last.
  std::vector<RankedGame> games;
  for (int g = 0; g < 40; ++g) {
    if (g % 4 == 3) games.push_back({{0, 1, 2}, {2, 1, 3}});
    else games.push_back({{0, 1, 2}, {1, 2, 3}});
  }
  const auto r = fit_plackett_luce(3, games);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_GT(r[0], r[1]);
  EXPECT_GT(r[1], r[2]);
  EXPECT_NEAR(r[0] + r[1] + r[2], 0.0, 1e-9);
  EXPECT_TRUE(std::isfinite(r[2]));  // the virtual games keep an always-last entrant finite
}

TEST(PlackettLuce, TwoEntrantsMatchTheBradleyTerryClosedForm) {
  // Bradley-Terry, A winning 30 of 40, each with one virtual win and loss against a strength-1
  // reference: the likelihood is stationary where 31/a = 40/(a+b) + 2/(a+1) and
  // 11/b = 40/(a+b) + 2/(b+1); solved apart (fixed-point iteration in Python) a = 1.70254,
  // b = 0.58736, a gap of 400 log10(a/b) = 184.88 points.
  std::vector<RankedGame> games;
  for (int g = 0; g < 40; ++g) games.push_back({{0, 1}, g < 30 ? std::vector<int>{1, 2} : std::vector<int>{2, 1}});
  const auto r = fit_plackett_luce(2, games);
  EXPECT_NEAR(r[0] - r[1], 184.878, 0.01);
  EXPECT_NEAR(r[0] + r[1], 0.0, 1e-9);
}

TEST(PlackettLuce, TiesCarryNoPreferenceBetweenTheTied) {
  std::vector<RankedGame> games(10, RankedGame{{0, 1, 2}, {1, 1, 3}});
  const auto r = fit_plackett_luce(3, games);
  EXPECT_NEAR(r[0], r[1], 1e-6);
  EXPECT_GT(r[0], r[2]);
}

TEST(Arena, GreedyBeatsRandomAndEveryGameIsRecordedAndReplays) {
  auto game = std::make_shared<DjambiGame>();
  ArenaSettings s;
  s.seat_specs = {"greedy", "random", "random", "random"};
  s.games = 16;
  s.parallel = 2;
  s.max_turns = 600;
  int callbacks = 0;
  const ArenaResult r = run_arena(game, basic_player_factory(), s, [&](int, const ArenaGame&) { ++callbacks; });
  EXPECT_EQ(callbacks, 16);
  ASSERT_EQ(r.entrants.size(), 2u);  // the three random seats are one entrant
  EXPECT_EQ(r.entrants[0].spec, "greedy");
  EXPECT_EQ(r.entrants[0].seats, 16);
  EXPECT_EQ(r.entrants[1].seats, 48);
  EXPECT_GT(r.entrants[0].win_rate(), 0.5);
  EXPECT_GT(r.entrants[0].rating, r.entrants[1].rating);
  EXPECT_LT(r.entrants[0].mean_rank(), r.entrants[1].mean_rank());
  // Seats rotate: greedy held each seat 4 times.
  std::map<int, int> greedy_seats;
  for (const ArenaGame& g : r.games)
    for (int seat = 0; seat < 4; ++seat)
      if (g.entrant_of_seat[static_cast<size_t>(seat)] == 0) {
        ++greedy_seats[seat];
        EXPECT_EQ(g.played.record.players[static_cast<size_t>(seat)], "greedy");
      }
  for (int seat = 0; seat < 4; ++seat) EXPECT_EQ(greedy_seats[seat], 4);
  for (const ArenaGame& g : r.games) {
    auto end = replay_record(parse_records(format_record(g.played.record)).at(0));
    EXPECT_EQ(end->is_terminal(), g.played.outcome.finished);
  }
}

TEST(Arena, RefusesAWrongNumberOfSpecsOrABadSpecBeforePlaying) {
  auto game = std::make_shared<TicTacToeGame>();
  ArenaSettings s;
  s.games = 2;
  s.seat_specs = {"random"};
  EXPECT_THROW(run_arena(game, basic_player_factory(), s), std::invalid_argument);
  s.seat_specs = {"random", "mcts:sims=0"};
  EXPECT_THROW(run_arena(game, basic_player_factory(), s), std::invalid_argument);
  s.seat_specs = {"random", "mcts,time=0.001"};
  EXPECT_EQ(run_arena(game, basic_player_factory(), s).games.size(), 2u);
}

}  // namespace
}  // namespace djambi
