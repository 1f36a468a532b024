// The training config: defaults, the YAML reader and writer, overrides and their errors.
#include "train/config.h"
#include "train/run_setup.h"
#include "train/settings.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>

namespace djambi {
namespace {

// The message of the std::invalid_argument thrown by f; fails the test if none is thrown.
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  ADD_FAILURE() << "no std::invalid_argument thrown";
  return "";
}

std::string parse_error(const std::string& yaml) {
  return error_of([&] { parse_train_config(yaml, "test.yaml"); });
}

#define EXPECT_HAS(text, part) EXPECT_NE((text).find(part), std::string::npos) << "in: " << (text)

std::string source_dir() { return DJAMBI_SOURCE_DIR; }

TEST(TrainConfig, DefaultsAreValidAndMatchTheTable) {
  const TrainConfig c = default_train_config();
  EXPECT_NO_THROW(validate_train_config(c));
  EXPECT_EQ(c, TrainConfig());
  EXPECT_EQ(c.game.name, "djambi");
  EXPECT_TRUE(c.game.variants.empty());
  EXPECT_EQ(c.net.threads, 2);
  EXPECT_EQ(c.run.threads, 0);  // auto
  EXPECT_EQ(c.learner.optimizer, "sgd");
  EXPECT_LE(c.replay.min_samples, c.replay.window);
  EXPECT_LE(c.learner.batch_size, c.replay.min_samples);
  EXPECT_LE(c.mcts.fast_sims, c.mcts.sims);
}

// What a config leaves to the machine (0 or auto) is chosen by the device: the CPU's defaults
// never pipeline nor thread self-play beside the learner; a GPU's do. What it sets is kept.
TEST(TrainConfig, MachineSettingsFollowTheDeviceUnlessSet) {
  TrainConfig c = default_train_config();
  const torch::Device gpu(torch::kCUDA, 0);  // a name only: no GPU is needed to choose for one
  const MachineSettings cpu = machine_settings(c, torch::kCPU);
  EXPECT_EQ(cpu.games, 64);
  EXPECT_EQ(cpu.pipeline_groups, 1);
  EXPECT_FALSE(cpu.own_thread);
  const MachineSettings accelerator = machine_settings(c, gpu);
  EXPECT_EQ(accelerator.games, 2048);
  EXPECT_EQ(accelerator.pipeline_groups, 2);
  EXPECT_TRUE(accelerator.own_thread);
  EXPECT_EQ(tree_threads(c), static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
  apply_overrides(c, {"selfplay.games=100", "selfplay.pipeline_groups=3", "selfplay.own_thread=off", "run.threads=5"});
  const MachineSettings set = machine_settings(c, gpu);
  EXPECT_EQ(set.games, 100);
  EXPECT_EQ(set.pipeline_groups, 3);
  EXPECT_FALSE(set.own_thread);
  EXPECT_EQ(tree_threads(c), 5);
  apply_overrides(c, {"selfplay.own_thread=on"});
  EXPECT_TRUE(machine_settings(c, torch::kCPU).own_thread);
  EXPECT_THROW(apply_overrides(c, {"selfplay.own_thread=yes"}), std::invalid_argument);
}

// Players built without a config (mcts, az from a bundle, export) search with SearchConfig's own
// defaults; a run's come from the key table. The two agree, so that neither drifts.
TEST(TrainConfig, TheTablesSearchDefaultsAreTheSearchsOwn) {
  const SearchConfig own;
  const SearchConfig run = search_config(default_train_config(), true);
  EXPECT_FLOAT_EQ(run.c_puct, own.c_puct);
  EXPECT_FLOAT_EQ(run.fpu_reduction, own.fpu_reduction);
  EXPECT_EQ(run.paranoid, own.paranoid);
  EXPECT_EQ(run.solver, own.solver);
  EXPECT_FLOAT_EQ(run.minimax_weight, own.minimax_weight);
  EXPECT_EQ(run.minimax_quiescence, own.minimax_quiescence);
  EXPECT_FLOAT_EQ(run.dirichlet_alpha, own.dirichlet_alpha);
  EXPECT_FLOAT_EQ(run.dirichlet_epsilon, own.dirichlet_epsilon);
  EXPECT_FLOAT_EQ(run.forced_playout_k, own.forced_playout_k);
  EXPECT_EQ(run.gumbel, own.gumbel);
  EXPECT_EQ(run.gumbel_considered, own.gumbel_considered);
  EXPECT_FLOAT_EQ(run.gumbel_c_visit, own.gumbel_c_visit);
  EXPECT_FLOAT_EQ(run.gumbel_c_scale, own.gumbel_c_scale);
  EXPECT_FLOAT_EQ(run.gumbel_noise_scale, own.gumbel_noise_scale);
  EXPECT_EQ(run.leaves_per_round, own.leaves_per_round);
}

TEST(TrainConfig, GumbelRootReachesTheSearch) {
  TrainConfig c = load_train_config(std::string(DJAMBI_SOURCE_DIR) + "/configs/tictactoe.yaml");
  EXPECT_FALSE(search_config(c, true).gumbel);
  apply_overrides(c, {"mcts.root=gumbel", "mcts.gumbel_considered=4", "mcts.dirichlet_epsilon=0"});
  const SearchConfig full = search_config(c, true);
  EXPECT_TRUE(full.gumbel);
  EXPECT_EQ(full.gumbel_considered, 4);
  EXPECT_TRUE(full.root_noise);  // Gumbel noise in full searches, whatever the Dirichlet weight
  EXPECT_FALSE(search_config(c, false).root_noise);
  EXPECT_THROW(apply_overrides(c, {"mcts.root=uct"}), std::invalid_argument);
}

TEST(TrainConfig, FadingTeacherSchedule) {
  TrainConfig c = load_train_config(std::string(DJAMBI_SOURCE_DIR) + "/configs/djambi.yaml");
  apply_overrides(c, {"selfplay.opponent_games=0.8", "selfplay.fade_steps=0", "selfplay.fade_score=0"});
  EXPECT_DOUBLE_EQ(opponent_games_at(c, 0, 0), 0.8);
  EXPECT_DOUBLE_EQ(opponent_games_at(c, 1000000, 5), 0.8);  // no fading: neither steps nor score move it
  apply_overrides(c, {"selfplay.fade_steps=1000", "selfplay.opponent_games_final=0.2"});
  EXPECT_DOUBLE_EQ(opponent_games_at(c, 0, 0), 0.8);
  EXPECT_NEAR(opponent_games_at(c, 500, 0), 0.5, 1e-12);
  EXPECT_NEAR(opponent_games_at(c, 1000, 0), 0.2, 1e-12);
  EXPECT_NEAR(opponent_games_at(c, 5000, 0), 0.2, 1e-12);
  validate_train_config(c);
}

TEST(TrainConfig, DeviceNamesAreCheckedBySpelling) {
  TrainConfig c = load_train_config(std::string(DJAMBI_SOURCE_DIR) + "/configs/djambi.yaml");
  EXPECT_EQ(c.net.device, "auto");
  apply_overrides(c, {"net.device=cpu"});
  apply_overrides(c, {"net.device=cuda:1"});  // valid here: a GPU is looked for when the run starts
  EXPECT_EQ(c.net.device, "cuda:1");
  try {
    apply_overrides(c, {"net.device=gpu"});
    FAIL() << "gpu was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("device 'gpu' is not one of auto | cpu | cuda | cuda:N"), std::string::npos)
        << e.what();
  }
}

TEST(TrainConfig, TeacherFadesByResults) {
  TrainConfig c = load_train_config(std::string(DJAMBI_SOURCE_DIR) + "/configs/djambi.yaml");
  apply_overrides(c, {"selfplay.opponent_games=0.8", "selfplay.opponent_games_final=0.2",
                      "selfplay.fade_score=1.0"});
  validate_train_config(c);
  EXPECT_DOUBLE_EQ(opponent_games_at(c, 100000, 0), 0.8);  // steps alone do not fade it
  EXPECT_NEAR(opponent_games_at(c, 0, 0.5), 0.5, 1e-12);
  EXPECT_NEAR(opponent_games_at(c, 0, 1.0), 0.2, 1e-12);
  EXPECT_NEAR(opponent_games_at(c, 0, 3.0), 0.2, 1e-12);
  EXPECT_THROW(apply_overrides(c, {"selfplay.fade_steps=1000"}), std::invalid_argument);  // one way, not both
}

TEST(TrainConfig, KeyTableIsComplete) {
  const auto& keys = train_config_keys();
  std::set<std::string> names;
  for (const auto& k : keys) {
    EXPECT_TRUE(names.insert(k.name).second) << "duplicate " << k.name;
    EXPECT_FALSE(k.comment.empty()) << k.name;
    EXPECT_FALSE(k.allowed.empty()) << k.name;
    EXPECT_EQ(k.comment.find('\n'), std::string::npos) << k.name;
  }
  // Every key of the table, and only those, is written by to_yaml under its section with its
  // comment, and reads back through --set as the default it shows.
  const TrainConfig defaults = default_train_config();
  const std::string yaml = to_yaml(defaults);
  for (const auto& k : keys) {
    const std::string leaf = k.name.substr(k.name.find('.') + 1);
    EXPECT_NE(yaml.find("\n  " + leaf + ": " + k.default_value + "\n"), std::string::npos) << k.name;
    EXPECT_NE(yaml.find(k.comment), std::string::npos) << k.name;
    TrainConfig c = defaults;
    EXPECT_NO_THROW(apply_override(c, k.name + "=" + k.default_value)) << k.name;
    EXPECT_EQ(c, defaults) << k.name;
  }
  size_t written = 0;
  for (size_t at = yaml.find("\n  "); at != std::string::npos; at = yaml.find("\n  ", at + 1))
    written += yaml.compare(at, 4, "\n  #") != 0;
  EXPECT_EQ(written, keys.size());
  EXPECT_GT(keys.size(), 60u);  // the eight sections' keys, not an empty table
}

TEST(TrainConfig, DefaultsRoundTripThroughYaml) {
  const TrainConfig c = default_train_config();
  const std::string yaml = to_yaml(c);
  EXPECT_EQ(parse_train_config(yaml, "defaults"), c);
  EXPECT_EQ(to_yaml(parse_train_config(yaml, "defaults")), yaml);
}

TEST(TrainConfig, ChangedValuesRoundTripThroughYaml) {
  TrainConfig c = default_train_config();
  c.game.variants = {"two_players", "no_own_kills"};
  c.game.reward = "survival";
  c.net.preset = "large";
  c.net.channels = 48;
  c.mcts.c_puct = 1.0 / 3.0;
  c.mcts.full_search_fraction = 0.1;
  c.mcts.forced_playouts = false;
  c.learner.weight_decay = 3e-5;
  c.learner.max_minutes = 0.5;
  c.evaluation.opponents = {"random", "mcts:sims=200,rollouts=2", "az:runs/x y/players/a \"b\".djp"};
  ASSERT_NO_THROW(validate_train_config(c));
  const TrainConfig back = parse_train_config(to_yaml(c), "changed");
  EXPECT_EQ(back, c);
  EXPECT_EQ(back.mcts.c_puct, 1.0 / 3.0);
  EXPECT_EQ(back.evaluation.opponents, c.evaluation.opponents);
  EXPECT_NE(back, default_train_config());
}

TEST(TrainConfig, ToYamlHasACommentBeforeEveryKey) {
  const std::string yaml = to_yaml(default_train_config());
  std::istringstream in(yaml);
  std::string line, previous;
  int keys = 0;
  while (std::getline(in, line)) {
    if (line.rfind("  ", 0) == 0 && line[2] != '#') {
      ++keys;
      EXPECT_EQ(previous.rfind("  # ", 0), 0u) << "no comment before: " << line;
    } else if (!line.empty() && line[0] != '#' && line[0] != ' ') {
      EXPECT_EQ(previous.rfind("# ", 0), 0u) << "no comment before section: " << line;
    }
    previous = line;
  }
  EXPECT_EQ(keys, static_cast<int>(train_config_keys().size()));
  EXPECT_HAS(yaml, "  # Playouts of a full search; its visits become the policy target. (int in [1, 1000000])\n  sims: 128\n");
}

TEST(TrainConfig, PartialFilesKeepDefaults) {
  const TrainConfig c = parse_train_config("mcts:\n  sims: 300\nlearner:\n  optimizer: adam\n", "p");
  TrainConfig expected = default_train_config();
  expected.mcts.sims = 300;
  expected.learner.optimizer = "adam";
  EXPECT_EQ(c, expected);
  EXPECT_EQ(parse_train_config("", "empty"), default_train_config());
  EXPECT_EQ(parse_train_config("# only a comment\n", "c"), default_train_config());
  EXPECT_EQ(parse_train_config("mcts:\n", "null section"), default_train_config());
  // Top-level dotted keys are accepted too.
  EXPECT_EQ(parse_train_config("mcts.sims: 300\nlearner.optimizer: adam\n", "dotted"), expected);
}

TEST(TrainConfig, ValuesOfEveryType) {
  const TrainConfig c = parse_train_config(
      "game: {name: djambi, variants: [two_players], reward: rank}\n"
      "mcts: {c_puct: 2, paranoid: yes, forced_playouts: false, dirichlet_alpha: 1e-1}\n"
      "evaluation:\n  opponents:\n    - random\n    - \"mcts:sims=50\"\n",
      "types");
  EXPECT_EQ(c.game.variants, std::vector<std::string>{"two_players"});
  EXPECT_EQ(c.game.reward, "rank");
  EXPECT_EQ(c.mcts.c_puct, 2.0);
  EXPECT_TRUE(c.mcts.paranoid);
  EXPECT_FALSE(c.mcts.forced_playouts);
  EXPECT_DOUBLE_EQ(c.mcts.dirichlet_alpha, 0.1);
  EXPECT_EQ(c.evaluation.opponents, (std::vector<std::string>{"random", "mcts:sims=50"}));
}

TEST(TrainConfig, EveryConfigFileLoads) {
  const std::filesystem::path dir = source_dir() + "/configs";
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".yaml") continue;
    ++files;
    SCOPED_TRACE(entry.path().string());
    TrainConfig c;
    ASSERT_NO_THROW(c = load_train_config(entry.path().string()));
    EXPECT_EQ(parse_train_config(to_yaml(c), "resolved"), c);
  }
  EXPECT_GE(files, 3);
  const TrainConfig ttt = load_train_config((dir / "tictactoe.yaml").string());
  EXPECT_EQ(ttt.game.name, "tictactoe");
  const TrainConfig quick = load_train_config((dir / "djambi-quick.yaml").string());
  EXPECT_EQ(quick.game.name, "djambi");
  EXPECT_EQ(quick.evaluation.opponents, std::vector<std::string>{"random"});
  // The README's main job trains for at most 3 minutes (then evaluates).
  EXPECT_GT(quick.learner.max_minutes, 0.0);
  EXPECT_LE(quick.learner.max_minutes, 3.0);
  const TrainConfig full = load_train_config((dir / "djambi.yaml").string());
  // The real run fits the 3 hours of docs/RESULTS.md and is measured against every baseline.
  EXPECT_GT(full.learner.max_minutes, 0.0);
  EXPECT_LE(full.learner.max_minutes, 180.0);
  EXPECT_EQ(full.evaluation.opponents.size(), 3u);
  EXPECT_LT(full.mcts.full_search_fraction, 1.0);
}

TEST(TrainConfig, EveryKeyInTheConfigFilesHasAComment) {
  for (const char* name : {"tictactoe.yaml", "djambi-quick.yaml", "djambi.yaml", "djambi-ab.yaml"}) {
    std::ifstream in(source_dir() + "/configs/" + name);
    ASSERT_TRUE(in) << name;
    std::string line, previous;
    while (std::getline(in, line)) {
      const bool key_line = line.find(':') != std::string::npos && line.find_first_not_of(' ') != std::string::npos &&
                            line[line.find_first_not_of(' ')] != '#';
      if (key_line) {
        EXPECT_NE(previous.find('#'), std::string::npos) << name << ": no comment before: " << line;
      }
      previous = line;
    }
  }
}

// "section.key" -> the range a comment states before the key, "(int in [0, 65536])", for every
// key of `yaml` whose comment (its last line) states one.
std::map<std::string, std::string> stated_ranges(std::istream& yaml) {
  std::map<std::string, std::string> out;
  std::string line, previous, section;
  while (std::getline(yaml, line)) {
    const size_t indent = line.find_first_not_of(' ');
    const size_t colon = line.find(':');
    if (indent != std::string::npos && line[indent] != '#' && colon != std::string::npos) {
      if (indent == 0) {
        section = line.substr(0, colon);
      } else {
        const size_t range = std::min(previous.rfind("(int in "), previous.rfind("(number in "));
        if (range != std::string::npos && previous.back() == ')')
          out[section + "." + line.substr(indent, colon - indent)] = previous.substr(range);
      }
    }
    previous = line;
  }
  return out;
}

// A comment of a config file states the range the checker enforces (configs/tictactoe.yaml said
// selfplay.games was in [1, 4096]; the checker takes [0, 65536]).
TEST(TrainConfig, RangesStatedInTheConfigFilesAreTheCheckers) {
  std::istringstream written(to_yaml(default_train_config()));
  const std::map<std::string, std::string> checker = stated_ranges(written);
  ASSERT_GT(checker.size(), 20u);
  for (const char* name : {"tictactoe.yaml", "djambi-quick.yaml", "djambi.yaml", "djambi-ab.yaml"}) {
    std::ifstream in(source_dir() + "/configs/" + name);
    ASSERT_TRUE(in) << name;
    for (const auto& [key, range] : stated_ranges(in)) {
      ASSERT_TRUE(checker.count(key)) << name << ": " << key;
      EXPECT_EQ(range, checker.at(key)) << name << ": " << key;
    }
  }
}

TEST(TrainConfig, FileErrorsNameThePath) {
  const std::string missing = "/nonexistent/dir/run.yaml";
  EXPECT_HAS(error_of([&] { load_train_config(missing); }), missing);
  const std::string path = testing::TempDir() + "djambi_config_test_bad.yaml";
  {
    std::ofstream out(path);
    out << "mcts:\n  sims: lots\n";
  }
  const std::string e = error_of([&] { load_train_config(path); });
  EXPECT_HAS(e, path);
  EXPECT_HAS(e, "line 2");
  EXPECT_HAS(e, "mcts.sims");
  std::remove(path.c_str());
}

TEST(TrainConfig, UnknownKeySuggestsTheClosest) {
  std::string e = parse_error("mcts:\n  simz: 100\n");
  EXPECT_HAS(e, "test.yaml: line 2: mcts.simz: unknown key (did you mean mcts.sims?)");
  e = parse_error("mtcs:\n  sims: 100\n");
  EXPECT_HAS(e, "mtcs: unknown key (did you mean mcts?)");
  e = parse_error("selfplay:\n  sims: 100\n");
  EXPECT_HAS(e, "did you mean mcts.sims?");
  e = parse_error("learner:\n  lr: 0.1\n");
  EXPECT_HAS(e, "did you mean learner.learning_rate?");
  e = parse_error("sims: 100\n");
  EXPECT_HAS(e, "did you mean mcts.sims?");
}

TEST(TrainConfig, WrongTypeNamesTheKey) {
  EXPECT_HAS(parse_error("mcts:\n  sims: 12.5\n"), "line 2: mcts.sims: expected an integer, got '12.5'");
  EXPECT_HAS(parse_error("mcts:\n  sims: \"12\"\n"), "mcts.sims: expected an integer");
  EXPECT_HAS(parse_error("mcts:\n  c_puct: fast\n"), "mcts.c_puct: expected a number, got 'fast'");
  EXPECT_HAS(parse_error("mcts:\n  paranoid: 1\n"), "mcts.paranoid: expected true or false, got '1'");
  EXPECT_HAS(parse_error("game:\n  name: [djambi]\n"), "game.name: expected a string, got a list");
  EXPECT_HAS(parse_error("game:\n  variants: two_players\n"), "game.variants: expected a list");
  EXPECT_HAS(parse_error("evaluation:\n  opponents: [random, [greedy]]\n"), "evaluation.opponents: expected a list of strings");
  EXPECT_HAS(parse_error("mcts: 3\n"), "line 1: mcts: expected a mapping");
  EXPECT_HAS(parse_error("- a\n- b\n"), "expected a mapping of sections");
  EXPECT_HAS(parse_error("mcts:\n  sims:\n"), "mcts.sims: expected an integer, got nothing");
}

TEST(TrainConfig, OutOfRangeNamesTheKeyAndRange) {
  EXPECT_HAS(parse_error("mcts:\n  sims: 0\n"), "line 2: mcts.sims: 0 is out of range [1, 1000000]");
  EXPECT_HAS(parse_error("mcts:\n  sims: 99999999999999999999\n"), "mcts.sims: 99999999999999999999 is out of range");
  EXPECT_HAS(parse_error("mcts:\n  full_search_fraction: 0\n"), "mcts.full_search_fraction: 0.0 is out of range (0.0, 1.0]");
  EXPECT_HAS(parse_error("mcts:\n  dirichlet_epsilon: 1.5\n"), "mcts.dirichlet_epsilon: 1.5 is out of range [0.0, 1.0]");
  EXPECT_HAS(parse_error("learner:\n  momentum: 1\n"), "learner.momentum: 1.0 is out of range [0.0, 1.0)");
  EXPECT_HAS(parse_error("run:\n  threads: -1\n"), "run.threads: -1 is out of range [0, 256]");
}

TEST(TrainConfig, BadChoiceNamesTheKeyAndChoices) {
  EXPECT_HAS(parse_error("game:\n  reward: survial\n"),
             "line 2: game.reward: 'survial' is not one of: winner, rank, survival");
  EXPECT_HAS(parse_error("game:\n  name: chess\n"), "game.name: 'chess' is not one of: djambi, tictactoe");
  EXPECT_HAS(parse_error("net:\n  preset: huge\n"), "net.preset: 'huge' is not one of: small, default, large");
  EXPECT_HAS(parse_error("learner:\n  optimizer: rmsprop\n"), "learner.optimizer");
}

TEST(TrainConfig, BadVariantsAndPlayerSpecs) {
  std::string e = parse_error("game:\n  variants: [two_players, three_players]\n");
  EXPECT_HAS(e, "line 2: game.variants: unknown variant 'three_players'");
  EXPECT_HAS(parse_error("game:\n  variants: [no_own_kills, no_own_kills]\n"), "game.variants: 'no_own_kills' is listed twice");
  EXPECT_HAS(parse_error("game:\n  name: tictactoe\n  variants: [two_players]\n"),
             "game.variants: tictactoe takes no parameter 'variants' (it takes none)");
  EXPECT_HAS(parse_error("evaluation:\n  opponents: [\":sims=3\"]\n"), "evaluation.opponents: bad player spec");
}

// The message of building the players of `yaml` (empty if they all build).
std::string player_error(const std::string& yaml) {
  try {
    build_config_players(parse_train_config(yaml, "test.yaml"));
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(TrainConfig, EveryPlayerIsBuiltBeforeTheRunStarts) {
  EXPECT_EQ(player_error("evaluation:\n  opponents: [random, greedy, \"mcts:sims=8\", \"ab:depth=1\"]\n"), "");
  EXPECT_HAS(player_error("evaluation:\n  opponents: [\"mcts:foo=1\"]\n"),
             "evaluation.opponents: bad player spec 'mcts:foo=1': unknown option 'foo'");
  EXPECT_HAS(player_error("evaluation:\n  opponents: [\"mcts:sims=-1\"]\n"),
             "evaluation.opponents: bad player spec 'mcts:sims=-1'");
  EXPECT_HAS(player_error("evaluation:\n  opponents: [\"az:no-such-file.djp\"]\n"),
             "evaluation.opponents: cannot read checkpoint no-such-file.djp");
  EXPECT_HAS(player_error("selfplay:\n  opponents: [\"ab:algo=minimax\"]\n"),
             "selfplay.opponents: bad player spec 'ab:algo=minimax': unknown search algorithm 'minimax'");
  EXPECT_HAS(player_error("game:\n  name: tictactoe\nevaluation:\n  opponents: [random]\nselfplay:\n  opponents: [ab]\n"),
             "selfplay.opponents: bad player spec 'ab': ab plays Djambi only");
  EXPECT_HAS(player_error("game:\n  name: tictactoe\nevaluation:\n  opponents: [greedy]\n"),
             "evaluation.opponents: bad player spec 'greedy': greedy plays Djambi only");
  // A minimal config of another game is not refused for a default it never set.
  EXPECT_EQ(player_error("game:\n  name: tictactoe\n"), "");
}

TEST(TrainConfig, MoreThanOneYamlDocumentIsRefused) {
  EXPECT_HAS(parse_error("mcts:\n  sims: 16\n---\nmcts:\n  sims: 32\n"),
             "test.yaml: holds more than one YAML document (separated by ---); a config is one document");
  // Found by fuzz_config: yaml-cpp reads this as endless documents (YAML::LoadAll hangs on it).
  EXPECT_HAS(parse_error(", Tic-tactik block\x98s: 2\nt o "), "holds more than one YAML document");
  EXPECT_NO_THROW(parse_train_config("---\nmcts:\n  sims: 64\n", "one document"));
}

TEST(TrainConfig, CrossKeyConstraints) {
  std::string e = parse_error("replay:\n  window: 1000\n");
  EXPECT_HAS(e, "replay.min_samples: 5000 exceeds replay.window (1000)");
  e = parse_error("replay:\n  window: 1000\n  min_samples: 500\nlearner:\n  batch_size: 2000\n");
  EXPECT_HAS(e, "test.yaml: line 5: learner.batch_size: 2000 exceeds replay.window (1000)");
  EXPECT_HAS(parse_error("replay:\n  min_samples: 100\n"), "learner.batch_size: 128 exceeds replay.min_samples (100)");
  EXPECT_HAS(parse_error("mcts:\n  sims: 16\n"), "mcts.fast_sims: 32 exceeds mcts.sims (16)");
  EXPECT_NO_THROW(parse_train_config("mcts:\n  sims: 16\n  full_search_fraction: 1\n", "no cap"));
  EXPECT_HAS(parse_error("evaluation:\n  opponents: []\n"), "evaluation.opponents: empty");
  EXPECT_NO_THROW(parse_train_config("evaluation:\n  every_steps: 0\n  opponents: []\n", "off"));
  EXPECT_HAS(parse_error("game:\n  reward: rank\n  draw_value: -0.5\n"),
             "game.draw_value: applies to the winner reward only, not to 'rank'");
  EXPECT_HAS(parse_error("game:\n  draw_value: -1.5\n"), "game.draw_value");
  EXPECT_NO_THROW(parse_train_config("game:\n  draw_value: -0.5\n", "penalised draws"));
  EXPECT_HAS(parse_error("game:\n  name: tictactoe\nselfplay:\n  player: ab\n"),
             "selfplay.player: ab, but the alpha-beta player and its learned evaluation play Djambi only");
  EXPECT_HAS(parse_error("selfplay:\n  player: ab\n  opponent_games: 0.5\n  opponents: [greedy]\n"),
             "selfplay.opponent_games: above 0, but selfplay.player ab seats no opponents");
  EXPECT_HAS(parse_error("selfplay:\n  player: ab\n  heuristic_value: 0.5\n"),
             "selfplay.heuristic_value: above 0, but selfplay.player ab takes its targets from the search");
}

TEST(TrainConfig, KeysGivenTwice) {
  EXPECT_HAS(parse_error("mcts:\n  sims: 100\n  sims: 200\n"), "line 3: mcts.sims: given twice (first at line 2)");
  EXPECT_HAS(parse_error("mcts:\n  sims: 100\nmcts.sims: 200\n"), "mcts.sims: given twice");
}

TEST(TrainConfig, MalformedYamlGivesTheLine) {
  std::string e = parse_error("mcts:\n  sims: 100\n  c_puct: [1, 2\nrun:\n  seed: 3\n");
  EXPECT_HAS(e, "test.yaml: line ");
  EXPECT_HAS(e, "malformed YAML");
  e = parse_error("game:\n  name: djambi\n bad indentation: here\n");
  EXPECT_HAS(e, "line 3");
  EXPECT_HAS(e, "malformed YAML");
}

TEST(TrainConfig, OverridesApplyAndValidate) {
  TrainConfig c = default_train_config();
  apply_override(c, "mcts.sims=200");
  EXPECT_EQ(c.mcts.sims, 200);
  apply_override(c, "game.variants=[two_players, no_own_kills]");
  EXPECT_EQ(c.game.variants, (std::vector<std::string>{"two_players", "no_own_kills"}));
  apply_override(c, "game.variants=");
  EXPECT_TRUE(c.game.variants.empty());
  apply_override(c, "evaluation.opponents=[random, mcts:sims=20]");
  EXPECT_EQ(c.evaluation.opponents, (std::vector<std::string>{"random", "mcts:sims=20"}));
  apply_override(c, " learner.learning_rate = 0.1 ");
  EXPECT_EQ(c.learner.learning_rate, 0.1);
  apply_override(c, "mcts.paranoid=true");
  EXPECT_TRUE(c.mcts.paranoid);
  apply_override(c, "game.reward=rank");
  EXPECT_EQ(c.game.reward, "rank");
  EXPECT_EQ(parse_train_config(to_yaml(c), "x"), c);

  const TrainConfig before = c;
  EXPECT_HAS(error_of([&] { apply_override(c, "mcts.sims=abc"); }),
             "--set mcts.sims=abc: mcts.sims: expected an integer, got 'abc'");
  EXPECT_HAS(error_of([&] { apply_override(c, "mcts.simz=3"); }), "mcts.simz: unknown key (did you mean mcts.sims?)");
  EXPECT_HAS(error_of([&] { apply_override(c, "mcts.sims"); }), "expected KEY=VALUE");
  EXPECT_HAS(error_of([&] { apply_override(c, "mcts.sims=0"); }), "mcts.sims: 0 is out of range");
  EXPECT_HAS(error_of([&] { apply_override(c, "game.reward=best"); }), "game.reward: 'best' is not one of");
  EXPECT_HAS(error_of([&] { apply_override(c, "game.variants=[x]"); }), "game.variants: unknown variant 'x'");
  EXPECT_HAS(error_of([&] { apply_override(c, "game.variants=[a, b"); }), "game.variants: malformed value");
  EXPECT_HAS(error_of([&] { apply_override(c, "replay.window=100"); }),
             "--set replay.window=100: replay.min_samples: 5000 exceeds replay.window (100)");
  EXPECT_EQ(c, before);  // failed overrides change nothing
}

TEST(TrainConfig, OverridesTogetherAreValidatedOnce) {
  TrainConfig c = default_train_config();
  apply_overrides(c, {"replay.window=1000", "replay.min_samples=500", "learner.batch_size=64"});
  EXPECT_EQ(c.replay.window, 1000);
  EXPECT_EQ(c.replay.min_samples, 500);
  TrainConfig t = default_train_config();
  apply_overrides(t, {"game.variants=[two_players]", "game.name=tictactoe", "game.variants=[]",
                      "evaluation.opponents=[random]"});
  EXPECT_EQ(t.game.name, "tictactoe");
  EXPECT_HAS(error_of([&] { apply_overrides(t, {"game.variants=[two_players]"}); }),
             "game.variants: tictactoe takes no parameter 'variants' (it takes none)");
}

TEST(TrainConfig, ValidateCatchesConfigsBuiltInCode) {
  TrainConfig c = default_train_config();
  c.mcts.sims = -3;
  EXPECT_HAS(error_of([&] { validate_train_config(c); }), "mcts.sims: -3 is out of range");
  c = default_train_config();
  c.game.reward = "nope";
  EXPECT_HAS(error_of([&] { validate_train_config(c); }), "game.reward");
  c = default_train_config();
  c.replay.min_samples = c.replay.window + 1;
  EXPECT_HAS(error_of([&] { validate_train_config(c); }), "replay.min_samples");
}

TEST(TrainConfig, SearchConfigs) {
  TrainConfig c = default_train_config();
  apply_overrides(c, {"mcts.sims=160", "mcts.fast_sims=40", "mcts.c_puct=1.25", "mcts.paranoid=true",
                      "mcts.forced_playouts=true", "mcts.leaves_per_round=4", "run.seed=9",
                      "evaluation.sims=80", "mcts.solver=true", "mcts.minimax_weight=0.25",
                      "mcts.minimax_quiescence=2"});
  const SearchConfig full = search_config(c, true);
  EXPECT_TRUE(full.solver);
  EXPECT_FLOAT_EQ(full.minimax_weight, 0.25f);
  EXPECT_EQ(full.minimax_quiescence, 2);
  EXPECT_TRUE(full.heuristic);
  EXPECT_EQ(full.simulations, 160);
  EXPECT_FLOAT_EQ(full.c_puct, 1.25f);
  EXPECT_TRUE(full.paranoid);
  EXPECT_TRUE(full.root_noise);
  EXPECT_TRUE(full.forced_playouts);
  EXPECT_FLOAT_EQ(full.dirichlet_alpha, static_cast<float>(c.mcts.dirichlet_alpha));
  EXPECT_EQ(full.leaves_per_round, 4);
  EXPECT_EQ(full.seed, 9u);
  const SearchConfig fast = search_config(c, false);
  EXPECT_EQ(fast.simulations, 40);
  EXPECT_FALSE(fast.root_noise);
  EXPECT_FALSE(fast.forced_playouts);
  EXPECT_TRUE(fast.paranoid);
  const SearchConfig eval = evaluation_search_config(c);
  EXPECT_EQ(eval.simulations, 80);
  EXPECT_FALSE(eval.root_noise);
  EXPECT_FALSE(eval.forced_playouts);
}

}  // namespace
}  // namespace djambi
