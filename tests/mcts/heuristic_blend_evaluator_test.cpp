#include "mcts/heuristic_blend_evaluator.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <vector>

#include "env/games.h"
#include "env/random.h"
#include "mcts/djambi/eval.h"

namespace djambi {
namespace {

// Every value 0.25 and a prior of 1 on the first legal action: easy to tell from the heuristic.
class FixedEvaluator : public Evaluator {
 public:
  void evaluate(const EvalBatch& batch) override {
    for (int i = 0; i < batch.size; ++i) {
      const GameState& state = *batch.states[i];
      const int actions = state.num_actions(), players = state.num_players();
      for (int a = 0; a < actions; ++a) batch.priors[i * actions + a] = 0;
      batch.priors[i * actions + state.legal_actions().front()] = 1;
      for (int p = 0; p < players; ++p) batch.values[i * players + p] = 0.25f;
    }
  }
  bool needs_observations() const override { return false; }
  std::string describe() const override { return "fixed"; }
};

// Positions after 0, 40, 80 ... random decisions of one game: material changes hands.
std::vector<std::unique_ptr<GameState>> positions_of_a_random_game(const Game& game) {
  std::vector<std::unique_ptr<GameState>> positions;
  Rng rng(5);
  auto state = game.new_initial_state();
  for (int d = 0; d < 400 && !state->is_terminal(); ++d) {
    if (d % 40 == 0) positions.push_back(state->clone());
    const std::vector<Action> legal = state->legal_actions();
    state->apply_action(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
  }
  return positions;
}

TEST(HeuristicBlendEvaluator, MixesTheHeuristicIntoTheValuesAndKeepsThePriors) {
  const auto game = make_game("djambi");
  const auto positions = positions_of_a_random_game(*game);
  const int n = static_cast<int>(positions.size()), actions = game->num_actions();
  std::vector<const GameState*> states;
  for (const auto& p : positions) states.push_back(p.get());
  bool some_seat_differs = false;
  for (float weight : {0.0f, 0.3f, 1.0f}) {
    std::vector<float> priors(static_cast<size_t>(n * actions)), values(static_cast<size_t>(n * 4));
    EvalBatch batch{n, states.data(), nullptr, nullptr, priors.data(), values.data()};
    HeuristicBlendEvaluator(std::make_shared<FixedEvaluator>(), heuristic_values, weight).evaluate(batch);
    for (int i = 0; i < n; ++i) {
      EXPECT_EQ(priors[static_cast<size_t>(i * actions + states[i]->legal_actions().front())], 1.0f);
      std::vector<float> heuristic(4);
      heuristic_values(*states[i], heuristic.data());
      for (int seat = 0; seat < 4; ++seat) {
        const float expected = (1 - weight) * 0.25f + weight * heuristic[static_cast<size_t>(seat)];
        EXPECT_NEAR(values[static_cast<size_t>(i * 4 + seat)], expected, 1e-6f) << "weight " << weight;
        some_seat_differs |= weight == 1.0f && std::abs(heuristic[static_cast<size_t>(seat)] + 0.5f) > 0.05f;
      }
    }
  }
  EXPECT_TRUE(some_seat_differs) << "the positions tested should not all be even";
}

TEST(HeuristicBlendEvaluator, RefusesAWeightOutsideZeroToOneAndAGameOtherThanDjambi) {
  EXPECT_THROW(HeuristicBlendEvaluator(std::make_shared<FixedEvaluator>(), heuristic_values, 1.5f), std::invalid_argument);
  EXPECT_THROW(HeuristicBlendEvaluator(std::make_shared<FixedEvaluator>(), heuristic_values, -0.1f), std::invalid_argument);
  const auto state = make_game("tictactoe")->new_initial_state();
  const GameState* states[] = {state.get()};
  std::vector<float> priors(9), values(2);
  EvalBatch batch{1, states, nullptr, nullptr, priors.data(), values.data()};
  HeuristicBlendEvaluator blend(std::make_shared<FixedEvaluator>(), heuristic_values, 0.5f);
  EXPECT_THROW(blend.evaluate(batch), std::invalid_argument);
}

}  // namespace
}  // namespace djambi
