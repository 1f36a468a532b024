// The learned evaluation trained on the framework's loop (selfplay.player: ab): whole tiny
// runs with their generations, checkpoints, resumption and the exported bundle, and the
// self-play that makes their samples.
#include <gtest/gtest.h>

#include <filesystem>
#include <numeric>
#include <regex>
#include <set>
#include <sstream>

#include "env/djambi/game.h"
#include "env/djambi/notation.h"
#include "env/game_record.h"
#include "env/io/atomic_file.h"
#include "mcts/djambi/learned_eval.h"
#include "tests/train/run_test_util.h"
#include "train/config.h"
#include "train/learned_eval_samples.h"
#include "train/learned_eval_selfplay.h"
#include "train/run/metrics_log.h"
#include "train/run/run_dir.h"
#include "train/trainer.h"

namespace djambi {
namespace {

namespace fs = std::filesystem;

TrainConfig tiny_ab_run(int max_steps) {
  TrainConfig config = load_train_config(std::string(DJAMBI_SOURCE_DIR) + "/configs/djambi-ab.yaml");
  apply_overrides(config, {"ab.nodes=200", "ab.random_turns=4", "ab.generation_steps=4", "ab.hidden=16",
                           "ab.head=8", "selfplay.games=2", "selfplay.max_decisions=150", "replay.min_samples=64",
                           "replay.flush_every_games=2", "learner.batch_size=32", "learner.train_ratio=1",
                           "learner.max_minutes=0", "learner.max_steps=" + std::to_string(max_steps),
                           "run.checkpoint_every_steps=4", "evaluation.every_steps=0", "evaluation.games=2",
                           "evaluation.opponents=[greedy]"});
  return config;
}

// Self-play rounds of a few short games, searched at 200 nodes a decision.
LearnedEvalSelfPlaySettings short_selfplay(int games, uint64_t seed) {
  LearnedEvalSelfPlaySettings s;
  s.games = games;
  s.search = "nodes=200";
  s.random_turns = 4;
  s.max_decisions = 300;
  s.seed = seed;
  return s;
}

TEST(LearnedEvalSelfPlay, SamplesEverySearchedTurnWithItsValueAndTheResult) {
  const auto game = std::make_shared<DjambiGame>();
  LearnedEvalSelfPlay selfplay(game, short_selfplay(2, 5));
  const std::vector<FinishedGame> games = selfplay.play_round();
  ASSERT_EQ(games.size(), 2u);
  const LearnedEvalFeatures features = learned_eval_features_of("djambi");
  const SampleShape shape = learned_eval_sample_shape(4, features.max_active);
  for (const FinishedGame& g : games) {
    replay_record(g.record);  // every move legal, the result the rules give
    EXPECT_FALSE(g.samples.empty());
    for (const Sample& sample : g.samples) {
      ASSERT_EQ(static_cast<int>(sample.observation.size()), shape.observation_size);
      ASSERT_EQ(static_cast<int>(sample.value.size()), shape.num_players);
      const float result = sample.value[0] + sample.value[1] + sample.value[2] + sample.value[3];
      EXPECT_NEAR(result, 1.0f, 1e-6);
      EXPECT_GE(sample.value[4], 0.0f);
      EXPECT_LE(sample.value[4], 1.0f);
    }
    const std::vector<float> shares = result_shares(g.outcome);
    if (g.outcome.winner >= 0) {
      EXPECT_EQ(shares[static_cast<size_t>(g.outcome.winner)], 1.0f);
    }
  }
  EXPECT_NE(format_record(games[0].record), format_record(games[1].record)) << "random openings make games differ";
}

TEST(LearnedEvalSelfPlay, InteriorSamplesAddEachSearchedPositionOnce) {
  // The same games (same seed): the root samples, and more from inside the searches.
  const auto game = std::make_shared<DjambiGame>();
  LearnedEvalSelfPlaySettings s = short_selfplay(1, 13);
  s.search = "nodes=2000";
  const std::vector<FinishedGame> roots = LearnedEvalSelfPlay(game, s).play_round();
  s.interior_samples = true;
  const std::vector<FinishedGame> interior = LearnedEvalSelfPlay(game, s).play_round();
  // The same moves (the comments hold the searches' times, the players line their specs).
  const auto moves = [](const GameRecord& r) {
    return std::regex_replace(format_record(r), std::regex(" ;[^\n]*|players [^\n]*"), "");
  };
  ASSERT_EQ(moves(roots[0].record), moves(interior[0].record));
  // About one exact interior position for every two searches at 2,000 nodes (PV nodes where the
  // searching player moves again), less those that are later searched as roots.
  EXPECT_GT(interior[0].samples.size(), roots[0].samples.size() * 5 / 4);
  std::set<std::vector<uint8_t>> inputs;
  const std::vector<float> shares = result_shares(interior[0].outcome);
  const std::set<float> results(shares.begin(), shares.end());
  for (const Sample& sample : interior[0].samples) {
    EXPECT_TRUE(inputs.insert(sample.observation).second) << "a position sampled twice in one game";
    EXPECT_TRUE(results.count(sample.value[0])) << "the result of the seat to act comes first";
    EXPECT_GE(sample.value[4], 0.0f);
    EXPECT_LE(sample.value[4], 1.0f);
  }
}

TEST(LearnedEvalSelfPlay, InteriorDepthKeepsOnlyTheDeeperSearchedPositions) {
  // The same games (same seed): every exact interior position, then only those searched two
  // whole turns deep or more, which are fewer and still more than the roots alone.
  const auto game = std::make_shared<DjambiGame>();
  LearnedEvalSelfPlaySettings s = short_selfplay(1, 13);
  s.search = "nodes=20000";
  s.max_decisions = 120;
  const size_t roots = LearnedEvalSelfPlay(game, s).play_round()[0].samples.size();
  s.interior_samples = true;
  const size_t all = LearnedEvalSelfPlay(game, s).play_round()[0].samples.size();
  s.interior_depth = 2;
  const size_t deep = LearnedEvalSelfPlay(game, s).play_round()[0].samples.size();
  EXPECT_LT(deep, all);
  EXPECT_GT(deep, roots);
}

TEST(LearnedEvalSelfPlay, QuietSamplesLeaveOutThePositionsWhoseTurnKills) {
  // The game's test of a kill: every capture kills here (b2xb4 Blue's chief, a1xb2 Red's own
  // militant: Djambi allows it), and no other move does (there is no reporter).
  const LearnedEvalFeatures features = learned_eval_features_of("djambi");
  ASSERT_TRUE(features.kills);
  const DjambiState before(parse_position("9/4Cy4/9/9/9/1Cb7/9/1Mr7/Cr8 r rby- - 0 30", {}), RewardScheme::kWinner);
  int kills = 0, quiet = 0;
  for (const TextTurn& turn : before.legal_turns()) {
    auto after = before.clone();
    for (Action a : turn.actions) after->apply_action(a);
    const bool killed = features.kills(before, *after);
    EXPECT_EQ(killed, turn.text.find('x') != std::string::npos) << turn.text;
    ++(killed ? kills : quiet);
  }
  EXPECT_GT(kills, 0);
  EXPECT_GT(quiet, 0);

  // The same games (same seed), fewer samples: the kills' positions are left out.
  const auto game = std::make_shared<DjambiGame>();
  LearnedEvalSelfPlaySettings s = short_selfplay(1, 9);
  const std::vector<FinishedGame> all = LearnedEvalSelfPlay(game, s).play_round();
  s.quiet_samples = true;
  const std::vector<FinishedGame> only_quiet = LearnedEvalSelfPlay(game, s).play_round();
  // The same moves (the comments hold the searches' times, which differ).
  const auto moves = [](const GameRecord& r) { return std::regex_replace(format_record(r), std::regex(" ;[^\n]*"), ""); };
  ASSERT_EQ(moves(all[0].record), moves(only_quiet[0].record));
  EXPECT_GT(only_quiet[0].samples.size(), 0u);
  EXPECT_LT(only_quiet[0].samples.size(), all[0].samples.size());
}

TEST(LearnedEvalTraining, RunsGenerationsSavesAndResumes) {
  train_test::TempDir tmp("ab_run");
  const std::string run = tmp.file("run");
  const TrainOutcome first = train_new(run, tiny_ab_run(4));
  EXPECT_EQ(first.steps, 4);
  const RunDir dir(run);
  EXPECT_TRUE(fs::exists(dir.players() + "/generation-4.dje"));
  EXPECT_EQ(first.player_bundle, dir.players() + "/final.dje");
  EXPECT_NO_THROW(load_learned_eval(first.player_bundle, Variants()));

  // Four steps more from the checkpoint of step 4.
  TrainConfig more = load_train_config(dir.config_path());
  apply_overrides(more, {"learner.max_steps=8"});
  write_file_atomically(dir.config_path(), to_yaml(more));
  std::ostringstream notices;
  TrainHooks hooks;
  hooks.notices = [&](const std::string& line) { notices << line << "\n"; };
  const TrainOutcome second = train_resume(run, hooks);
  EXPECT_EQ(second.steps, 8);
  EXPECT_NE(notices.str().find("continuing from " + dir.checkpoint_path(4) + " (step 4)"), std::string::npos)
      << notices.str();
  EXPECT_TRUE(fs::exists(dir.players() + "/generation-8.dje"));
  EXPECT_FALSE(second.evaluation.empty());
  std::vector<long long> steps, all(8);
  for (const auto& line : read_metrics(dir.metrics_path()).lines) steps.push_back(line.step.value_or(-1));
  std::iota(all.begin(), all.end(), 1);
  EXPECT_EQ(steps, all);
  for (const auto& entry : fs::directory_iterator(dir.games()))
    for (const GameRecord& record : parse_records(train_test::read_file(entry.path().string()))) replay_record(record);
}

// The teacher's steps: generations are written, but self-play keeps the hand-written evaluation
// (the metrics' actor_weights_step stays 0) until ab.teacher_steps, then plays the newest.
TEST(LearnedEvalTraining, SelfPlayKeepsTheHandWrittenTeacherForItsSteps) {
  train_test::TempDir tmp("ab_teacher");
  TrainConfig config = tiny_ab_run(12);
  apply_overrides(config, {"ab.teacher_steps=8"});
  train_new(tmp.file("run"), config);
  const RunDir dir(tmp.file("run"));
  EXPECT_TRUE(fs::exists(dir.players() + "/generation-4.dje"));
  std::vector<long long> weights;
  for (const auto& line : read_metrics(dir.metrics_path()).lines) {
    const size_t at = line.text.find("\"actor_weights_step\":");
    ASSERT_NE(at, std::string::npos) << line.text;
    weights.push_back(std::stoll(line.text.substr(at + 21)));
  }
  ASSERT_EQ(weights.size(), 12u);
  for (size_t i = 0; i < 7; ++i) EXPECT_EQ(weights[i], 0) << "step " << i + 1;
  EXPECT_EQ(weights[9], 8) << "from the teacher's last step on, self-play plays the newest generation";
}

TEST(LearnedEvalTraining, RefusesAGameWithoutOne) {
  TrainConfig config = tiny_ab_run(2);
  EXPECT_THROW(apply_overrides(config, {"game.name=tictactoe"}), std::invalid_argument);
}

}  // namespace
}  // namespace djambi
