// Player::analyze: the lines of the tree search and of alpha-beta are whole moves, consistent
// with the search's statistics and with the move the player plays; their principal variations
// are lines of the game; players that do not search have no analysis.
#include <gtest/gtest.h>

#include <set>

#include "env/djambi/game.h"
#include "env/djambi/notation.h"
#include "env/tictactoe/game.h"
#include "env/turn_text.h"
#include "mcts/basic_players.h"

namespace djambi {
namespace {

// Red's assassin on b4 takes Blue's chief on b8, the last opponent.
const char* kWinInOne = "9/1Cb7/9/9/8Mb/1Ar7/9/9/Cr8 r rbrr - 0 10";

// Whether every turn of `pv` is legal in turn from `state`.
::testing::AssertionResult legal_in_sequence(const GameState& state, const std::vector<std::vector<Action>>& pv) {
  auto s = state.clone();
  for (size_t i = 0; i < pv.size(); ++i) {
    if (s->is_terminal()) return ::testing::AssertionFailure() << "turn " << i << " after the game ended";
    if (turn_to_string(*s, pv[i]) == "?") return ::testing::AssertionFailure() << "turn " << i << " is not legal";
    apply_turn(*s, pv[i]);
  }
  return ::testing::AssertionSuccess();
}

void expect_consistent_tree_analysis(const GameState& state, const SearchAnalysis& a, size_t lines) {
  ASSERT_EQ(a.lines.size(), lines);
  EXPECT_EQ(a.lines[0].move, a.chosen);
  EXPECT_EQ(a.root_values.size(), static_cast<size_t>(state.num_players()));
  int64_t visits = 0;
  std::set<std::string> moves;
  for (const SearchLine& l : a.lines) {
    EXPECT_GE(l.visits, 1);
    visits += l.visits;
    ASSERT_TRUE(l.prior.has_value());
    EXPECT_GT(*l.prior, 0.0f);
    EXPECT_LE(*l.prior, 1.0f);
    EXPECT_EQ(l.values.size(), static_cast<size_t>(state.num_players()));
    ASSERT_FALSE(l.pv.empty());
    EXPECT_EQ(l.pv[0], l.move);
    EXPECT_TRUE(legal_in_sequence(state, l.pv));
    moves.insert(turn_to_string(state, l.move));
  }
  EXPECT_EQ(moves.size(), lines) << "distinct whole moves";
  EXPECT_EQ(moves.count("?"), 0u);
  EXPECT_LE(visits, a.visits);
}

TEST(SearchAnalysis, TreeSearchLinesAreDistinctWholeMovesWithinTheRootVisits) {
  const auto factory = basic_player_factory();
  auto game = std::make_shared<DjambiGame>();
  const auto state = game->new_initial_state();
  auto analysing = factory.create("mcts:sims=120", game, 5);
  const std::optional<SearchAnalysis> a = analysing->analyze(*state, 3);
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->visits, 120);
  expect_consistent_tree_analysis(*state, *a, 3);
  EXPECT_GE(a->lines[0].visits, a->lines[1].visits);
  // The same search as choose_turn: a player of the same seed plays the analysis's move.
  auto playing = factory.create("mcts:sims=120", game, 5);
  EXPECT_EQ(playing->choose_turn(*state), a->chosen);
}

TEST(SearchAnalysis, TreeSearchWorksForAnyGame) {
  const auto factory = basic_player_factory();
  auto game = std::make_shared<TicTacToeGame>();
  const auto state = game->new_initial_state();
  auto player = factory.create("mcts:sims=200", game, 1);
  const std::optional<SearchAnalysis> a = player->analyze(*state, 9);
  ASSERT_TRUE(a.has_value());
  expect_consistent_tree_analysis(*state, *a, 9);  // every first move is visited
  EXPECT_GE(a->lines[0].pv.size(), 2u);
}

TEST(SearchAnalysis, TreeSearchFindsTheChiefKill) {
  const auto factory = basic_player_factory();
  auto game = std::make_shared<DjambiGame>();
  DjambiState state(parse_position(kWinInOne), RewardScheme::kWinner);
  auto player = factory.create("mcts:sims=400", game, 1);
  const std::optional<SearchAnalysis> a = player->analyze(state, 2);
  ASSERT_TRUE(a.has_value());
  expect_consistent_tree_analysis(state, *a, 2);
  EXPECT_EQ(turn_to_string(state, a->lines[0].move), "b4xb8");
  EXPECT_GT(a->lines[0].values[0], 0.99f);  // a win for Red
}

TEST(SearchAnalysis, AlphaBetaScoresItsBestMovesAndFindsTheChiefKill) {
  const auto factory = basic_player_factory();
  auto game = std::make_shared<DjambiGame>();
  DjambiState state(parse_position(kWinInOne), RewardScheme::kWinner);
  for (const char* spec : {"ab:depth=2", "ab:algo=paranoid,depth=2", "ab:algo=maxn,depth=2"}) {
    auto player = factory.create(spec, game, 1);
    const std::optional<SearchAnalysis> a = player->analyze(state, 3);
    ASSERT_TRUE(a.has_value()) << spec;
    ASSERT_EQ(a->lines.size(), 3u) << spec;
    EXPECT_EQ(turn_to_string(state, a->lines[0].move), "b4xb8") << spec;
    EXPECT_EQ(a->lines[0].move, a->chosen) << spec;
    ASSERT_TRUE(a->root_score.has_value());
    EXPECT_GT(*a->root_score, 0.99f) << spec;
    EXPECT_GE(a->depth, 1);
    EXPECT_GT(a->nodes, 0);
    std::set<std::vector<Action>> moves;
    for (size_t i = 0; i < a->lines.size(); ++i) {
      const SearchLine& l = a->lines[i];
      ASSERT_TRUE(l.score.has_value());
      if (i > 0) {
        EXPECT_LE(*l.score, *a->lines[i - 1].score) << spec;
      }
      EXPECT_EQ(l.depth, a->depth);
      EXPECT_EQ(l.pv[0], l.move);
      EXPECT_TRUE(legal_in_sequence(state, l.pv)) << spec;
      moves.insert(l.move);
    }
    EXPECT_EQ(moves.size(), 3u) << spec;
  }
}

TEST(SearchAnalysis, AlphaBetaWithOneLinePlaysAsChooseTurnAndKeepsAVariation) {
  const auto factory = basic_player_factory();
  auto game = std::make_shared<DjambiGame>();
  const auto state = game->new_initial_state();
  auto analysing = factory.create("ab:algo=paranoid,depth=2", game, 3);
  auto playing = factory.create("ab:algo=paranoid,depth=2", game, 3);
  const std::optional<SearchAnalysis> a = analysing->analyze(*state, 1);
  ASSERT_TRUE(a.has_value());
  ASSERT_EQ(a->lines.size(), 1u);
  EXPECT_EQ(playing->choose_turn(*state), a->chosen);
  EXPECT_EQ(a->lines[0].move, a->chosen);
  EXPECT_EQ(*a->root_score, *a->lines[0].score);
  // Paranoid plays in the game's turn order: its variation goes past the first move.
  EXPECT_GE(a->lines[0].pv.size(), 2u);
  EXPECT_TRUE(legal_in_sequence(*state, a->lines[0].pv));
  // Analysis leaves no trace: the next choice is that of a player that never analysed.
  auto s = state->clone();
  apply_turn(*s, a->chosen);
  EXPECT_EQ(analysing->choose_turn(*s), playing->choose_turn(*s));
}

TEST(SearchAnalysis, PlayersThatDoNotSearchHaveNone) {
  const auto factory = basic_player_factory();
  auto game = std::make_shared<DjambiGame>();
  const auto state = game->new_initial_state();
  for (const char* spec : {"random", "greedy"}) EXPECT_FALSE(factory.create(spec, game, 1)->analyze(*state, 1)) << spec;
}

}  // namespace
}  // namespace djambi
