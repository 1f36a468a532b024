// Game records and whole turns as text: every record the builder writes replays to the same
// end, and bad records are refused naming the move.
#include <gtest/gtest.h>

#include <random>

#include "env/djambi_game.h"
#include "env/game_record.h"
#include "env/games.h"
#include "env/tictactoe.h"
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

}  // namespace
}  // namespace djambi
