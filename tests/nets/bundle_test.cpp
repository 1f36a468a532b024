// Player bundles: what they carry, what refuses them, and the az player built from them.
#include "nets/bundle.h"

#include "nets/az_player.h"
#include "nets/checkpoint.h"
#include "nets_test_util.h"

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
  EXPECT_EQ(b.step, 123);
  EXPECT_EQ(b.source, "runs/x/step-123.pt");
  EXPECT_TRUE(b.net->config.same_architecture(net->config));
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
  // The player it builds plays legal moves.
  auto player = factory.create("az:" + dir.file("ttt.djp") + ",sims=8", tictactoe, 1);
  TicTacToeState s;
  const auto actions = player->choose_turn(s);
  ASSERT_EQ(actions.size(), 1u);
  EXPECT_TRUE(actions[0] >= 0 && actions[0] < 9);
}

}  // namespace
}  // namespace djambi::nets_test
