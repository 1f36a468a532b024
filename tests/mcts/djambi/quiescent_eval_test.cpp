// The heuristic after a kills-only quiescence search (mcts/djambi/quiescent_eval.h), the leaf
// values of implicit minimax with mcts.minimax_quiescence: it sees a piece left hanging and a
// kill in sight, which the static evaluation does not, and a tree search with it declines a
// poisoned kill that the search with the static evaluation takes.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "env/djambi/game.h"
#include "env/djambi/notation.h"
#include "env/turn_text.h"
#include "mcts/basic_evaluators.h"
#include "mcts/basic_players.h"
#include "mcts/djambi/eval.h"
#include "mcts/djambi/quiescent_eval.h"
#include "mcts/games.h"
#include "tests/mcts/search_choice.h"

namespace djambi {
namespace {

// Three players left (Red, Blue, Yellow). Blue's militant on c2 and chief on h9 reach Red's diplomat on c4.
const char* kDiplomatHangs = "7Cb1/4Cy4/9/9/9/2Dr6/9/2Mb6/Cr8 b rby- - 0 30";  // Blue to move: c2xc4
// Red's militant on b2 takes Blue's chief on b4; Yellow stays, so the game goes on.
const char* kKillInSight = "9/4Cy4/9/9/9/1Cb7/9/1Mr7/Cr8 r rby- - 0 30";

// One value per seat, the dead ones' included: a game keeps its four seats.
std::vector<float> values(const HeuristicValues& heuristic, const char* position) {
  DjambiState state(parse_position(position), RewardScheme::kWinner);
  std::vector<float> v(state.num_players());
  heuristic(state, v.data());
  return v;
}

TEST(QuiescentHeuristic, SeesAPieceLeftHangingThatTheStaticEvaluationDoesNot) {
  const auto plain = values(heuristic_values, kDiplomatHangs);
  const auto quiescent = values(quiescent_heuristic(2), kDiplomatHangs);
  EXPECT_LT(quiescent[0], plain[0] - 0.01f);  // Red loses its diplomat
  EXPECT_GT(quiescent[1], plain[1]);          // Blue's kill
}

TEST(QuiescentHeuristic, SeesAKillInSight) {
  const auto plain = values(heuristic_values, kKillInSight);
  const auto quiescent = values(quiescent_heuristic(1), kKillInSight);
  EXPECT_FLOAT_EQ(quiescent[1], -1.0f);  // Blue's chief is taken: Blue is out
  EXPECT_GT(plain[1], -1.0f);
  EXPECT_GT(quiescent[0], plain[0]);
}

TEST(QuiescentHeuristic, IsTheStaticEvaluationWithinATurnAndAtTheEnd) {
  DjambiState state(parse_position(kDiplomatHangs), RewardScheme::kWinner);
  state.apply_action(parse_turn(state, "c2xc4>a2").front());  // the militant has moved; its corpse waits
  ASSERT_FALSE(state.at_turn_start());
  std::vector<float> plain(state.num_players()), quiescent(state.num_players());
  heuristic_values(state, plain.data());
  quiescent_heuristic(2)(state, quiescent.data());
  EXPECT_EQ(quiescent, plain);
  // Red's assassin takes Blue's chief, the last opponent: the game is over.
  DjambiState won(parse_position("9/1Cb7/9/9/8Mb/1Ar7/9/9/Cr8 r rbrr - 0 10"), RewardScheme::kWinner);
  apply_turn(won, parse_turn(won, "b4xb8"));
  ASSERT_TRUE(won.is_terminal());
  std::vector<float> end(won.num_players()), returns(won.num_players());
  quiescent_heuristic(2)(won, end.data());
  won.returns(returns.data());
  EXPECT_EQ(end, returns);
}

// Three players left. Red: chief a1, reporter a2; Blue: assassin a5, chief i8; Yellow: chief c2.
// Red's reporter can take Yellow's chief from b2 (a2-b2xc2), but it opens the a-file: Blue's
// assassin then takes Red's chief (a5xa1) and wins. Any other move keeps the file closed.
const char* kPoisonedKill = "9/8Cb/9/9/Ab8/9/9/Rr1Cy6/Cr8 r rby- - 0 30";

// The move a tree search with implicit minimax (uniform priors, zero values: only the heuristic
// steers it) plays after `sims` playouts, with `quiescence` plies of kills at its leaves.
std::string minimax_choice(int quiescence, int sims) {
  SearchConfig config;
  config.minimax_weight = 0.5f;
  config.minimax_quiescence = quiescence;
  config.heuristic = heuristic_of("djambi", quiescence);
  DjambiState state(parse_position(kPoisonedKill), RewardScheme::kWinner);
  UniformEvaluator uniform;
  return state.action_to_string(test::chosen_after_search(config, state, uniform, sims));
}

TEST(QuiescentHeuristic, TheTreeSearchSeesThePoisonedKillThatThePlainOneTakes) {
  // With the static heuristic at its leaves the search needs about 1,000 playouts to find Blue's
  // reply among Blue's 40-odd moves; two plies of kills at the leaf see it at once.
  for (int sims : {60, 200}) {
    EXPECT_EQ(minimax_choice(0, sims), "a2-b2") << sims;
    EXPECT_NE(minimax_choice(2, sims), "a2-b2") << sims;
  }
}

TEST(QuiescentHeuristic, TheSpecKeyOfTheTreeSearch) {
  const PlayerFactory factory = basic_player_factory();
  std::shared_ptr<const Game> game = std::make_shared<DjambiGame>();
  EXPECT_NO_THROW(factory.create("mcts:sims=10,minimax=0.5,quiescence=3", game, 1));
  EXPECT_THROW(factory.create("mcts:minimax=0.5,quiescence=17", game, 1), std::invalid_argument);
  EXPECT_THROW(factory.create("mcts:minimax=0.5,quiescence=-1", game, 1), std::invalid_argument);
}

}  // namespace
}  // namespace djambi
