// The trained player kept in players/: it still loads in this build, plays the plain game, and
// the spec `best` finds it (a format change that would orphan it fails here); `best` plays the
// shipped player whatever its family (a network or a learned evaluation), and refuses two.
#include "mcts/shipped_player.h"

#include <cstdlib>
#include <filesystem>

#include "env/djambi/game.h"
#include "env/tictactoe/game.h"
#include "mcts/djambi/learned_eval.h"
#include "mcts/eval_bundle.h"
#include "nets/accumulator_model.h"
#include "nets/az_player.h"
#include "nets/bundle.h"
#include "tests/nets/nets_test_util.h"

namespace djambi::nets_test {
namespace {

TEST_F(NetsTest, ShippedDjambiPlayerLoadsAndPlaysAGame) {
  const ShippedPlayer shipped = shipped_player("djambi");
  ASSERT_TRUE(shipped.network);
  const std::string path = shipped.path;
  const PlayerBundle bundle = load_player_bundle(path);
  EXPECT_FALSE(bundle.from_checkpoint) << path << " is a training checkpoint, not a player bundle";
  EXPECT_EQ(bundle.net->config.game, "djambi");
  EXPECT_EQ(bundle.net->config.variants, "");
  EXPECT_GT(bundle.step, 0);

  auto game = std::make_shared<DjambiGame>();
  const PlayerFactory factory = full_player_factory();
  auto best = factory.create("best,sims=4", game, 1);
  auto r1 = factory.create("random", game, 2);
  auto r2 = factory.create("random", game, 3);
  auto r3 = factory.create("random", game, 4);
  const PlayedGame played = play_game(*game, {best.get(), r1.get(), r2.get(), r3.get()}, 40);
  EXPECT_GT(played.turns, 0);
  EXPECT_EQ(played.outcome.returns.size(), 4u);
}

TEST_F(NetsTest, BestRefusesAGameWithoutAShippedPlayer) {
  const PlayerFactory factory = full_player_factory();
  auto two = std::make_shared<DjambiGame>(Variants{}.set(Variant::kTwoPlayers));
  EXPECT_THROW(factory.create("best", two, 1), std::invalid_argument);  // the bundle plays 4 players
  try {
    factory.create("best", std::make_shared<TicTacToeGame>(), 1);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("tictactoe.djp"), std::string::npos) << e.what();
  }
  EXPECT_THROW(factory.create("best:somewhere.djp", std::make_shared<DjambiGame>(), 1), std::invalid_argument);
}

TEST_F(NetsTest, PlayersDirComesFromTheEnvironmentFirst) {
  TempDir dir;
  ::setenv("DJAMBI_PLAYERS_DIR", dir.path().c_str(), 1);
  EXPECT_EQ(shipped_players_dir(), dir.path().string());
  EXPECT_THROW(shipped_player("djambi"), std::invalid_argument);  // nothing in that folder
  ::unsetenv("DJAMBI_PLAYERS_DIR");
  EXPECT_NE(shipped_players_dir(), dir.path().string());
}

TEST_F(NetsTest, BestPlaysAShippedLearnedEvaluationAsTheAlphaBetaPlayerAndRefusesTwoPlayers) {
  const std::string source_players = shipped_players_dir();
  TempDir dir;
  AccumulatorModel model(AccumulatorNetShape{kLearnedEvalFeatures, 16, 8});
  write_eval_bundle(dir.path().string() + "/djambi.dje",
                    {{"djambi", "", kLearnedEvalFeatureSet, 1, "test"}, to_accumulator_net(model)});
  ::setenv("DJAMBI_PLAYERS_DIR", dir.path().c_str(), 1);
  const ShippedPlayer shipped = shipped_player("djambi");
  EXPECT_FALSE(shipped.network);
  auto game = std::make_shared<DjambiGame>();
  const PlayerFactory factory = full_player_factory();
  auto best = factory.create("best,nodes=300", game, 1);
  EXPECT_NE(best->name().find("eval=" + shipped.path), std::string::npos) << best->name();
  auto r1 = factory.create("random", game, 2);
  auto r2 = factory.create("random", game, 3);
  auto r3 = factory.create("random", game, 4);
  EXPECT_GT(play_game(*game, {best.get(), r1.get(), r2.get(), r3.get()}, 20).turns, 0);
  EXPECT_THROW(factory.create("best,sims=4", game, 1), std::invalid_argument);  // not an ab option

  std::filesystem::copy_file(source_players + "/djambi.djp", dir.path() / "djambi.djp");
  try {
    shipped_player("djambi");
    ADD_FAILURE() << "two shipped players taken";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("two players ship"), std::string::npos) << e.what();
  }
  ::unsetenv("DJAMBI_PLAYERS_DIR");
}

}  // namespace
}  // namespace djambi::nets_test
