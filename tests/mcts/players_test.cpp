// Player specs, the factory and the baseline players.
#include <gtest/gtest.h>

#include <chrono>

#include "env/djambi/game.h"
#include "env/djambi/notation.h"
#include "env/game_record.h"
#include "env/tictactoe/game.h"
#include "mcts/basic_players.h"

namespace djambi {
namespace {

std::shared_ptr<const Game> djambi_game() { return std::make_shared<DjambiGame>(); }

TEST(PlayerSpec, Parses) {
  auto az = parse_player_spec("az:runs/x/players/best.djp,sims=200,cpuct=2.5");
  EXPECT_EQ(az.kind, "az");
  EXPECT_EQ(az.argument, "runs/x/players/best.djp");
  EXPECT_EQ(az.get_int("sims", 1, 1, 1000), 200);
  EXPECT_DOUBLE_EQ(az.get_double("cpuct", 0, 0, 10), 2.5);
  auto mcts = parse_player_spec("mcts:sims=800");
  EXPECT_EQ(mcts.kind, "mcts");
  EXPECT_EQ(mcts.argument, "");
  EXPECT_EQ(mcts.options.at("sims"), "800");
  EXPECT_EQ(parse_player_spec("random").kind, "random");
  EXPECT_THROW(parse_player_spec(""), std::invalid_argument);
  EXPECT_THROW(parse_player_spec("mcts:sims=1,=3"), std::invalid_argument);
  EXPECT_THROW(mcts.get_int("sims", 1, 1, 100), std::invalid_argument);  // out of range
  EXPECT_THROW(parse_player_spec("mcts:sims=8x").get_int("sims", 1, 1, 1000), std::invalid_argument);
}

TEST(PlayerFactory, CreatesKnownKindsAndNamesBadInput) {
  const PlayerFactory factory = basic_player_factory();
  EXPECT_EQ(factory.create("random", djambi_game(), 1)->name(), "random");
  EXPECT_EQ(factory.create("greedy", djambi_game(), 1)->name(), "greedy");
  EXPECT_EQ(factory.create("mcts:sims=10", djambi_game(), 1)->name(), "mcts:sims=10");
  try {
    factory.create("wizard", djambi_game(), 1);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("unknown player kind 'wizard'"), std::string::npos);
  }
  try {
    factory.create("mcts:simz=10", djambi_game(), 1);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("unknown option 'simz'"), std::string::npos);
  }
  EXPECT_THROW(factory.create("greedy", std::make_shared<TicTacToeGame>(), 1), std::invalid_argument);
  EXPECT_THROW(factory.create("mcts:sims", djambi_game(), 1), std::invalid_argument);  // no path
  EXPECT_THROW(factory.create("mcts:sims=0", djambi_game(), 1), std::invalid_argument);
}

TEST(Players, AWholeGameBetweenBaselinesEndsAndIsRecorded) {
  auto game = djambi_game();
  const PlayerFactory factory = basic_player_factory();
  std::vector<std::unique_ptr<Player>> players;
  for (const char* spec : {"random", "greedy", "mcts:sims=8", "random"})
    players.push_back(factory.create(spec, game, 11));
  std::vector<Player*> seats;
  for (auto& p : players) seats.push_back(p.get());
  const PlayedGame played = play_game(*game, seats, 5000);
  EXPECT_TRUE(played.outcome.finished);
  EXPECT_EQ(played.record.players, (std::vector<std::string>{"random", "greedy", "mcts:sims=8", "random"}));
  EXPECT_EQ(static_cast<int>(played.record.moves.size()), played.turns);
  EXPECT_EQ(played.record.result, replay_record(played.record)->result_string());
  // The search player's turns carry its analysis as the record's comment.
  bool commented = false;
  for (const auto& c : played.record.comments) commented |= c.rfind("mcts:sims=8: ", 0) == 0;
  EXPECT_TRUE(commented);
}

TEST(PlayerList, KeyValueItemsBelongToTheSpecBeforeThem) {
  EXPECT_EQ(split_player_list("az:a.djp,sims=64,mcts,sims=100,time=0.5,random"),
            (std::vector<std::string>{"az:a.djp,sims=64", "mcts,sims=100,time=0.5", "random"}));
  EXPECT_EQ(split_player_list("az:dir=x/a.djp,random"), (std::vector<std::string>{"az:dir=x/a.djp", "random"}));
  EXPECT_THROW(split_player_list("sims=64,random"), std::invalid_argument);
  EXPECT_THROW(split_player_list("random,,random"), std::invalid_argument);
}

TEST(SearchBudget, TimeAloneStopsTheSearchByTheClockAndSimsAloneByVisits) {
  auto game = djambi_game();
  const PlayerFactory factory = basic_player_factory();
  auto state = game->new_initial_state();
  auto by_visits = factory.create("mcts:sims=50", game, 1);
  by_visits->choose_turn(*state);
  EXPECT_NE(by_visits->last_analysis().find("of 50 visits"), std::string::npos) << by_visits->last_analysis();

  auto by_time = factory.create("mcts:time=0.05", game, 1);
  const auto start = std::chrono::steady_clock::now();
  by_time->choose_turn(*state);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_GE(seconds, 0.05);
  EXPECT_EQ(by_time->last_analysis().find("of 50 visits"), std::string::npos);  // not a fixed count

  // A budget set later replaces the spec's; players that do not search refuse one.
  EXPECT_TRUE(by_time->set_budget({7, 0}));
  by_time->choose_turn(*game->new_initial_state());
  EXPECT_NE(by_time->last_analysis().find("of 7 visits"), std::string::npos) << by_time->last_analysis();
  EXPECT_FALSE(factory.create("random", game, 1)->set_budget({7, 0}));
  EXPECT_THROW(factory.create("mcts:time=0", game, 1), std::invalid_argument);
  EXPECT_THROW(factory.create("mcts:time=x", game, 1), std::invalid_argument);
}

}  // namespace
}  // namespace djambi
