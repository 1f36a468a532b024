// Self-play with mixed seats: fixed opponents play their own turns, and only the network's
// decisions (and an imitated opponent's) become samples, each valued by its own seat's return.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "env/games.h"
#include "env/turn_text.h"
#include "mcts/basic_evaluators.h"
#include "mcts/basic_players.h"
#include "mcts/djambi/eval.h"
#include "train/selfplay.h"
#include "train/teacher.h"

namespace djambi {
namespace {

SelfPlaySettings mixed_settings(std::vector<std::string> opponents, double opponent_games) {
  SelfPlaySettings s;
  s.games = 6;
  s.full_sims = 4;
  s.fast_sims = 2;
  s.full_search_fraction = 1.0;  // every network decision is a sample
  s.temperature = 1.0f;
  s.temperature_decisions = 30;
  s.max_decisions = 100000;
  s.opponents = std::move(opponents);
  s.opponent_games = opponent_games;
  s.seed = 7;
  return s;
}

std::vector<FinishedGame> play_games(const std::shared_ptr<const Game>& game, const SelfPlaySettings& settings,
                                     size_t count) {
  UniformEvaluator uniform;
  SelfPlay selfplay(game, uniform, settings);
  std::vector<FinishedGame> games;
  while (games.size() < count)
    for (FinishedGame& g : selfplay.step()) games.push_back(std::move(g));
  return games;
}

struct Decision {
  int seat;
  Action action;
};

// Replays the record turn by turn; the decisions that should be samples, in order: those of
// the network's seats and of the seats played by an imitated spec that had a choice.
std::vector<Decision> sampled_decisions(const Game& game, const FinishedGame& g, const std::string& imitated) {
  auto state = game.new_initial_state();
  std::vector<Decision> sampled;
  for (const std::string& move : g.record.moves) {
    const int mover = state->current_player();
    const std::vector<Action> actions = parse_turn(*state, move);
    const bool learns =
        g.network_seats[static_cast<size_t>(mover)] || g.record.players[static_cast<size_t>(mover)] == imitated;
    for (Action a : actions) {
      // A forced decision (one legal action) is never a sample.
      if (learns && state->legal_actions().size() > 1) sampled.push_back({mover, a});
      state->apply_action(a);
    }
  }
  EXPECT_TRUE(state->is_terminal());
  return sampled;
}

// Replays a game's record to the decisions that gave its samples (as sampled_decisions picks
// them) and calls visit(state at the decision, turn index, seat to act, the sample) for each;
// checks that the samples are exactly those.
void for_each_sample(const Game& game, const FinishedGame& g, const std::string& imitated,
                     const std::function<void(const GameState&, size_t, int, const Sample&)>& visit) {
  auto state = game.new_initial_state();
  size_t k = 0;
  for (size_t turn = 0; turn < g.record.moves.size(); ++turn) {
    const int mover = state->current_player();
    const bool learns =
        g.network_seats[static_cast<size_t>(mover)] || g.record.players[static_cast<size_t>(mover)] == imitated;
    for (Action a : parse_turn(*state, g.record.moves[turn])) {
      if (learns && state->legal_actions().size() > 1) {
        ASSERT_LT(k, g.samples.size());
        visit(*state, turn, mover, g.samples[k++]);
      }
      state->apply_action(a);
    }
  }
  EXPECT_EQ(k, g.samples.size());
}

void expect_samples_from_network_seats_only(const Game& game, const std::vector<FinishedGame>& games,
                                            const std::string& imitated = "") {
  for (const FinishedGame& g : games) {
    ASSERT_TRUE(g.outcome.finished);
    ASSERT_EQ(g.network_seats.size(), g.record.players.size());
    int network = 0;
    for (size_t seat = 0; seat < g.network_seats.size(); ++seat) {
      network += g.network_seats[seat];
      EXPECT_EQ(g.record.players[seat] == "selfplay", g.network_seats[seat] == 1) << g.record.players[seat];
    }
    EXPECT_GE(network, 1);
    const std::vector<Decision> sampled = sampled_decisions(game, g, imitated);
    ASSERT_EQ(g.samples.size(), sampled.size());
    int imitations = 0;
    for (size_t k = 0; k < sampled.size(); ++k) {
      const Sample& sample = g.samples[k];
      EXPECT_EQ(sample.value[0], g.outcome.returns[static_cast<size_t>(sampled[k].seat)]) << "sample " << k;
      if (g.network_seats[static_cast<size_t>(sampled[k].seat)]) continue;
      ++imitations;  // the policy target is the decision the demonstrator made
      ASSERT_EQ(sample.policy.size(), 1u);
      EXPECT_EQ(sample.policy[0].first, sampled[k].action);
      EXPECT_EQ(sample.policy[0].second, 1.0f);
    }
    EXPECT_EQ(g.imitation_samples, imitations);
  }
}

TEST(SelfPlayMixedSeats, TicTacToeOpponentTakesOneSeatAndGivesNoSamples) {
  const auto game = make_game("tictactoe");
  const auto games = play_games(game, mixed_settings({"random"}, 1.0), 24);
  int random_first = 0;
  for (const FinishedGame& g : games) {
    EXPECT_EQ(std::count(g.network_seats.begin(), g.network_seats.end(), 0), 1);
    random_first += g.record.players[0] == "random";
  }
  EXPECT_GT(random_first, 0);  // the fixed seat is drawn at random
  EXPECT_LT(random_first, 24);
  expect_samples_from_network_seats_only(*game, games);
}

TEST(SelfPlayForcedDecisions, AreCountedAndGiveNoSample) {
  // A tic-tac-toe game that fills the board ends on a forced ninth move.
  const auto game = make_game("tictactoe");
  const auto games = play_games(game, mixed_settings({"random"}, 0.0), 24);
  int forced = 0, full_boards = 0;
  for (const FinishedGame& g : games) {
    forced += g.forced_decisions;
    full_boards += g.decisions == 9;  // one empty square is the only forced decision
  }
  EXPECT_EQ(forced, full_boards);
  EXPECT_GT(full_boards, 0);
  expect_samples_from_network_seats_only(*game, games);
}

TEST(SelfPlayMixedSeats, DjambiGreedyOpponentsPlayWholeTurns) {
  const auto game = make_game("djambi");
  const auto games = play_games(game, mixed_settings({"greedy", "random"}, 1.0), 6);
  for (const FinishedGame& g : games) {
    const auto fixed = std::count(g.network_seats.begin(), g.network_seats.end(), 0);
    EXPECT_GE(fixed, 1);
    EXPECT_LE(fixed, 3);
  }
  expect_samples_from_network_seats_only(*game, games);
}

TEST(SelfPlayMixedSeats, ImitatedGreedyDecisionsAreSamplesWithTheirMoveAsPolicy) {
  const auto game = make_game("djambi");
  SelfPlaySettings settings = mixed_settings({"greedy", "random"}, 1.0);
  settings.imitate = {"greedy"};
  const auto games = play_games(game, settings, 6);
  int imitations = 0;
  for (const FinishedGame& g : games) imitations += g.imitation_samples;
  EXPECT_GT(imitations, 0);
  expect_samples_from_network_seats_only(*game, games, "greedy");
}

TEST(SelfPlayHeuristicValue, BlendsTheEvaluationOfEachSamplePositionIntoItsValueTarget) {
  const auto game = make_game("djambi");
  SelfPlaySettings settings = mixed_settings({"greedy"}, 1.0);
  settings.imitate = {"greedy"};
  settings.heuristic_value = 0.25f;
  const auto games = play_games(game, settings, 3);
  int checked = 0;
  const int players = game->num_players();
  std::vector<float> heuristic(static_cast<size_t>(players));
  for (const FinishedGame& g : games)
    for_each_sample(*game, g, "greedy", [&](const GameState& state, size_t, int mover, const Sample& sample) {
      // target = 0.75 * return + 0.25 * heuristic
      heuristic_values(state, heuristic.data());
      for (int j = 0; j < players; ++j) {
        const auto seat = static_cast<size_t>((mover + j) % players);
        EXPECT_NEAR(sample.value[static_cast<size_t>(j)], 0.75f * g.outcome.returns[seat] + 0.25f * heuristic[seat],
                    1e-5f);
      }
      ++checked;
    });
  EXPECT_GT(checked, 0);
}

// Replays each record, counting the seats' material at every turn start: a sample's auxiliary
// targets are the material aux_turns turns after its position's turn began (or at the end),
// then at the end, from the seat to act's point of view.
TEST(SelfPlayAuxiliaryTargets, AreTheMaterialOfTheRecordedGameLaterAndAtTheEnd) {
  const auto game = make_game("djambi");
  SelfPlaySettings settings = mixed_settings({"greedy"}, 1.0);
  settings.imitate = {"greedy"};
  settings.aux_turns = 3;
  const auto games = play_games(game, settings, 3);
  const int players = game->num_players();
  int checked = 0, changed = 0;
  for (const FinishedGame& g : games) {
    std::vector<std::vector<float>> material;  // at each turn start, the end included
    auto count = [&](const GameState& state) {
      material.emplace_back(static_cast<size_t>(players));
      state.material(material.back().data());
    };
    count(*game->new_initial_state());
    replay_record(g.record, [&](const GameState& after, size_t, int) { count(after); });
    const std::vector<float>& end = material.back();
    changed += end != material.front();
    for_each_sample(*game, g, "greedy", [&](const GameState&, size_t turn, int mover, const Sample& sample) {
      const std::vector<float>& later = material[std::min(turn + 3, material.size() - 1)];
      ASSERT_EQ(sample.aux.size(), 2u * players);
      for (int j = 0; j < players; ++j) {
        const auto seat = static_cast<size_t>((mover + j) % players);
        EXPECT_EQ(sample.aux[static_cast<size_t>(j)], later[seat]) << "turn " << turn << " seat " << seat;
        EXPECT_EQ(sample.aux[static_cast<size_t>(players + j)], end[seat]);
      }
      ++checked;
    });
  }
  EXPECT_GT(checked, 0);
  EXPECT_GT(changed, 0);  // pieces were killed: the targets are not the start's material
}

TEST(SelfPlayHeuristicValue, IsRefusedForAGameWithoutTheEvaluation) {
  SelfPlaySettings settings = mixed_settings({}, 0.0);
  settings.heuristic_value = 0.5f;
  UniformEvaluator uniform;
  EXPECT_THROW(SelfPlay(make_game("tictactoe"), uniform, settings), std::invalid_argument);
}

// Search-teacher targets: ab analyses the network's sample positions at turn starts.
// Whether two teachers' policies agree up to ties at the cut of their 32 best moves: another
// player may keep other moves among those tied with the 32nd, each with the least mass.
::testing::AssertionResult same_up_to_ties_at_the_cut(const PolicyTarget& a, const PolicyTarget& b) {
  std::map<int32_t, float> in_a(a.begin(), a.end()), in_b(b.begin(), b.end());
  const auto least = [](const std::map<int32_t, float>& m) {
    float low = 1.0f;
    for (const auto& [action, p] : m) low = std::min(low, p);
    return low;
  };
  for (const auto& [action, p] : in_a) {
    const auto other = in_b.find(action);
    if (other == in_b.end() ? p > least(in_a) + 1e-4f : std::abs(p - other->second) > 0.01f)
      return ::testing::AssertionFailure() << "action " << action << ": " << ::testing::PrintToString(a) << " against "
                                           << ::testing::PrintToString(b);
  }
  for (const auto& [action, p] : in_b)
    if (!in_a.count(action) && p > least(in_b) + 1e-4f)
      return ::testing::AssertionFailure() << "action " << action << " missing from " << ::testing::PrintToString(a);
  return ::testing::AssertionSuccess();
}

SelfPlaySettings teacher_settings(double share) {
  SelfPlaySettings settings = mixed_settings({"greedy"}, 1.0);  // greedy seats end the games
  settings.games = 3;
  settings.teacher = "ab:depth=1";
  settings.teacher_share = share;
  settings.teacher_policy = 1.0f;
  settings.teacher_value = 1.0f;
  settings.teacher_temperature = 0.05f;
  return settings;
}

TEST(SelfPlayTeacher, AShareOfZeroMakesTheSamplesOfARunWithoutTeacher) {
  const auto game = make_game("djambi");
  SelfPlaySettings without = teacher_settings(0.0);
  without.teacher.clear();
  const auto plain = play_games(game, without, 3);
  const auto zero = play_games(game, teacher_settings(0.0), 3);
  ASSERT_EQ(plain.size(), zero.size());
  for (size_t k = 0; k < plain.size(); ++k) {
    EXPECT_EQ(format_record(zero[k].record), format_record(plain[k].record));
    EXPECT_EQ(zero[k].taught_samples, 0);
    ASSERT_EQ(zero[k].samples.size(), plain[k].samples.size());
    for (size_t i = 0; i < plain[k].samples.size(); ++i) {
      EXPECT_EQ(zero[k].samples[i].policy, plain[k].samples[i].policy);
      EXPECT_EQ(zero[k].samples[i].value, plain[k].samples[i].value);
    }
  }
}

TEST(SelfPlayTeacher, TurnStartSamplesTakeTheTeachersPolicyAndValue) {
  const auto game = make_game("djambi");
  const auto games = play_games(game, teacher_settings(1.0), 2);
  auto teacher = basic_player_factory().create("ab:depth=1", game, 3);
  int taught = 0;
  for (const FinishedGame& g : games) {
    // Replay to each sample: at a turn start (ab searches only there) its targets are the
    // teacher's alone (both weights 1): the policy, and the value of the seat to act.
    int turn_starts = 0;
    for_each_sample(*game, g, "", [&](const GameState& state, size_t, int mover, const Sample& sample) {
      if (!state.at_turn_start()) return;
      ++turn_starts;
      const std::optional<SearchAnalysis> analysis = teacher->analyze(state, kTeacherLines);
      ASSERT_TRUE(analysis && analysis->root_score);
      EXPECT_TRUE(same_up_to_ties_at_the_cut(sample.policy, teacher_policy(*analysis, 0.05f)));
      EXPECT_NEAR(sample.value[0], 2.0f * *analysis->root_score - 1.0f, 1e-6f);
      for (size_t j = 1; j < sample.value.size(); ++j)
        EXPECT_EQ(sample.value[j], g.outcome.returns[(static_cast<size_t>(mover) + j) % sample.value.size()]);
    });
    EXPECT_EQ(g.taught_samples, turn_starts);
    taught += turn_starts;
  }
  EXPECT_GT(taught, 10);
}

TEST(SelfPlayTeacher, APlayerThatDoesNotSearchIsRefused) {
  SelfPlaySettings settings = teacher_settings(1.0);
  UniformEvaluator uniform;
  settings.teacher = "greedy";
  EXPECT_THROW(SelfPlay(make_game("djambi"), uniform, settings), std::invalid_argument);
  settings.teacher = "ab:depth=1";  // ab plays Djambi only
  EXPECT_THROW(SelfPlay(make_game("tictactoe"), uniform, settings), std::invalid_argument);
}

TEST(SelfPlayMixedSeats, NoOpponentGamesMeansPureSelfPlay) {
  const auto game = make_game("tictactoe");
  const auto games = play_games(game, mixed_settings({"random"}, 0.0), 12);
  for (const FinishedGame& g : games)
    EXPECT_EQ(std::count(g.network_seats.begin(), g.network_seats.end(), 1), 2);
  expect_samples_from_network_seats_only(*game, games);
}

TEST(SelfPlayMixedSeats, LoweredOpponentShareAppliesToNewGames) {
  // The fading teacher's end: once the share is 0, the games started after that are pure self-play.
  const auto game = make_game("tictactoe");
  UniformEvaluator uniform;
  SelfPlay selfplay(game, uniform, mixed_settings({"random"}, 1.0));
  std::vector<FinishedGame> before, after;
  while (before.size() < 6)
    for (FinishedGame& g : selfplay.step()) before.push_back(std::move(g));
  selfplay.set_opponent_games(0.0);
  // Games in flight keep their seats; 12 more games are all started after the change.
  for (FinishedGame& g : selfplay.step()) before.push_back(std::move(g));
  while (after.size() < 18)
    for (FinishedGame& g : selfplay.step()) after.push_back(std::move(g));
  for (const FinishedGame& g : before) EXPECT_EQ(std::count(g.network_seats.begin(), g.network_seats.end(), 1), 1);
  int pure = 0;
  for (const FinishedGame& g : after) pure += std::count(g.network_seats.begin(), g.network_seats.end(), 1) == 2;
  EXPECT_GE(pure, 12);
}

// A league of one network: a uniform evaluator that counts the positions it is given.
class OneNetworkLeague : public NetworkSeats {
 public:
  class Counting : public UniformEvaluator {
   public:
    void evaluate(const EvalBatch& batch) override {
      positions += batch.size;
      UniformEvaluator::evaluate(batch);
    }
    long long positions = 0;
  };
  bool plays(const std::string& spec) const override { return spec == "past"; }
  SeatNetwork pick(const std::string&, std::mt19937_64&) override { return {network, "past:step-7"}; }
  std::shared_ptr<Counting> network = std::make_shared<Counting>();
};

TEST(SelfPlayLeague, LeagueSeatsSearchWithTheirOwnNetworkAndGiveNoSamples) {
  const auto game = make_game("tictactoe");
  OneNetworkLeague league;
  UniformEvaluator learner;
  SelfPlay selfplay(game, learner, mixed_settings({"past"}, 1.0), &league);
  std::vector<FinishedGame> games;
  while (games.size() < 12)
    for (FinishedGame& g : selfplay.step()) games.push_back(std::move(g));
  for (const FinishedGame& g : games) {
    EXPECT_EQ(std::count(g.network_seats.begin(), g.network_seats.end(), 1), 1);
    EXPECT_EQ(std::count(g.record.players.begin(), g.record.players.end(), "past:step-7"), 1);
  }
  EXPECT_GT(league.network->positions, 0);
  expect_samples_from_network_seats_only(*game, games);
}

}  // namespace
}  // namespace djambi
