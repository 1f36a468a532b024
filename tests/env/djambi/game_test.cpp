// Djambi behind the generic game interface: action frames, legal masks, observations, hashes
// and returns.
#include "env/djambi/game.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "env/djambi/notation.h"
#include "env/djambi/observation.h"
#include "env/djambi/view.h"
#include "env/games.h"
#include "env/random.h"
#include "env/turn_text.h"

namespace djambi {
namespace {

float at(const std::vector<float>& obs, int plane, const char* square) {
  return obs[plane * kNumSquares + parse_square(square)];
}

std::vector<float> observe(const DjambiState& s) {
  std::vector<float> obs(static_cast<size_t>(kDjambiObservationShape.size()), -1.0f);
  s.observation(obs.data());
  return obs;
}

TEST(DjambiView, RotationsAreInvertibleOnEveryAction) {
  for (int k = 0; k < 4; ++k) {
    std::set<Action> image;
    for (Action a = 0; a < action::kNumActions; ++a) {
      const Action r = rotate_action(a, k);
      ASSERT_EQ(rotate_action(r, 4 - k), a) << "action " << a << " rotation " << k;
      image.insert(r);
    }
    EXPECT_EQ(image.size(), static_cast<size_t>(action::kNumActions)) << "not a bijection";
  }
}

TEST(DjambiView, HomeCornersComeToA1InTurnOrder) {
  EXPECT_EQ(rotate_square(parse_square("a1"), view_rotation(0)), parse_square("a1"));
  EXPECT_EQ(rotate_square(parse_square("i1"), view_rotation(1)), parse_square("a1"));
  EXPECT_EQ(rotate_square(parse_square("i9"), view_rotation(2)), parse_square("a1"));
  EXPECT_EQ(rotate_square(parse_square("a9"), view_rotation(3)), parse_square("a1"));
  // From Blue's view, the next player (Yellow) has its corner where Blue sees i1.
  EXPECT_EQ(rotate_square(parse_square("i9"), view_rotation(1)), parse_square("i1"));
}

TEST(DjambiView, DirectionsTurnWithTheBoard) {
  // Blue's chief i1 stepping north-west to h2 is, in Blue's view, a1 stepping north-east to b2.
  const Action engine = action::move_part(parse_square("i1"), 7, 1);
  const Action view = rotate_action(engine, view_rotation(1));
  EXPECT_EQ(action::from_of(view), parse_square("a1"));
  EXPECT_EQ(action::direction_of(view), 1);
  EXPECT_EQ(action::to_of(view), parse_square("b2"));
}

TEST(DjambiGameState, LegalActionsAreTheEngineDecisionsInTheDeciderFrame) {
  DjambiGame game;
  Rng rng(5);
  ActionBuffer engine_actions;
  for (int g = 0; g < 20; ++g) {
    auto state = game.new_initial_state();
    auto& djambi_state = static_cast<DjambiState&>(*state);
    while (!state->is_terminal()) {
      const auto view = state->legal_actions();
      const int n = djambi_state.turn().legal_actions(engine_actions.data());
      ASSERT_EQ(view.size(), static_cast<size_t>(n));
      ASSERT_TRUE(std::is_sorted(view.begin(), view.end()));
      std::set<Action> mapped;
      for (Action a : view) mapped.insert(djambi_state.to_engine_action(a));
      EXPECT_EQ(mapped, std::set<Action>(engine_actions.begin(), engine_actions.begin() + n));
      std::vector<uint8_t> mask(static_cast<size_t>(state->num_actions()));
      state->legal_mask(mask.data());
      EXPECT_EQ(std::count(mask.begin(), mask.end(), 1), n);
      for (Action a : view) EXPECT_EQ(djambi_state.to_view_action(djambi_state.to_engine_action(a)), a);
      EXPECT_EQ(state->current_player(), djambi_state.seat_of(djambi_state.turn().mover()));
      state->apply_action(view[rng.below(static_cast<uint32_t>(view.size()))]);
    }
    EXPECT_EQ(state->current_player(), kTerminalPlayer);
    EXPECT_TRUE(state->legal_actions().empty());
  }
}

TEST(DjambiObservation, StartPositionFromRedAndFromYellow) {
  DjambiState red(Position::start(), RewardScheme::kWinner);
  auto obs = observe(red);
  EXPECT_EQ(std::count(obs.begin(), obs.end(), -1.0f), 0) << "every element is written";
  EXPECT_EQ(at(obs, planes::kPieces + 0, "a1"), 1.0f);          // own chief
  EXPECT_EQ(at(obs, planes::kPieces + 1 * 6 + 0, "i1"), 1.0f);  // next party's chief (Blue)
  EXPECT_EQ(at(obs, planes::kControlledBy + 0, "c3"), 1.0f);    // own necromobile
  EXPECT_EQ(at(obs, planes::kAlive + 3, "e5"), 1.0f);
  EXPECT_EQ(at(obs, planes::kPhase + 0, "a1"), 1.0f);
  EXPECT_EQ(at(obs, planes::kHolder + 0, "a1"), 0.0f);
  EXPECT_EQ(at(obs, planes::kOnes, "i9"), 1.0f);

  // Yellow to move: its chief (i9) appears on a1, Red (two seats on) on i9.
  DjambiState yellow(parse_position("CgAgMg3MyAyCy/RgDgMg3MyDyRy/MgMgNg3NyMyMy/9/9/9/"
                                    "MrMrNr3NbMbMb/RrDrMr3MbDbRb/CrArMr3MbAbCb y rbyg - 0 2"),
                     RewardScheme::kWinner);
  obs = observe(yellow);
  EXPECT_EQ(at(obs, planes::kPieces + 0, "a1"), 1.0f);            // Yellow's chief
  EXPECT_EQ(at(obs, planes::kPieces + 2 * 6 + 0, "i9"), 1.0f);    // Red's chief, party slot 2
  EXPECT_EQ(at(obs, planes::kPieces + 1 * 6 + 0, "i1"), 1.0f);    // Green (next) at i1
  EXPECT_EQ(at(obs, planes::kPieces + 0 * 6 + 4, "c3"), 1.0f);    // Yellow's necromobile g7 -> c3
  EXPECT_EQ(at(obs, planes::kControlledBy + 2, "i9"), 1.0f);
}

TEST(DjambiObservation, PowerZombiesCorpsesAndTheTurnInProgress) {
  // Red in power on e5 plays an extra turn after Green's regular turn; Blue's party is
  // zombies; a corpse stands on a5.
  const Position pos = parse_position("6Cy2/9/9/9/X3Cr4/9/9/9/Cg7Mb r r-yg g 60 90");
  DjambiState s(pos, RewardScheme::kWinner);
  auto obs = observe(s);
  EXPECT_EQ(at(obs, planes::kHolder + 0, "a1"), 1.0f);
  EXPECT_EQ(at(obs, planes::kZombies, "i1"), 1.0f);
  EXPECT_EQ(at(obs, planes::kCorpses, "a5"), 1.0f);
  EXPECT_EQ(at(obs, planes::kExtraTurn, "a1"), 1.0f);
  EXPECT_FLOAT_EQ(at(obs, planes::kQuiet, "a1"), 0.5f);
  EXPECT_EQ(at(obs, planes::kAlive + 1, "a1"), 0.0f);  // Blue is out

  // Red's chief kills the Blue zombie militant on i1: now a corpse is to be placed.
  s.apply_action(s.to_view_action(action::move_part(kCentre, 3, 4)));
  EXPECT_EQ(s.turn().phase(), Phase::kPlace);
  obs = observe(s);
  EXPECT_EQ(at(obs, planes::kPhase + 1, "a1"), 1.0f);
  EXPECT_EQ(at(obs, planes::kMovingPiece, "i1"), 1.0f);
  EXPECT_EQ(at(obs, planes::kLiftedKind + 6, "a1"), 1.0f);  // a corpse
  EXPECT_NE(s.to_string().find("mid-turn: place"), std::string::npos);
}

TEST(DjambiGameState, MaterialIsTheLivingPiecesEachSeatControls) {
  std::vector<float> material(4);
  DjambiState(Position::start(), RewardScheme::kWinner).material(material.data());
  EXPECT_EQ(material, std::vector<float>(4, 0.25f));  // nine of the 36 pieces each
  std::vector<float> two(2);
  DjambiState(Position::start(Variants().set(Variant::kTwoPlayers)), RewardScheme::kWinner).material(two.data());
  EXPECT_EQ(two, std::vector<float>(2, 0.5f));
  // Red in power on e5 commands Blue's zombie militant; the corpse is nobody's.
  DjambiState zombies(parse_position("6Cy2/9/9/9/X3Cr4/9/9/9/Cg7Mb r r-yg g 60 90"), RewardScheme::kWinner);
  zombies.material(material.data());
  EXPECT_EQ(material, (std::vector<float>{2 / 36.0f, 0, 1 / 36.0f, 1 / 36.0f}));
  std::vector<float> none(2, 1.0f);
  make_game("tictactoe")->new_initial_state()->material(none.data());
  EXPECT_EQ(none, std::vector<float>(2, 0.0f));
}

TEST(DjambiGameState, HashTellsDecisionPointsApart) {
  DjambiGame game;
  Rng rng(9);
  std::set<uint64_t> hashes;
  std::set<std::string> seen;
  auto state = game.new_initial_state();
  for (int i = 0; i < 300 && !state->is_terminal(); ++i) {
    if (seen.insert(state->to_string()).second) hashes.insert(state->hash());
    EXPECT_EQ(state->clone()->hash(), state->hash());
    const auto legal = state->legal_actions();
    state->apply_action(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
  }
  EXPECT_EQ(hashes.size(), seen.size());
  // The draw counter is part of the game, the turn number is not.
  const std::string board = "6Cy2/9/9/9/X3Cr4/9/9/9/Cg7Mb r r-yg g ";
  EXPECT_NE(DjambiState(parse_position(board + "60 90"), RewardScheme::kWinner).hash(),
            DjambiState(parse_position(board + "61 90"), RewardScheme::kWinner).hash());
  EXPECT_EQ(DjambiState(parse_position(board + "60 90"), RewardScheme::kWinner).hash(),
            DjambiState(parse_position(board + "60 91"), RewardScheme::kWinner).hash());
}

TEST(Rewards, SchemesFromRanks) {
  float out[4];
  const int sole_winner[4] = {2, 1, 4, 3};
  returns_from_ranks(RewardScheme::kWinner, sole_winner, 4, out);
  EXPECT_EQ(std::vector<float>(out, out + 4), (std::vector<float>{-1, 1, -1, -1}));
  returns_from_ranks(RewardScheme::kRank, sole_winner, 4, out);
  EXPECT_FLOAT_EQ(out[0], 1.0f / 3);
  EXPECT_FLOAT_EQ(out[2], -1.0f);
  returns_from_ranks(RewardScheme::kSurvival, sole_winner, 4, out);
  EXPECT_FLOAT_EQ(out[1], 1.0f);

  const int draw_of_two[4] = {1, 1, 3, 4};
  returns_from_ranks(RewardScheme::kWinner, draw_of_two, 4, out);
  EXPECT_EQ(std::vector<float>(out, out + 4), (std::vector<float>{0, 0, -1, -1}));
  returns_from_ranks(RewardScheme::kRank, draw_of_two, 4, out);  // places 1 and 2 shared
  const float shared_first[4] = {2.0f / 3, 2.0f / 3, -1.0f / 3, -1};
  for (int seat = 0; seat < 4; ++seat) EXPECT_NEAR(out[seat], shared_first[seat], 1e-6) << seat;
  returns_from_ranks(RewardScheme::kWinner, draw_of_two, 4, out, -0.5f);  // a draw penalised
  EXPECT_EQ(std::vector<float>(out, out + 4), (std::vector<float>{-0.5f, -0.5f, -1, -1}));
  returns_from_ranks(RewardScheme::kWinner, sole_winner, 4, out, -0.5f);  // no draw: no change
  EXPECT_EQ(std::vector<float>(out, out + 4), (std::vector<float>{-1, 1, -1, -1}));
  const int draw_of_all[4] = {1, 1, 1, 1};
  returns_from_ranks(RewardScheme::kRank, draw_of_all, 4, out);
  EXPECT_EQ(std::vector<float>(out, out + 4), (std::vector<float>{0, 0, 0, 0}));
  returns_from_ranks(RewardScheme::kSurvival, draw_of_two, 4, out);
  EXPECT_FLOAT_EQ(out[0], 1.0f / 3);  // (4/2 - 1) / 3: the pot split between two survivors
  EXPECT_FLOAT_EQ(out[0] + out[1] + out[2] + out[3], 2.0f / 3 - 2.0f);
  EXPECT_THROW(reward_scheme_from_name("glory"), std::invalid_argument);
  EXPECT_EQ(reward_scheme_from_name("rank"), RewardScheme::kRank);
}

TEST(DjambiGameState, ADrawScoresTheDrawValueUnderTheWinnerReward) {
  // The 120th quiet turn ends the game in a draw between Red and Yellow.
  DjambiGame game({}, RewardScheme::kWinner, -0.5f);
  auto s = state_from_text(game, "4Cy4/9/9/9/4Cr4/9/9/9/9 r r-y- - 119 7");
  apply_turn(*s, parse_turn(*s, "e5-d5"));
  ASSERT_TRUE(s->is_terminal());
  float out[4];
  s->returns(out);
  EXPECT_EQ(std::vector<float>(out, out + 4), (std::vector<float>{-0.5f, -1, -0.5f, -1}));
}

TEST(DjambiGameState, ReturnsFollowTheRanking) {
  // Red's chief takes Yellow's, the last other chief: Red wins, Yellow second, the others last.
  DjambiState s(parse_position("4Cy4/9/9/9/4Cr4/9/9/9/9 r r-y- - 0 7"), RewardScheme::kRank);
  s.apply_action(s.to_view_action(action::move_part(kCentre, 0, 4)));
  s.apply_action(s.to_view_action(action::place(parse_square("a1"))));
  ASSERT_TRUE(s.is_terminal());
  float out[4];
  s.returns(out);
  // Ranks r:1 b:3 y:2 g:3 (Blue and Green were out before): 1 - 2 (place - 1) / 3, Blue and
  // Green sharing places 3 and 4.
  const float expected[4] = {1.0f, -2.0f / 3, 1.0f / 3, -2.0f / 3};
  for (int seat = 0; seat < 4; ++seat) EXPECT_NEAR(out[seat], expected[seat], 1e-6) << seat;
}

}  // namespace
}  // namespace djambi
