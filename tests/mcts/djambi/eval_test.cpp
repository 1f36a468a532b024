// The heuristic evaluation as values by seat: its scale at the start, the bounds and sum it
// keeps over random games, eliminated seats, finished games, and a game without it.
#include <gtest/gtest.h>

#include <array>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "env/djambi/game.h"
#include "env/games.h"
#include "env/random.h"
#include "mcts/djambi/eval.h"

namespace djambi {
namespace {

TEST(HeuristicValues, TheStartIsWorthTheMeanOfAWinnerTakeAllReturn) {
  std::vector<float> v(4);
  heuristic_values(*make_game("djambi")->new_initial_state(), v.data());
  for (float x : v) EXPECT_NEAR(x, -0.5f, 1e-6f);  // one +1 and three -1 over four seats
  const auto duel = make_game("djambi", Variants{}.set(Variant::kTwoPlayers));
  std::vector<float> w(2);
  heuristic_values(*duel->new_initial_state(), w.data());
  for (float x : w) EXPECT_NEAR(x, 0.0f, 1e-6f);
}

TEST(HeuristicValues, StayBoundedSumToTwoMinusTheSeatsAndGiveTheOutMinusOne) {
  const auto game = make_game("djambi");
  Rng rng(3);
  std::vector<Action> legal(static_cast<size_t>(game->num_actions()));
  std::vector<float> v(4), returns(4);
  int eliminated_seen = 0;
  for (int g = 0; g < 20; ++g) {
    auto state = game->new_initial_state();
    for (int d = 0; d < 400 && !state->is_terminal(); ++d) {
      heuristic_values(*state, v.data());
      for (float x : v) {
        EXPECT_GE(x, -1.0f);
        EXPECT_LE(x, 1.0f);
      }
      EXPECT_NEAR(std::accumulate(v.begin(), v.end(), 0.0f), 2.0f - 4.0f, 1e-4f);
      const auto& pos = as_djambi(*state)->position();
      for (int seat = 0; seat < 4; ++seat)
        if (!pos.alive(pos.player(seat))) {
          EXPECT_EQ(v[static_cast<size_t>(seat)], -1.0f);
          ++eliminated_seen;
        }
      const int n = state->legal_actions(legal.data());
      state->apply_action(legal[rng.below(static_cast<uint32_t>(n))]);
    }
    if (state->is_terminal()) {
      heuristic_values(*state, v.data());
      state->returns(returns.data());
      EXPECT_EQ(v, returns);
    }
  }
  EXPECT_GT(eliminated_seen, 0);
}

TEST(PlayerScores, WeighTheirTermsByTheWeights) {
  const Position start = Position::start();
  const std::array<float, 4> base = player_scores(start, EvalWeights{});
  EvalWeights assassins;
  assassins.value[static_cast<size_t>(Kind::kAssassin)] += 10;  // each player has one assassin
  EvalWeights doubled;
  doubled.material = 2;  // each player's pieces: 100 + 6 + 5 + 5 + 6 + 4 x 2 points
  EvalWeights still;
  still.mobility = 0;
  const EvalTerms terms = eval_terms(start);
  for (int p = 0; p < 4; ++p) {
    EXPECT_FLOAT_EQ(player_scores(start, assassins)[p], base[p] + 10);
    EXPECT_FLOAT_EQ(player_scores(start, doubled)[p], base[p] + 130);
    EXPECT_FLOAT_EQ(player_scores(start, still)[p], base[p] - 0.1f * static_cast<float>(terms.mobility[p]));
    EXPECT_EQ(terms.pieces[p][static_cast<size_t>(Kind::kMilitant)], 4);
  }
}

TEST(HeuristicValues, RefuseAGameOtherThanDjambi) {
  std::vector<float> v(2);
  EXPECT_THROW(heuristic_values(*make_game("tictactoe")->new_initial_state(), v.data()), std::invalid_argument);
}

}  // namespace
}  // namespace djambi
