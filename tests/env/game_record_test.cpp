// Game records and whole turns as text: every record the builder writes replays to the same
// end, and bad records are refused naming the move.
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "env/djambi/game.h"
#include "env/game_record.h"
#include "env/games.h"
#include "env/tictactoe/game.h"
#include "env/turn_text.h"

namespace djambi {
namespace {

// Plays random whole turns, recording them; returns the record and the final state.
std::pair<GameRecord, std::unique_ptr<GameState>> random_recorded_game(const Game& game, uint64_t seed, int max_turns) {
  std::mt19937_64 rng(seed);
  auto state = game.new_initial_state();
  RecordBuilder builder(game, *state, std::vector<std::string>(static_cast<size_t>(game.num_players()), "random"));
  for (int t = 0; t < max_turns && !state->is_terminal(); ++t) {
    const auto turns = legal_turns(*state);
    const TextTurn& turn = turns[std::uniform_int_distribution<size_t>(0, turns.size() - 1)(rng)];
    for (Action a : turn.actions) {
      builder.on_action(*state, a, a == turn.actions.front() ? "turn " + std::to_string(t) : "");
      state->apply_action(a);
    }
  }
  return {builder.finish(*state), std::move(state)};
}

TEST(TurnText, DjambiStartHas889TurnsThatParseBack) {
  DjambiGame game;
  auto state = game.new_initial_state();
  const auto turns = legal_turns(*state);
  ASSERT_EQ(turns.size(), 889u);
  for (const TextTurn& t : turns) {
    EXPECT_EQ(parse_turn(*state, t.text), t.actions) << t.text;
    EXPECT_EQ(turn_to_string(*state, t.actions), t.text);
  }
}

TEST(TurnText, BadTurnsAreNamed) {
  DjambiGame game;
  auto state = game.new_initial_state();
  EXPECT_THROW(
      {
        try {
          parse_turn(*state, "a1-a2");
        } catch (const std::invalid_argument& e) {
          EXPECT_STREQ(e.what(), "illegal move 'a1-a2'");
          throw;
        }
      },
      std::invalid_argument);
  EXPECT_THROW(parse_turn(*state, "zz"), std::invalid_argument);
  TicTacToeGame ttt;
  auto t = ttt.new_initial_state();
  EXPECT_EQ(parse_turn(*t, "r1c1"), std::vector<Action>{4});
  EXPECT_THROW(parse_turn(*t, "r3c3"), std::invalid_argument);
}

TEST(GameRecord, RandomDjambiGamesRoundTripAndReplay) {
  for (const char* variants : {"none", "two_players", "reporter_kills_all,no_own_kills"}) {
    auto game = make_game("djambi", parse_variant_list(variants));
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      auto [record, end] = random_recorded_game(*game, seed, 400);
      EXPECT_EQ(record.variants, variants);
      const auto parsed = parse_records(format_record(record));
      ASSERT_EQ(parsed.size(), 1u);
      EXPECT_EQ(parsed[0].moves, record.moves);
      EXPECT_EQ(parsed[0].comments, record.comments);
      size_t turns_seen = 0;
      auto replayed = replay_record(parsed[0], [&](const GameState&, size_t move, int) { turns_seen = move + 1; });
      EXPECT_EQ(turns_seen, record.moves.size());
      EXPECT_EQ(replayed->hash(), end->hash());
      EXPECT_EQ(replayed->is_terminal(), !record.result.empty());
    }
  }
}

TEST(GameRecord, TicTacToeRecordsReplay) {
  TicTacToeGame game;
  auto [record, end] = random_recorded_game(game, 3, 20);
  EXPECT_EQ(record.start, "initial");
  EXPECT_FALSE(record.result.empty());
  EXPECT_EQ(replay_record(parse_records(format_record(record)).at(0))->hash(), end->hash());
}

TEST(GameRecord, ReplayRefusesAnIllegalMoveOrAWrongResult) {
  DjambiGame game;
  auto [record, end] = random_recorded_game(game, 11, 400);
  ASSERT_GT(record.moves.size(), 5u);
  GameRecord bad = record;
  bad.moves[3] = "a1-a2";
  try {
    replay_record(bad);
    FAIL() << "accepted an illegal move";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()), "move 4 'a1-a2': illegal move 'a1-a2'");
  }
  bad = record;
  bad.result = "r:1 b:2 y:3 g:4";
  if (record.result == bad.result) bad.result = "r:4 b:3 y:2 g:1";
  EXPECT_THROW(replay_record(bad), std::invalid_argument);
  bad = record;
  bad.game = "chess";
  EXPECT_THROW(replay_record(bad), std::invalid_argument);
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

TEST(GameRecord, AGameStoppedBeforeItsEndSaysSoAndReplays) {
  DjambiGame game;
  auto [record, end] = random_recorded_game(game, 5, 6);  // 6 turns: not over
  ASSERT_FALSE(end->is_terminal());
  const std::string text = format_record(record);
  EXPECT_NE(text.find("\nresult unfinished\n"), std::string::npos) << text;
  const GameRecord parsed = parse_records(text).at(0);
  EXPECT_EQ(parsed.result, "");
  EXPECT_FALSE(parsed.cut_short);
  EXPECT_EQ(replay_record(parsed)->hash(), end->hash());
}

TEST(GameRecord, ARecordCutShortOrWithoutItsResultIsRefused) {
  DjambiGame game;
  auto [record, end] = random_recorded_game(game, 11, 400);
  ASSERT_TRUE(end->is_terminal());
  const std::string text = format_record(record);
  // The file cut inside the game: its last moves and its result line are gone.
  const std::string cut = text.substr(0, text.find("\nmove ", text.size() / 2) + 1);
  EXPECT_EQ(error_of([&] { replay_record(parse_records(cut).at(0)); }),
            "the record ends without a 'result' line (after " +
                std::to_string(parse_records(cut).at(0).moves.size()) + " moves): it was cut short");
  // Only the result line deleted.
  const std::string no_result = text.substr(0, text.find("result "));
  EXPECT_NE(error_of([&] { replay_record(parse_records(no_result).at(0)); }).find("cut short"), std::string::npos);
  // A finished game written as unfinished, and an unfinished one written as over.
  GameRecord bad = record;
  bad.result = "";
  EXPECT_NE(error_of([&] { replay_record(bad); }).find("'result unfinished' but the game is over"), std::string::npos);
  bad = record;
  bad.moves.pop_back();
  bad.comments.pop_back();
  EXPECT_NE(error_of([&] { replay_record(bad); }).find("but the game is not over"), std::string::npos);
  // A record cut before the next one starts is cut short too.
  const auto two = parse_records(cut + text);
  ASSERT_EQ(two.size(), 2u);
  EXPECT_TRUE(two[0].cut_short);
  EXPECT_FALSE(two[1].cut_short);
}

TEST(GameRecord, WindowsLineEndsReadLikeUnixOnes) {
  TicTacToeGame game;
  auto [record, end] = random_recorded_game(game, 4, 20);
  std::string crlf;
  for (char c : format_record(record)) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  const auto parsed = parse_records(crlf);
  ASSERT_EQ(parsed.size(), 1u);
  EXPECT_EQ(parsed[0].moves, record.moves);
  EXPECT_EQ(parsed[0].result, record.result);
  EXPECT_EQ(replay_record(parsed[0])->hash(), end->hash());
}

TEST(GameRecord, ReadersRefuseALineOrATextBeyondTheLimits) {
  // A line without end (as from /dev/zero) is refused once it passes the limit, not read on.
  std::string endless(kMaxRecordLineBytes + 2, '\0');
  EXPECT_EQ(error_of([&] { parse_records(endless); }), "game record line 1: longer than 1 MiB");
  std::string fine = "game tictactoe\nstart " + std::string(1000, 'x') + "\n";
  EXPECT_NO_THROW(parse_records(fine));
  // More text than a records file may hold.
  struct Endless : std::streambuf {  // an endless stream of short comment lines
    std::string lines = [] {
      std::string s;
      for (int i = 0; i < 4096; ++i) s += "# comment\n";
      return s;
    }();
    int_type underflow() override {
      setg(lines.data(), lines.data(), lines.data() + lines.size());
      return traits_type::to_int_type(lines[0]);
    }
  } source;
  std::istream in(&source);
  EXPECT_EQ(error_of([&] { parse_records(in); }), "more than 256 MiB of records; split the file");
}

}  // namespace
}  // namespace djambi
