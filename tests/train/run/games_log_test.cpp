// Game records files: a record cut short by a kill is cut off on resume; whole records stay.
#include "train/run/games_log.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "env/game_record.h"
#include "tests/train/run_test_util.h"

namespace djambi {
namespace {

using train_test::read_file;
using train_test::TempDir;
using train_test::write_file;

std::string record(int moves) {
  GameRecord r;
  r.game = "tictactoe";
  r.players = {"selfplay", "selfplay"};
  r.start = "initial";
  for (int i = 0; i < moves; ++i) r.moves.push_back("r0c" + std::to_string(i));
  return format_record(r);
}

TEST(GamesLog, OneFileForEveryHundredGames) {
  TempDir dir("games");
  GamesLog log(dir.path());
  for (int game = 0; game < 150; ++game) log.append(record(1), game, game / 10);
  log.sync();
  EXPECT_EQ(parse_records(read_file(dir.file("games-00000000-step-0.txt"))).size(), 100u);
  EXPECT_EQ(parse_records(read_file(dir.file("games-00000100-step-10.txt"))).size(), 50u);
}

TEST(GamesLog, ARecordCutShortIsCutOffOnResume) {
  TempDir dir("games");
  const std::string whole = record(2) + "\n" + record(3) + "\n";
  const std::string cut = dir.file("games-00000000-step-0.txt"), intact = dir.file("games-00000100-step-9.txt");
  write_file(cut, whole + record(3).substr(0, 40));
  write_file(intact, whole);
  write_file(dir.file("games-00000200-step-12.txt"), record(1).substr(0, 10));
  std::ostringstream notices;
  repair_game_records(dir.path(), notices);
  EXPECT_EQ(read_file(cut), whole);
  EXPECT_EQ(read_file(intact), whole);
  EXPECT_EQ(read_file(dir.file("games-00000200-step-12.txt")), "");
  EXPECT_NE(notices.str().find(cut + ": dropped its last record"), std::string::npos) << notices.str();
  EXPECT_EQ(notices.str().find(intact), std::string::npos) << notices.str();
  EXPECT_EQ(parse_records(read_file(cut)).size(), 2u);
}

}  // namespace
}  // namespace djambi
