// The measures of djambi analyze (docs/ANALYSIS.md) on hand-made records whose counts are
// known by construction, and their invariants over random games.
#include "train/analysis/djambi/record_analysis.h"

#include <gtest/gtest.h>

#include <random>

#include "env/djambi/game.h"
#include "env/games.h"

namespace djambi {
namespace {

GameRecord record_of(const std::string& start, const std::vector<std::string>& moves) {
  GameRecord r;
  r.game = "djambi";
  r.players = {"red", "blue", "yellow", "green"};
  r.start = start;
  r.moves = moves;
  r.comments.assign(moves.size(), "");
  r.result = "";  // result unfinished
  return r;
}

// Red's militant kills a blue militant, yellow's kills that red militant, then two quiet moves.
//   9 Cg . . . . . . My Cy      Material before turn 1: r 108, b 104, y 108, g 100.
//   8 . . . . . . . My My       Turn 1 (r): yellow leads; red reaches c4 (blue) and b4 (yellow).
//   7 . . . . . . Mb . .        Turn 3 (y): red leads (108 against 102 and 100); yellow reaches
//   4 . My Mb . . . . . .         c4 and b2 (red) and g6 (blue).
//   3 . . Mr . . . . . .
//   2 Mr Mr . . . . . . .
//   1 Cr Mr . . . . . . Cb
GameRecord two_kills() {
  return record_of("Cg6MyCy/7MyMy/6Mb2/9/9/1MyMb6/2Mr6/MrMr7/CrMr6Cb r rbyg - 0 0",
                   {"c3xc4>h2", "g7-g6", "b4xc4>h3", "a9-a8"});
}

TEST(RecordAnalysis, CaptureMatrixCountsWhoKilledWhom) {
  const RecordAnalysis a = analyze_records({two_kills()});
  EXPECT_EQ(a.games, 1u);
  EXPECT_EQ(a.finished, 0u);
  EXPECT_EQ(a.turns, 4u);
  for (int s = 0; s < 4; ++s)
    for (int v = 0; v < 5; ++v) {
      const long long expected = (s == 0 && v == 1) || (s == 2 && v == 0) ? 1 : 0;
      EXPECT_EQ(a.kills[s][v], expected) << "seat " << s << " victim " << v;
      EXPECT_EQ(a.chief_kills[s][v], 0);
      EXPECT_EQ(a.armies_taken[s][v], 0);
    }
  EXPECT_EQ(a.by_player.at("red").kills, 1);
  EXPECT_EQ(a.by_player.at("yellow").kills, 1);
  EXPECT_EQ(a.by_player.at("blue").kills, 0);
  // An unfinished game has no outcome.
  EXPECT_EQ(a.by_seat[0].games, 1);
  EXPECT_EQ(a.by_seat[0].wins + a.by_seat[0].survived, 0);
}

TEST(RecordAnalysis, LeaderAttacksAgainstTheRateExpectedFromReach) {
  const RecordAnalysis a = analyze_records({two_kills()});
  EXPECT_EQ(a.leader_attack_turns, 2);
  EXPECT_DOUBLE_EQ(a.leader_attacks, 0.0 + 1.0);              // red hit blue, not the leader; yellow hit red
  EXPECT_DOUBLE_EQ(a.leader_attacks_expected, 0.5 + 2.0 / 3);  // reach 1 of 2, then 2 of 3
}

TEST(RecordAnalysis, TrucesRunUntilAHostileAct) {
  const RecordAnalysis a = analyze_records({two_kills()});
  auto truce = [&](int x, int y) { return a.truces.at({x, y}); };
  // r-b: hostile on turn 1, then a truce of turns 2-4 still running at the end.
  EXPECT_EQ(truce(0, 1).truces, 1);
  EXPECT_EQ(truce(0, 1).turns, 3);
  EXPECT_EQ(truce(0, 1).broken, 0);
  // r-y: turns 1-2 broken by yellow on turn 3 (equal material: not the stronger), then turn 4.
  EXPECT_EQ(truce(0, 2).truces, 2);
  EXPECT_EQ(truce(0, 2).turns, 3);
  EXPECT_EQ(truce(0, 2).broken, 1);
  EXPECT_EQ(truce(0, 2).broken_by_stronger, 0);
  for (auto [x, y] : {std::pair{0, 3}, {1, 2}, {1, 3}, {2, 3}}) {
    EXPECT_EQ(truce(x, y).truces, 1);
    EXPECT_EQ(truce(x, y).turns, 4);
    EXPECT_EQ(truce(x, y).broken, 0);
  }
}

// Green (army: one militant, 2) is out of contention against red's army of 14; its militant
// kills red's assassin, and blue (army 10) becomes the player the evaluation ranks first.
//   9 Cg . . . . . . Ay Cy
//   8 . . . . . . . . My
//   5 . . . Mg . . . . .
//   4 . . . Ar . . . . .
//   2 Mr Mr . . . . . Mb Mb
//   1 Cr Mr Mr . . . . Ab Cb
TEST(RecordAnalysis, KingmakingIsAMoveOutOfContentionThatChangesTheExpectedWinner) {
  const RecordAnalysis a = analyze_records(
      {record_of("Cg6AyCy/8My/9/9/3Mg5/3Ar5/9/MrMr5MbMb/CrMrMr4AbCb g rbyg - 0 0", {"d5xd4>f6"})});
  EXPECT_EQ(a.out_of_contention_turns, 1);
  ASSERT_EQ(a.kingmaking.size(), 1u);
  EXPECT_EQ(a.kingmaking[0].mover, "g green");
  EXPECT_EQ(a.kingmaking[0].move_text, "d5xd4>f6");
  EXPECT_EQ(a.kingmaking[0].leader_before, "r");
  EXPECT_EQ(a.kingmaking[0].leader_after, "b");
  EXPECT_EQ(a.by_player.at("green").kingmaking_moves, 1);
  // A quiet move of the same player changes nothing.
  const RecordAnalysis quiet = analyze_records(
      {record_of("Cg6AyCy/8My/9/9/3Mg5/3Ar5/9/MrMr5MbMb/CrMrMr4AbCb g rbyg - 0 0", {"a9-b9"})});
  EXPECT_EQ(quiet.out_of_contention_turns, 1);
  EXPECT_TRUE(quiet.kingmaking.empty());
}

// Random games: the outcome counts and the capture matrix agree with the final positions.
TEST(RecordAnalysis, RandomGamesKeepEveryInvariant) {
  auto game = make_game("djambi");
  std::mt19937 rng(7);
  std::vector<GameRecord> records;
  long long pieces_lost = 0;
  for (int g = 0; g < 12; ++g) {
    auto state = game->new_initial_state();
    RecordBuilder builder(*game, *state, {"random", "random", "random", g % 2 ? "other" : "random"});
    ActionBuffer actions;
    for (int d = 0; d < 3000 && !state->is_terminal(); ++d) {
      const int n = state->legal_actions(actions.data());
      const Action a = actions[std::uniform_int_distribution<int>(0, n - 1)(rng)];
      builder.on_action(*state, a);
      state->apply_action(a);
    }
    records.push_back(builder.finish(*state));
    int living_end = 0;
    for (Cell c : as_djambi(*state)->position().board) living_end += is_living(c);
    pieces_lost += 4 * 9 - living_end;
  }
  const RecordAnalysis a = analyze_records(records);
  EXPECT_EQ(a.games, 12u);
  long long kills = 0, wins = 0, games = 0, first = 0;
  for (int s = 0; s < 4; ++s) {
    for (int v = 0; v < 5; ++v) kills += a.kills[s][v];
    wins += a.by_seat[s].wins;
    games += a.by_seat[s].games;
    first += a.first_place_by_seat[s];
    EXPECT_LE(a.by_seat[s].survived + a.by_seat[s].eliminated, a.by_seat[s].games);
  }
  EXPECT_EQ(kills, pieces_lost);
  EXPECT_EQ(games, 4 * 12);
  EXPECT_EQ(first, wins);
  EXPECT_LE(wins, static_cast<long long>(a.finished));
  EXPECT_EQ(a.by_player.at("random").games + a.by_player.at("other").games, 4 * 12);
  EXPECT_LE(a.leader_attacks, a.leader_attack_turns);
  EXPECT_LE(a.leader_attacks_expected, a.leader_attack_turns);
}

TEST(RecordAnalysis, RefusesWhatItCannotMeasure) {
  EXPECT_THROW(analyze_records({}), std::invalid_argument);
  GameRecord ttt;
  ttt.game = "tictactoe";
  ttt.start = "initial";
  EXPECT_THROW(analyze_records({ttt}), std::invalid_argument);
  GameRecord two = two_kills();
  two.variants = "two_players";
  two.start = "initial";
  two.moves.clear();
  two.comments.clear();
  try {
    analyze_records({two_kills(), two});
    ADD_FAILURE() << "records of 4 and 2 players were analysed together";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("record 2"), std::string::npos) << e.what();
  }
  GameRecord illegal = two_kills();
  illegal.moves[1] = "g7-g1";
  try {
    analyze_records({illegal});
    ADD_FAILURE() << "an illegal move was analysed";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("record 1 does not replay"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace djambi
