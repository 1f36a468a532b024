// The learned evaluation's held-out set (train/arena/heldout_set.h): read with its labels and the
// hand-written evaluation's loss, refused when it is not whole or not the run's game, and
// measured at every checkpoint of a run that names it.
#include "train/arena/heldout_set.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <sstream>

#include "env/djambi/game.h"
#include "env/games.h"
#include "env/random.h"
#include "tests/train/run_test_util.h"
#include "train/config.h"
#include "train/run/metrics_log.h"
#include "train/run/run_dir.h"
#include "train/trainer.h"

namespace djambi {
namespace {

// Running Djambi positions a few random turns from the start.
std::vector<std::string> some_positions(int count) {
  const DjambiGame game;
  Rng rng(4);
  std::vector<std::string> out;
  while (static_cast<int>(out.size()) < count) {
    auto state = game.new_initial_state();
    for (int turn = 0; turn < 4 + 3 * static_cast<int>(out.size()); ++turn) {
      const std::vector<TextTurn> turns = state->legal_turns();
      for (Action a : turns[rng.below(static_cast<uint32_t>(turns.size()))].actions) state->apply_action(a);
    }
    if (!state->is_terminal()) out.push_back(state_text(*state));
  }
  return out;
}

// A set's text: `lines` between its header (saying `count` positions) and its end.
std::string set_text(const std::vector<std::string>& lines, size_t count, const std::string& game = "djambi",
                     const std::string& variants = "none") {
  std::ostringstream out;
  out << "# djambi-zero held-out set\ngame " << game << "\nvariants " << variants << "\nlabels ab,nodes=200000\n"
      << "positions " << count << "\n";
  for (const std::string& line : lines) out << line << "\n";
  out << "end\n";
  return out.str();
}

double cross_entropy(double label, double p) { return -(label * std::log(p) + (1 - label) * std::log(1 - p)); }

TEST(HeldOutSet, ReadsItsPositionsAndMeasuresTheHandWrittenEvaluation) {
  train_test::TempDir tmp("heldout");
  const std::vector<std::string> positions = some_positions(3);
  const std::vector<float> shares{0.1f, 0.5f, 0.9f};
  std::vector<std::string> lines;
  for (size_t i = 0; i < positions.size(); ++i) lines.push_back(positions[i] + "\t" + std::to_string(shares[i]));
  const std::string path = tmp.file("set.txt");
  train_test::write_file(path, set_text(lines, lines.size()));
  const DjambiGame game;
  const LearnedEvalFeatures features = learned_eval_features_of("djambi");
  const HeldOutSet set = read_heldout_set(path, game, features);
  EXPECT_EQ(set.labels, shares);
  EXPECT_EQ(set.labels_spec, "ab,nodes=200000");
  ASSERT_EQ(set.positions.size(), 3u);
  double hand = 0;
  for (size_t i = 0; i < positions.size(); ++i) {
    EXPECT_EQ(state_text(*set.positions[i]), positions[i]);
    const double p = features.hand_written_share(*set.positions[i]);
    EXPECT_GT(p, 0.0);
    EXPECT_LT(p, 1.0);
    hand += cross_entropy(shares[i], p) / 3;
  }
  EXPECT_NEAR(set.hand_written_loss, hand, 1e-6);  // the shares read as doubles, written from floats
  EXPECT_NEAR(heldout_loss(set, {0.5f, 0.5f, 0.5f}), std::log(2.0), 1e-6);
  EXPECT_LT(heldout_loss(set, shares), heldout_loss(set, {0.5f, 0.5f, 0.5f}));  // the labels predict best
  EXPECT_THROW(heldout_loss(set, {0.5f}), std::invalid_argument);
  // An evaluation as a function of the position: the hand-written one gives its own loss.
  EXPECT_NEAR(heldout_loss(set, features.hand_written_share), set.hand_written_loss, 1e-6);
}

TEST(HeldOutSet, RefusesASetThatIsNotWholeOrNotTheRunsGame) {
  train_test::TempDir tmp("heldout_bad");
  const std::vector<std::string> positions = some_positions(2);
  const std::vector<std::string> lines{positions[0] + "\t0.25", positions[1] + "\t0.75"};
  const DjambiGame game;
  const LearnedEvalFeatures features = learned_eval_features_of("djambi");
  const std::string whole = set_text(lines, 2);
  const std::vector<std::pair<std::string, std::string>> bad{
      {"truncated", whole.substr(0, whole.size() / 2)},
      {"fewer positions than it says", set_text(lines, 3)},
      {"more positions than it says", set_text(lines, 1)},
      {"no end line", whole.substr(0, whole.size() - 4)},
      {"of tic-tac-toe", set_text(lines, 2, "tictactoe")},
      {"of another variant set", set_text(lines, 2, "djambi", "two_players")},
      {"an unknown variant", set_text(lines, 2, "djambi", "frobnicate")},
      {"a share out of range", set_text({positions[0] + "\t1.5", positions[1] + "\t0.5"}, 2)},
      {"a share that is not a number", set_text({positions[0] + "\tnan", positions[1] + "\t0.5"}, 2)},
      {"a malformed position", set_text({"9/9 r\t0.5", positions[1] + "\t0.5"}, 2)},
      {"not a set", "positions 2\n"},
      {"no positions", set_text({}, 0)},
  };
  for (const auto& [what, text] : bad) {
    const std::string path = tmp.file("bad.txt");
    train_test::write_file(path, text);
    try {
      read_heldout_set(path, game, features);
      ADD_FAILURE() << what << ": read";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("'" + path + "'"), std::string::npos) << what << ": " << e.what();
    }
  }
  EXPECT_THROW(read_heldout_set(tmp.file("missing.txt"), game, features), std::invalid_argument);
  train_test::write_file(tmp.file("good.txt"), whole);
  EXPECT_NO_THROW(read_heldout_set(tmp.file("good.txt"), game, features));
}

TEST(HeldOutSet, EveryCheckpointOfARunIsMeasuredAgainstIt) {
  train_test::TempDir tmp("heldout_run");
  std::vector<std::string> lines;
  for (const std::string& p : some_positions(4)) lines.push_back(p + "\t0.3");
  train_test::write_file(tmp.file("set.txt"), set_text(lines, lines.size()));
  TrainConfig config = load_train_config(std::string(DJAMBI_SOURCE_DIR) + "/configs/djambi-ab.yaml");
  apply_overrides(config, {"ab.nodes=200", "ab.random_turns=4", "ab.generation_steps=4", "ab.hidden=16", "ab.head=8",
                           "selfplay.games=2", "selfplay.max_decisions=150", "replay.min_samples=64",
                           "learner.batch_size=32", "learner.train_ratio=1", "learner.max_minutes=0",
                           "learner.max_steps=4", "run.checkpoint_every_steps=2", "evaluation.every_steps=0",
                           "evaluation.games=2", "evaluation.opponents=[greedy]",
                           "evaluation.heldout=" + tmp.file("set.txt")});
  train_new(tmp.file("run"), config);
  int measured = 0;
  for (const auto& line : read_metrics(RunDir(tmp.file("run")).metrics_path()).lines) {
    const nlohmann::json record = nlohmann::json::parse(line.text);
    const bool checkpoint = record["step"].get<long long>() % 2 == 0;
    EXPECT_EQ(record.contains("heldout_loss"), checkpoint) << line.text;
    if (!checkpoint) continue;
    ++measured;
    EXPECT_GT(record["heldout_loss"].get<double>(), 0.0);
    EXPECT_GT(record["heldout_hand_written_loss"].get<double>(), 0.0);
    EXPECT_EQ(record["heldout_positions"].get<int>(), 4);
  }
  EXPECT_EQ(measured, 2);
  // A run that cannot read its set is refused before it starts.
  apply_overrides(config, {"evaluation.heldout=" + tmp.file("missing.txt")});
  EXPECT_THROW(train_new(tmp.file("refused"), config), std::invalid_argument);
  EXPECT_FALSE(std::filesystem::exists(tmp.file("refused")));
  // The network family has no use for one.
  TrainConfig network = default_train_config();
  EXPECT_THROW(apply_overrides(network, {"evaluation.heldout=" + tmp.file("set.txt")}), std::invalid_argument);
}

}  // namespace
}  // namespace djambi
