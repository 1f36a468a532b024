// The arena: seat rotation, results per distinct spec, and the Plackett-Luce ratings.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "env/djambi/game.h"
#include "env/game_record.h"
#include "env/tictactoe/game.h"
#include "mcts/basic_players.h"
#include "train/arena/arena.h"
#include "train/arena/plackett_luce.h"

namespace djambi {
namespace {

// Every distinct seating once per cycle, and every entrant in every seat equally often.
void expect_balanced_cycle(const std::vector<int>& entrants, size_t distinct) {
  const auto seatings = arena_seatings(entrants);
  EXPECT_EQ(seatings.size(), distinct);
  EXPECT_EQ(std::set<std::vector<int>>(seatings.begin(), seatings.end()).size(), distinct);
  std::map<std::pair<int, int>, int> times_in_seat;  // (entrant, seat)
  for (const auto& seating : seatings) {
    auto sorted = seating, expected = entrants;
    std::sort(sorted.begin(), sorted.end());
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(sorted, expected);  // the same entrants, rearranged
    for (size_t s = 0; s < seating.size(); ++s) ++times_in_seat[std::make_pair(seating[s], static_cast<int>(s))];
  }
  for (int e : std::set<int>(entrants.begin(), entrants.end())) {
    const auto copies = std::count(entrants.begin(), entrants.end(), e);
    for (size_t s = 0; s < entrants.size(); ++s) {
      const long in_seat = times_in_seat[std::make_pair(e, static_cast<int>(s))];
      EXPECT_EQ(in_seat * static_cast<long>(entrants.size()), copies * static_cast<long>(distinct));
    }
  }
}

TEST(ArenaSeating, EverySeatingOncePerCycleAndEveryEntrantInEverySeatEquallyOften) {
  expect_balanced_cycle({0, 1}, 2);
  expect_balanced_cycle({0, 1, 2}, 6);
  expect_balanced_cycle({0, 1, 2, 3}, 24);
  expect_balanced_cycle({0, 1, 1, 1}, 4);  // 1v3
  expect_balanced_cycle({0, 0, 0, 1}, 4);  // 3v1
  expect_balanced_cycle({0, 0, 1, 1}, 6);  // 2v2: every pairing of seats
  expect_balanced_cycle({0, 1, 1, 2}, 12);
  expect_balanced_cycle({0, 0, 0, 0}, 1);
  // Four different players: the first four games are the rotations of one order, so any
  // prefix of whole blocks puts every player in every seat once per block.
  const auto seatings = arena_seatings({0, 1, 2, 3});
  for (size_t block = 0; block < 6; ++block)
    for (int s = 0; s < 4; ++s) {
      std::set<int> in_seat;
      for (size_t g = block * 4; g < block * 4 + 4; ++g) in_seat.insert(seatings[g][static_cast<size_t>(s)]);
      EXPECT_EQ(in_seat.size(), 4u);
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
