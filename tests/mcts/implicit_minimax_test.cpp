// Implicit minimax backups (SearchConfig::minimax_weight): the heuristic's max^n value of each
// subtree steers selection, so a search whose evaluator knows nothing (uniform priors, zero
// values) still finds a kill that puts a player out.
#include <gtest/gtest.h>

#include "env/djambi/game.h"
#include "env/djambi/notation.h"
#include "env/tictactoe/game.h"
#include "mcts/basic_evaluators.h"
#include "mcts/basic_players.h"
#include "mcts/batched_search.h"
#include "tests/mcts/search_choice.h"

namespace djambi {
namespace {

// Three players left. Red: chief a1, militant b2; Blue: chief b4; Yellow: chief e8. The
// militant's b2xb4 kills Blue's chief, and Blue is out; the game goes on (nothing is proven).
std::unique_ptr<DjambiState> kill_available() {
  return std::make_unique<DjambiState>(parse_position("9/4Cy4/9/9/9/1Cb7/9/1Mr7/Cr8 r rby- - 0 30", {}),
                                       RewardScheme::kWinner);
}

std::string chosen_after(const SearchConfig& config, int sims) {
  auto state = kill_available();
  UniformEvaluator uniform;
  return state->action_to_string(test::chosen_after_search(config, *state, uniform, sims));
}

TEST(ImplicitMinimax, FindsTheKillThatThePlainSearchMisses) {
  SearchConfig plain;
  plain.seed = 2;
  EXPECT_NE(chosen_after(plain, 300), "b2xb4");

  SearchConfig tactical = plain;
  tactical.minimax_weight = 0.5f;
  tactical.heuristic = heuristic_of("djambi");
  ASSERT_TRUE(tactical.heuristic);
  EXPECT_EQ(chosen_after(tactical, 300), "b2xb4");
}

TEST(ImplicitMinimax, TheRootKeepsTheBestHeuristicValueOfItsExpandedChildren) {
  auto state = kill_available();
  SearchConfig config;
  config.minimax_weight = 0.3f;
  config.heuristic = heuristic_of("djambi");
  UniformEvaluator uniform;
  Tree tree(config, state->clone());
  BatchedSearch(uniform).run({&tree}, {200});
  const Node& root = tree.root();
  ASSERT_TRUE(root.has_minimax);
  float best = -2.0f;
  for (int32_t i = root.first_child; i < root.first_child + root.num_children; ++i)
    if (tree.node(i).has_minimax) best = std::max(best, tree.node(i).minimax[root.to_act]);
  EXPECT_EQ(root.minimax[root.to_act], best);
  // Paranoid searches keep no minimax values.
  config.paranoid = true;
  Tree paranoid(config, state->clone());
  BatchedSearch(uniform).run({&paranoid}, {50});
  EXPECT_FALSE(paranoid.root().has_minimax);
}

TEST(ImplicitMinimax, TheSpecKeyNeedsAGameWithAHeuristic) {
  const PlayerFactory factory = basic_player_factory();
  std::shared_ptr<const Game> djambi_game = std::make_shared<DjambiGame>();
  EXPECT_NO_THROW(factory.create("mcts:sims=10,minimax=0.5,solver=1", djambi_game, 1));
  EXPECT_THROW(factory.create("mcts:minimax=1.5", djambi_game, 1), std::invalid_argument);
  EXPECT_THROW(factory.create("mcts:solver=2", djambi_game, 1), std::invalid_argument);
  std::shared_ptr<const Game> tictactoe = std::make_shared<TicTacToeGame>();
  EXPECT_NO_THROW(factory.create("mcts:solver=1", tictactoe, 1));
  EXPECT_THROW(factory.create("mcts:minimax=0.5", tictactoe, 1), std::invalid_argument);
}

}  // namespace
}  // namespace djambi
