// The MCTS-Solver (SearchConfig::solver): finished games and what they force are proven and
// backed up exactly, in two-player tic-tac-toe and four-player Djambi, with an evaluator that
// knows nothing (uniform priors, zero values), so that only the proofs can find the answers.
#include <gtest/gtest.h>

#include <random>

#include "env/djambi/game.h"
#include "env/djambi/notation.h"
#include "env/tictactoe/game.h"
#include "mcts/basic_evaluators.h"
#include "mcts/batched_search.h"

namespace djambi {
namespace {

SearchConfig solver_config(bool solver) {
  SearchConfig c;
  c.solver = solver;
  c.seed = 3;
  return c;
}

// The root child reached by `action`.
const Node& child_of(const Tree& tree, Action action) {
  const Node& root = tree.root();
  for (int32_t i = root.first_child; i < root.first_child + root.num_children; ++i)
    if (tree.node(i).action == action) return tree.node(i);
  throw std::logic_error("no such root child");
}

Action chosen(const Tree& tree) {
  std::mt19937_64 rng(1);
  return tree.choose_action(0.0f, rng);
}

TEST(Solver, ProvesAWinInOneAndPlaysIt) {
  // x to move completes the top row at r0c2.
  UniformEvaluator uniform;
  Tree tree(solver_config(true), TicTacToeState::from_string("xx.oo....").clone());
  BatchedSearch(uniform).run({&tree}, {40});
  ASSERT_TRUE(tree.root_proven());
  EXPECT_EQ(tree.root_values()[0], 1.0f);
  EXPECT_EQ(tree.root_values()[1], -1.0f);
  EXPECT_EQ(chosen(tree), 2);
  const auto target = tree.policy_target();
  ASSERT_EQ(target.size(), 1u);
  EXPECT_EQ(target[0].first, 2);
  EXPECT_EQ(target[0].second, 1.0f);

  // Without the solver nothing is proven and the root is a mean of playouts.
  Tree plain(solver_config(false), TicTacToeState::from_string("xx.oo....").clone());
  BatchedSearch(uniform).run({&plain}, {40});
  EXPECT_FALSE(plain.root_proven());
  EXPECT_LT(plain.root_values()[0], 1.0f);
}

TEST(Solver, ProvesALossInTwoForThePlayerToMove) {
  // o to move; x threatens r0c2 (top row) and r2c0 (left column): o blocks one, x takes the other.
  UniformEvaluator uniform;
  Tree tree(solver_config(true), TicTacToeState::from_string("xx.xo...o").clone());
  BatchedSearch(uniform).run({&tree}, {300});
  ASSERT_TRUE(tree.root_proven());
  EXPECT_EQ(tree.root_values()[1], -1.0f);  // o
  EXPECT_EQ(tree.root_values()[0], 1.0f);   // x
}

TEST(Solver, NeverSelectsAProvenLossAgain) {
  // x to move must block o's top row at r0c2 (which then forks and wins); any other move loses
  // at once to r0c2.
  UniformEvaluator uniform;
  Tree tree(solver_config(true), TicTacToeState::from_string("oo..x...x").clone());
  BatchedSearch(uniform).run({&tree}, {200});
  std::vector<int> visits_then;
  for (Action losing : {3, 5, 6, 7}) {
    const Node& c = child_of(tree, losing);
    ASSERT_TRUE(c.proven) << "move " << losing;
    EXPECT_EQ(c.proven_values[0], -1.0f);
    visits_then.push_back(c.stats.visits);
  }
  BatchedSearch(uniform).run({&tree}, {300});
  int k = 0;
  for (Action losing : {3, 5, 6, 7}) EXPECT_EQ(child_of(tree, losing).stats.visits, visits_then[k++]);
  // The forced win behind r0c2 is proven too, and played.
  EXPECT_TRUE(tree.root_proven());
  EXPECT_EQ(tree.root_values()[0], 1.0f);
  EXPECT_EQ(chosen(tree), 2);
}

TEST(Solver, ProvesTheLastChiefKillInFourPlayerDjambi) {
  // Red: chief f2, militant a2; Yellow: chief f8, assassin i9; Blue and Green are out. The
  // chief's capture f2xf8 wins for every placement of the corpse.
  UniformEvaluator uniform;
  auto state = std::make_unique<DjambiState>(parse_position("8Ay/5Cy3/9/9/9/9/9/Mr4Cr3/9 r r-y- - 0 30", {}),
                                             RewardScheme::kWinner);
  const int red = state->current_player();
  Tree tree(solver_config(true), state->clone());
  BatchedSearch(uniform).run({&tree}, {400});
  ASSERT_TRUE(tree.root_proven());
  EXPECT_EQ(tree.root_values()[red], 1.0f);
  EXPECT_EQ(state->action_to_string(chosen(tree)), "f2xf8");

  // The same search without the solver does not find it in as many playouts.
  Tree plain(solver_config(false), state->clone());
  BatchedSearch(uniform).run({&plain}, {400});
  EXPECT_FALSE(plain.root_proven());
  EXPECT_LT(plain.root_values()[red], 1.0f);
}

TEST(Solver, ProofsSurviveTreeReuseAndParanoidSearchesIgnoreThem) {
  UniformEvaluator uniform;
  Tree tree(solver_config(true), TicTacToeState::from_string("oo..x...x").clone());
  BatchedSearch(uniform).run({&tree}, {500});
  ASSERT_TRUE(tree.root_proven());
  tree.advance(2);  // o to move, lost whatever it does
  EXPECT_TRUE(tree.root_proven());
  EXPECT_EQ(tree.root_values()[1], -1.0f);

  SearchConfig paranoid = solver_config(true);
  paranoid.paranoid = true;
  Tree p(paranoid, TicTacToeState::from_string("xx.oo....").clone());
  BatchedSearch(uniform).run({&p}, {40});
  EXPECT_FALSE(p.root_proven());
}

}  // namespace
}  // namespace djambi
