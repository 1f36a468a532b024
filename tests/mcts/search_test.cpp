// The search: tactics on hand-built Djambi positions, perfect tic-tac-toe against the solver,
// value bookkeeping, determinism, tree reuse and the tree-parallel mode.
#include <gtest/gtest.h>

#include <numeric>

#include "env/djambi/game.h"
#include "env/djambi/notation.h"
#include "env/tictactoe/game.h"
#include "env/tictactoe/solver.h"
#include "mcts/basic_evaluators.h"
#include "mcts/basic_players.h"
#include "mcts/batched_search.h"
#include "mcts/queued_evaluator.h"
#include "tests/mcts/search_choice.h"

namespace djambi {
namespace {

SearchConfig config_with(int sims, uint64_t seed) {
  SearchConfig c;
  c.simulations = sims;
  c.seed = seed;
  return c;
}

std::unique_ptr<DjambiState> djambi(const std::string& position, Variants v = {}) {
  return std::make_unique<DjambiState>(parse_position(position, v), RewardScheme::kWinner);
}

TEST(Search, KillsTheLastEnemyChief) {
  // Red: chief f2, militant a2; Yellow: chief f8, assassin i9. The chief's capture f2xf8 wins
  // (for every placement); nothing else does.
  auto s = djambi("8Ay/5Cy3/9/9/9/9/9/Mr4Cr3/9 r r-y- - 0 30");
  RolloutEvaluator rollouts(4, 400, 7);
  const Action a = test::chosen_after_search(config_with(400, 1), *s, rollouts, 400);
  EXPECT_EQ(s->action_to_string(a), "f2xf8");
}

TEST(Search, DoesNotExposeItsChief) {
  // Red: chief a1 behind its militant b2, which blocks Yellow's assassin on i9 (diagonal);
  // Yellow's chief e8 is out of reach. Moving the militant off the diagonal (8 of Red's 21
  // moves) lets the assassin take the chief.
  auto s = djambi("8Ay/4Cy4/9/9/9/9/9/1Mr7/Cr8 r r-y- - 0 30");
  RolloutEvaluator rollouts(4, 400, 3);
  Tree tree(config_with(1500, 5), s->clone());
  BatchedSearch(rollouts).run({&tree}, {1500});
  std::mt19937_64 rng(1);
  const Action a = tree.choose_action(0.0f, rng);
  auto next = s->clone();
  next->apply_action(a);
  while (!next->at_turn_start()) next->apply_action(next->legal_actions()[0]);
  const Position& after = static_cast<DjambiState&>(*next).position();
  // The diagonal a1-i9 is still blocked (or the chief left it).
  bool exposed = after.chief[0] == parse_square("a1");
  for (const char* sq : {"b2", "c3", "d4", "e5", "f6", "g7", "h8"})
    if (after.board[parse_square(sq)] != kEmptyCell) exposed = false;
  EXPECT_FALSE(exposed) << s->action_to_string(a);
}

// Plays MCTS against the solver; the solver picks uniformly among its optimal moves. Every MCTS
// decision must itself be optimal.
void play_against_solver(TicTacToeState state, int mcts_seat, uint64_t seed) {
  RolloutEvaluator rollouts(1, 20, seed);
  MctsPlayerOptions options;
  options.search = config_with(1200, seed);
  MctsPlayer mcts("mcts", std::shared_ptr<Evaluator>(&rollouts, [](Evaluator*) {}), options);
  TicTacToeSolver solver;
  std::mt19937_64 rng(seed);
  while (!state.is_terminal()) {
    const auto optimal = solver.optimal_actions(state);
    Action a;
    if (state.current_player() == mcts_seat) {
      a = mcts.search(state);
      EXPECT_NE(std::find(optimal.begin(), optimal.end(), a), optimal.end())
          << "not optimal: " << state.action_to_string(a) << " in\n" << state.to_string();
    } else {
      a = optimal[std::uniform_int_distribution<size_t>(0, optimal.size() - 1)(rng)];
    }
    mcts.observe(state, a);
    state.apply_action(a);
  }
  float returns[2];
  state.returns(returns);
  EXPECT_GE(returns[mcts_seat], 0.0f) << "MCTS lost:\n" << state.to_string();
}

TEST(Search, PlaysTicTacToePerfectlyFromEveryOpening) {
  TicTacToeState empty;
  for (int seed = 1; seed <= 3; ++seed) play_against_solver(empty, 0, static_cast<uint64_t>(seed));
  for (Action opening = 0; opening < 9; ++opening) {
    TicTacToeState s;
    s.apply_action(opening);
    play_against_solver(s, 1, static_cast<uint64_t>(opening + 10));
  }
}

TEST(Search, RootValuesSumToZeroInZeroSumGames) {
  RolloutEvaluator rollouts(2, 400, 9);
  TicTacToeState ttt = TicTacToeState::from_string("x...o....");
  Tree t1(config_with(300, 2), ttt.clone());
  BatchedSearch(rollouts).run({&t1}, {300});
  EXPECT_NEAR(t1.root_values()[0] + t1.root_values()[1], 0.0f, 1e-4);

  // Two-player Djambi under the winner scheme: +1/-1 or 0/0.
  auto two = djambi(format_position(Position::start(Variants{}.set(Variant::kTwoPlayers))),
                    Variants{}.set(Variant::kTwoPlayers));
  Tree t2(config_with(60, 3), two->clone());
  BatchedSearch(rollouts).run({&t2}, {60});
  EXPECT_EQ(t2.root_visits(), 60);
  EXPECT_NEAR(t2.root_values()[0] + t2.root_values()[1], 0.0f, 1e-4);
}

TEST(Search, OwnRewardValuesFinishedGamesByTheRanks) {
  // X's last move fills the board: a draw, worth 0 in tic-tac-toe's own returns.
  const TicTacToeState last = TicTacToeState::from_string("xoxxooox.");
  RolloutEvaluator rollouts(2, 10, 1);
  Tree plain(config_with(20, 1), last.clone());
  BatchedSearch(rollouts).run({&plain}, {20});
  EXPECT_NEAR(plain.root_values()[0], 0.0f, 1e-6);
  SearchConfig own = config_with(20, 1);
  own.own_reward = true;
  own.draw_value = -0.5f;  // the reward a player was trained for: a draw worth less than 0
  Tree tree(own, last.clone());
  BatchedSearch(rollouts).run({&tree}, {20});
  // 19 of the 20 playouts reach the draw (the first evaluates the root itself: 0).
  EXPECT_NEAR(tree.root_values()[0], -0.5f * 19 / 20, 1e-5);
  EXPECT_NEAR(tree.root_values()[1], -0.5f * 19 / 20, 1e-5);
}

TEST(Search, DeterministicWithAFixedSeed) {
  auto s = djambi(format_position(Position::start()));
  auto run = [&] {
    RolloutEvaluator rollouts(1, 300, 4);
    Tree tree(config_with(200, 4), s->clone());
    BatchedSearch(rollouts).run({&tree}, {200});
    return tree.root_visit_counts();
  };
  EXPECT_EQ(run(), run());
}

TEST(Search, PolicyTargetAndTreeReuse) {
  TicTacToeState ttt = TicTacToeState::from_string("xx.oo....");
  SearchConfig c = config_with(400, 6);
  c.root_noise = true;
  c.forced_playouts = true;
  UniformEvaluator uniform;
  Tree tree(c, ttt.clone());
  BatchedSearch(uniform).run({&tree}, {400});
  const auto target = tree.policy_target();
  float sum = 0;
  for (const auto& [a, p] : target) sum += p;
  EXPECT_NEAR(sum, 1.0f, 1e-5);
  // Pruning only removes visits: every child keeps at most its share of the raw visits.
  int winning_visits = 0;
  for (const auto& [a, n] : tree.root_visit_counts())
    if (a == 2) winning_visits = n;
  EXPECT_GT(winning_visits, 200) << "the immediate win gathers most playouts";
  for (const auto& [a, p] : target) {
    if (a == 2) {
      EXPECT_GE(p, static_cast<float>(winning_visits) / 400.0f - 1e-5f);
    }
  }

  // Re-rooting keeps the chosen subtree's statistics.
  tree.advance(2);
  EXPECT_EQ(tree.root_visits(), winning_visits);
  EXPECT_TRUE(tree.root_state().is_terminal());
}

TEST(Search, TreeParallelAgreesWithSerialOnEasyPositions) {
  auto rollouts = std::make_shared<RolloutEvaluator>(4, 400, 8);
  QueuedEvaluator queued(rollouts, 16, std::chrono::microseconds(500));
  auto s = djambi("8Ay/5Cy3/9/9/9/9/9/Mr4Cr3/9 r r-y- - 0 30");
  Tree tree(config_with(400, 1), s->clone());
  search_tree_parallel(tree, queued, 400, 4, 4);
  EXPECT_GE(tree.root_visits(), 400);
  std::mt19937_64 rng(1);
  EXPECT_EQ(s->action_to_string(tree.choose_action(0.0f, rng)), "f2xf8");

  TicTacToeState ttt = TicTacToeState::from_string("xx.oo....");
  Tree t2(config_with(300, 2), ttt.clone());
  search_tree_parallel(t2, queued, 300, 3, 2);
  EXPECT_EQ(t2.choose_action(0.0f, rng), 2);
}

TEST(Search, ParanoidBackupStillTakesTheWin) {
  auto s = djambi("8Ay/5Cy3/9/9/9/9/9/Mr4Cr3/9 r r-y- - 0 30");
  SearchConfig c = config_with(400, 1);
  c.paranoid = true;
  RolloutEvaluator rollouts(4, 400, 7);
  Tree tree(c, s->clone());
  BatchedSearch(rollouts).run({&tree}, {400});
  std::mt19937_64 rng(1);
  EXPECT_EQ(s->action_to_string(tree.choose_action(0.0f, rng)), "f2xf8");
}

}  // namespace
}  // namespace djambi
