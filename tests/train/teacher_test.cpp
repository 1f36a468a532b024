// Search-teacher targets (train/teacher.h): the teacher's analysis read as a policy over first
// decisions and as values by seat, and mixed with the search's own targets.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "env/djambi/game.h"
#include "env/djambi/notation.h"
#include "env/turn_text.h"
#include "mcts/basic_players.h"
#include "train/teacher.h"

namespace djambi {
namespace {

// Red's assassin on b4 takes Blue's chief on b8, the last opponent.
const char* kWinInOne = "9/1Cb7/9/9/8Mb/1Ar7/9/9/Cr8 r rbrr - 0 10";

float mass(const PolicyTarget& policy, int32_t action) {
  for (const auto& [a, p] : policy)
    if (a == action) return p;
  return 0.0f;
}

float total(const PolicyTarget& policy) {
  float sum = 0;
  for (const auto& [a, p] : policy) sum += p;
  return sum;
}

SearchAnalysis analysis_of(const char* spec, const GameState& state) {
  auto player = basic_player_factory().create(spec, std::make_shared<DjambiGame>(), 1);
  std::optional<SearchAnalysis> a = player->analyze(state, kTeacherLines);
  EXPECT_TRUE(a.has_value()) << spec;
  return a.value_or(SearchAnalysis{});
}

TEST(Teacher, AlphaBetaPutsThePolicyOnTheChiefKill) {
  DjambiState state(parse_position(kWinInOne), RewardScheme::kWinner);
  const Action kill = parse_turn(state, "b4xb8").front();
  const SearchAnalysis a = analysis_of("ab:depth=2", state);
  ASSERT_GT(a.lines.size(), 2u);  // the other moves are scored too
  const PolicyTarget policy = teacher_policy(a, 0.05f);
  EXPECT_NEAR(total(policy), 1.0f, 1e-5f);
  EXPECT_GT(mass(policy, kill), 0.99f);
  const std::vector<Action> legal = static_cast<const GameState&>(state).legal_actions();
  for (const auto& [action, p] : policy) EXPECT_NE(std::find(legal.begin(), legal.end(), action), legal.end());
  // A hot softmax spreads the mass, and the kill keeps the most.
  const PolicyTarget hot = teacher_policy(a, 1.0f);
  EXPECT_LT(mass(hot, kill), 0.9f);
  for (const auto& [action, p] : hot) EXPECT_LE(p, mass(hot, kill));
}

TEST(Teacher, AlphaBetaValuesThePlayerToActOnly) {
  DjambiState state(parse_position(kWinInOne), RewardScheme::kWinner);
  const SearchAnalysis a = analysis_of("ab:depth=2", state);
  ASSERT_TRUE(a.root_score.has_value());
  const std::vector<float> values = teacher_values(a, 0, 4);
  ASSERT_EQ(values.size(), 4u);
  EXPECT_FLOAT_EQ(values[0], 2.0f * *a.root_score - 1.0f);
  EXPECT_GT(values[0], 0.98f);  // the kill wins
  for (int seat = 1; seat < 4; ++seat) EXPECT_TRUE(std::isnan(values[static_cast<size_t>(seat)])) << seat;
}

TEST(Teacher, TreeSearchTeachesItsVisitsAndEverySeatsValue) {
  DjambiState state(parse_position(kWinInOne), RewardScheme::kWinner);
  const Action kill = parse_turn(state, "b4xb8").front();
  const SearchAnalysis a = analysis_of("mcts:sims=400", state);
  const PolicyTarget policy = teacher_policy(a, 0.05f);
  EXPECT_NEAR(total(policy), 1.0f, 1e-5f);
  for (const auto& [action, p] : policy) EXPECT_LE(p, mass(policy, kill));
  const std::vector<float> values = teacher_values(a, 0, 4);
  EXPECT_EQ(values, a.root_values);
}

TEST(Teacher, NothingToTeachWithoutScoresOrVisits) {
  SearchAnalysis a;
  SearchLine line;
  line.move = {3, 4};  // a turn the teacher did not search: neither score nor visits
  a.lines.push_back(line);
  EXPECT_TRUE(teacher_policy(a, 0.05f).empty());
  for (float v : teacher_values(a, 1, 2)) EXPECT_TRUE(std::isnan(v));
  const PolicyTarget search = {{1, 0.25f}, {2, 0.75f}};
  EXPECT_EQ(mix_policies(search, {}, 0.5f), search);
}

TEST(Teacher, MixedPoliciesAreTheWeightedSumAndSumToOne) {
  const PolicyTarget search = {{1, 0.25f}, {2, 0.75f}};
  const PolicyTarget teacher = {{2, 0.5f}, {7, 0.5f}};
  const PolicyTarget mixed = mix_policies(search, teacher, 0.4f);
  EXPECT_NEAR(total(mixed), 1.0f, 1e-6f);
  EXPECT_FLOAT_EQ(mass(mixed, 1), 0.6f * 0.25f);
  EXPECT_FLOAT_EQ(mass(mixed, 2), 0.6f * 0.75f + 0.4f * 0.5f);
  EXPECT_FLOAT_EQ(mass(mixed, 7), 0.4f * 0.5f);
  EXPECT_EQ(mix_policies(search, teacher, 1.0f), teacher);
}

}  // namespace
}  // namespace djambi
