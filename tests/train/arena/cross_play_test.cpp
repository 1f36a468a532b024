// Cross-play tables: every ordered pair in 1v3, the win-rate matrix, ratings and Nash average.
#include "train/arena/cross_play.h"

#include <gtest/gtest.h>

#include <map>

#include "env/djambi/game.h"
#include "env/tictactoe/game.h"
#include "mcts/basic_players.h"

namespace djambi {
namespace {

TEST(CrossPlay, GreedyDominatesRandomInBothDirections) {
  auto game = std::make_shared<DjambiGame>();
  CrossPlaySettings s;
  s.specs = {"random", "greedy"};
  s.match.games = 8;
  s.match.parallel = 2;
  s.match.max_turns = 600;
  std::map<std::pair<size_t, size_t>, int> games_of_pair;
  const CrossPlayResult r = run_cross_play(game, basic_player_factory(), s,
                                           [&](size_t i, size_t j, const ArenaGame& g) {
                                             ++games_of_pair[{i, j}];
                                             // the lone player is entrant 0 of its match, the copies entrant 1
                                             int alone = 0;
                                             for (int e : g.entrant_of_seat) alone += e == 0;
                                             EXPECT_EQ(alone, 1);
                                             EXPECT_EQ(g.played.record.players.size(), 4u);
                                           });
  EXPECT_EQ((games_of_pair[{0, 1}]), 8);
  EXPECT_EQ((games_of_pair[{1, 0}]), 8);
  ASSERT_EQ(r.matches[1][0].entrants.size(), 2u);
  EXPECT_EQ(r.matches[1][0].entrants[0].spec, "greedy");  // greedy alone against three random
  EXPECT_EQ(r.matches[1][0].entrants[0].seats, 8);
  EXPECT_GT(r.win_rate(1, 0), 0.6);
  EXPECT_LT(r.win_rate(0, 1), 0.2);
  EXPECT_NEAR(r.payoff[1][0], r.win_rate(1, 0) - r.win_rate(0, 1), 1e-12);
  EXPECT_NEAR(r.payoff[0][1], -r.payoff[1][0], 1e-12);
  EXPECT_GT(r.ratings[1], r.ratings[0]);
  EXPECT_NEAR(r.nash.weights[1], 1.0, 1e-9);  // random is dominated
  EXPECT_NEAR(r.nash.average[1], 0.0, 1e-9);
  EXPECT_LT(r.nash.average[0], 0.0);
}

TEST(CrossPlay, RefusesFewerThanTwoOrRepeatedOrBadPlayersBeforePlaying) {
  auto game = std::make_shared<TicTacToeGame>();
  CrossPlaySettings s;
  s.match.games = 2;
  int games = 0;
  const auto count = [&](size_t, size_t, const ArenaGame&) { ++games; };
  s.specs = {"random"};
  EXPECT_THROW(run_cross_play(game, basic_player_factory(), s, count), std::invalid_argument);
  s.specs = {"random", "mcts:sims=8", "random"};
  EXPECT_THROW(run_cross_play(game, basic_player_factory(), s, count), std::invalid_argument);
  s.specs = {"random", "mcts:sims=8", "mcts:sims=0"};
  EXPECT_THROW(run_cross_play(game, basic_player_factory(), s, count), std::invalid_argument);
  EXPECT_EQ(games, 0);
  s.specs = {"random", "mcts:sims=8", "mcts:sims=50"};  // a two-player game: each pair one against one
  const CrossPlayResult r = run_cross_play(game, basic_player_factory(), s, count);
  EXPECT_EQ(games, 12);
  EXPECT_EQ(r.nash.weights.size(), 3u);
}

}  // namespace
}  // namespace djambi
