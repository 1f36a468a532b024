// Player bundles: what they carry, what refuses them, and the az player built from them.
#include "nets/bundle.h"

#include <limits>

#include "mcts/evaluator.h"
#include "nets/az_player.h"
#include "nets/checkpoint.h"
#include "tests/nets/nets_test_util.h"

namespace djambi::nets_test {
namespace {

TEST_F(NetsTest, BundleCarriesNetAndSearchSettings) {
  TempDir dir;
  PolicyValueNet net(tictactoe_config());
  SearchConfig search;
  search.simulations = 77;
  search.c_puct = 2.25f;
  save_player_bundle(dir.file("p.djp"), net, search, 123, "runs/x/step-123.pt");
  const PlayerBundle b = load_player_bundle(dir.file("p.djp"));
  EXPECT_FALSE(b.from_checkpoint);
  EXPECT_EQ(b.search.simulations, 77);
  EXPECT_FLOAT_EQ(b.search.c_puct, 2.25f);
  EXPECT_FALSE(b.search.solver);
  EXPECT_FLOAT_EQ(b.search.minimax_weight, 0.0f);
  EXPECT_EQ(b.search.minimax_quiescence, 0);
  EXPECT_EQ(b.step, 123);
  EXPECT_EQ(b.source, "runs/x/step-123.pt");
  EXPECT_TRUE(b.net->config.same_architecture(net->config));
  // The tactical search settings travel too (docs/PLAYERS.md).
  search.solver = true;
  search.minimax_weight = 0.25f;
  search.minimax_quiescence = 3;
  save_player_bundle(dir.file("tactical.djp"), net, search, 1, "test");
  const PlayerBundle t = load_player_bundle(dir.file("tactical.djp"));
  EXPECT_TRUE(t.search.solver);
  EXPECT_FLOAT_EQ(t.search.minimax_weight, 0.25f);
  EXPECT_EQ(t.search.minimax_quiescence, 3);
  // A training checkpoint is read too, with default settings.
  save_checkpoint(dir.file("c.pt"), net, 5);
  EXPECT_TRUE(load_player_bundle(dir.file("c.pt")).from_checkpoint);
}

TEST_F(NetsTest, BundleCarriesTheRewardItWasTrainedFor) {
  TempDir dir;
  PolicyValueNet net(tictactoe_config());
  SearchConfig search;
  save_player_bundle(dir.file("plain.djp"), net, search, 1, "test");
  EXPECT_FALSE(load_player_bundle(dir.file("plain.djp")).search.own_reward);  // the game's own returns
  search.own_reward = true;
  search.reward = RewardScheme::kRank;
  search.draw_value = -0.25f;
  save_player_bundle(dir.file("rank.djp"), net, search, 1, "test");
  const PlayerBundle b = load_player_bundle(dir.file("rank.djp"));
  EXPECT_TRUE(b.search.own_reward);
  EXPECT_EQ(b.search.reward, RewardScheme::kRank);
  EXPECT_FLOAT_EQ(b.search.draw_value, -0.25f);
  // A checkpoint carries it the same way, for export.
  SearchConfig read;
  apply_reward_metadata(reward_metadata(search), read);
  EXPECT_TRUE(read.own_reward);
  EXPECT_EQ(read.reward, RewardScheme::kRank);
  EXPECT_THROW(apply_reward_metadata({{"reward", "money"}, {"draw_value", "0"}}, read), std::invalid_argument);
  EXPECT_THROW(apply_reward_metadata({{"reward", "winner"}, {"draw_value", "nan"}}, read), std::invalid_argument);
  EXPECT_THROW(apply_reward_metadata({{"reward", "winner"}, {"draw_value", "-2"}}, read), std::invalid_argument);
  EXPECT_THROW(apply_reward_metadata({{"reward", "winner"}}, read), std::invalid_argument);
  // The az spec may override it.
  const PlayerFactory factory = full_player_factory();
  auto game = std::make_shared<TicTacToeGame>();
  EXPECT_NO_THROW(factory.create("az:" + dir.file("rank.djp") + ",reward=game", game, 1));
  EXPECT_NO_THROW(factory.create("az:" + dir.file("rank.djp") + ",reward=survival,draw=0", game, 1));
  EXPECT_THROW(factory.create("az:" + dir.file("rank.djp") + ",reward=money", game, 1), std::invalid_argument);
  EXPECT_THROW(factory.create("az:" + dir.file("rank.djp") + ",draw=1.5", game, 1), std::invalid_argument);
}

TEST_F(NetsTest, BundleOfAnotherVersionOrKindIsRefused) {
  TempDir dir;
  PolicyValueNet net(tictactoe_config());
  save_checkpoint(dir.file("future.djp"), net, 0, nullptr,
                  {{"kind", "djambi-zero-player"}, {"bundle_version", "99"}, {"simulations", "1"},
                   {"c_puct", "1"}, {"fpu_reduction", "0"}, {"source", "x"}});
  try {
    load_player_bundle(dir.file("future.djp"));
    FAIL();
  } catch (const CheckpointError& e) {
    EXPECT_NE(std::string(e.what()).find("format version 99"), std::string::npos) << e.what();
  }
  save_checkpoint(dir.file("odd.djp"), net, 0, nullptr, {{"kind", "something-else"}});
  EXPECT_THROW(load_player_bundle(dir.file("odd.djp")), CheckpointError);
}

TEST_F(NetsTest, AzPlayerChecksGameAndVariants) {
  TempDir dir;
  PolicyValueNet ttt(tictactoe_config());
  save_player_bundle(dir.file("ttt.djp"), ttt, SearchConfig{}, 1, "test");
  PolicyValueNet two(config_for(DjambiGame(Variants{}.set(Variant::kTwoPlayers)), "two_players", 16, 1));
  save_player_bundle(dir.file("two.djp"), two, SearchConfig{}, 1, "test");
  const PlayerFactory factory = full_player_factory();
  auto tictactoe = std::make_shared<TicTacToeGame>();
  auto djambi = std::make_shared<DjambiGame>();
  auto djambi_two = std::make_shared<DjambiGame>(Variants{}.set(Variant::kTwoPlayers));
  EXPECT_NO_THROW(factory.create("az:" + dir.file("ttt.djp") + ",sims=4", tictactoe, 1));
  EXPECT_NO_THROW(factory.create("az:" + dir.file("ttt.djp") + ",device=cpu", tictactoe, 1));
  EXPECT_THROW(factory.create("az:" + dir.file("ttt.djp") + ",device=gpu", tictactoe, 1), std::invalid_argument);
  EXPECT_THROW(factory.create("az:" + dir.file("ttt.djp"), djambi, 1), std::invalid_argument);
  EXPECT_NO_THROW(factory.create("az:" + dir.file("two.djp"), djambi_two, 1));
  try {
    factory.create("az:" + dir.file("two.djp"), djambi, 1);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("two_players"), std::string::npos) << e.what();
  }
  EXPECT_THROW(factory.create("az:" + dir.file("missing.djp"), tictactoe, 1), std::invalid_argument);
  EXPECT_THROW(factory.create("az", tictactoe, 1), std::invalid_argument);
  // The heuristic's share of the leaf values: Djambi only, in [0, 1].
  EXPECT_NO_THROW(factory.create("az:" + dir.file("two.djp") + ",heuristic=0.5", djambi_two, 1));
  EXPECT_THROW(factory.create("az:" + dir.file("two.djp") + ",heuristic=1.5", djambi_two, 1), std::invalid_argument);
  EXPECT_THROW(factory.create("az:" + dir.file("ttt.djp") + ",heuristic=0.5", tictactoe, 1), std::invalid_argument);
  // Leaves per network call: at least 1.
  EXPECT_THROW(factory.create("az:" + dir.file("ttt.djp") + ",leaves=0", tictactoe, 1), std::invalid_argument);
  // The players it builds play legal moves, with narrow and wide batches of leaves.
  for (const std::string leaves : {"", ",leaves=1", ",leaves=32"}) {
    auto player = factory.create("az:" + dir.file("ttt.djp") + ",sims=8" + leaves, tictactoe, 1);
    TicTacToeState s;
    const auto actions = player->choose_turn(s);
    ASSERT_EQ(actions.size(), 1u) << leaves;
    EXPECT_TRUE(actions[0] >= 0 && actions[0] < 9) << leaves;
  }
}

TEST_F(NetsTest, BundleSettingsOutOfRangeOrNotFiniteAreRefused) {
  TempDir dir;
  PolicyValueNet net(tictactoe_config());
  auto bundle_with = [&](const std::string& key, const std::string& text) {
    std::map<std::string, std::string> m = {{"kind", "djambi-zero-player"}, {"bundle_version", "1"},
                                            {"simulations", "10"}, {"c_puct", "1.5"},
                                            {"fpu_reduction", "0.2"}, {"source", "x"}};
    m[key] = text;
    const std::string path = dir.file(key + "-" + std::to_string(std::hash<std::string>()(text)) + ".djp");
    save_checkpoint(path, net, 0, nullptr, m);
    return path;
  };
  for (const char* bad : {"nan", "inf", "-inf", "-1", "100.5", "1e39", "1.5x", ""}) {
    const std::string path = bundle_with("c_puct", bad);
    try {
      load_player_bundle(path);
      FAIL() << "c_puct '" << bad << "' was accepted";
    } catch (const CheckpointError& e) {
      EXPECT_EQ(std::string(e.what()),
                "player bundle " + path + " has c_puct '" + bad + "'; it must be a number in [0, 100]");
    }
  }
  for (const char* bad : {"0", "2.5", "1e99", "nan", "10000001"})
    EXPECT_THROW(load_player_bundle(bundle_with("simulations", bad)), CheckpointError) << bad;
  for (const char* bad : {"-0.1", "2.5", "inf"})
    EXPECT_THROW(load_player_bundle(bundle_with("fpu_reduction", bad)), CheckpointError) << bad;
  EXPECT_FLOAT_EQ(load_player_bundle(bundle_with("c_puct", "100")).search.c_puct, 100.0f);
}

TEST_F(NetsTest, NetworkOfNanWeightsIsANamedErrorNotACrash) {
  // A bundle sealed correctly whose weights are NaN: every search must stop with a named error.
  TempDir dir;
  PolicyValueNet net(tictactoe_config());
  {
    torch::NoGradGuard no_grad;
    for (auto& p : net->parameters()) p.fill_(std::numeric_limits<float>::quiet_NaN());
  }
  save_player_bundle(dir.file("nan.djp"), net, SearchConfig{}, 1, "test");
  auto tictactoe = std::make_shared<TicTacToeGame>();
  for (const std::string threads : {"1", "3"}) {
    auto player = full_player_factory().create("az:" + dir.file("nan.djp") + ",sims=16,threads=" + threads, tictactoe, 1);
    TicTacToeState s;
    try {
      player->choose_turn(s);
      FAIL() << "a NaN network played (threads=" << threads << ")";
    } catch (const EvaluatorError& e) {
      EXPECT_NE(std::string(e.what()).find("returned a non-finite"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace djambi::nets_test
