#include "tests/env/simulation_checks.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "env/djambi/moves.h"
#include "env/djambi/notation.h"
#include "env/djambi/ranking.h"
#include "env/random.h"

namespace djambi::testing {

namespace {

constexpr int kPiecesPerGame = 36;
// Each kill resets the 120-turn draw counter and at most 35 pieces can die, so a game that
// runs longer than this never ends.
constexpr int kMaxTurns = 36 * Position::kDrawQuietTurns;

int pieces_on_board(const Position& pos) {
  int n = 0;
  for (Cell c : pos.board) n += c != kEmptyCell;
  return n;
}

// Invariants of a position at a turn boundary.
void check_boundary(const Position& pos, const std::string& where) {
  SCOPED_TRACE(where);
  const std::string text = format_position(pos);
  Position reread;
  ASSERT_NO_THROW(reread = parse_position(text, pos.variants)) << text;
  EXPECT_EQ(reread, pos) << text;
  EXPECT_EQ(format_position(reread), text);
  EXPECT_EQ(pieces_on_board(pos), kPiecesPerGame) << text;
  const Cell centre = pos.board[kCentre];
  EXPECT_TRUE(centre == kEmptyCell || centre == kCorpseCell || is_chief(centre)) << text;
  if (!pos.game_over()) {
    EXPECT_TRUE(pos.alive(pos.to_move)) << text;
  }
}

// Lists every whole move, checks the list against the step machine and applies each move.
void check_whole_moves(const Position& pos) {
  const auto moves = legal_moves(pos);
  const std::string text = format_position(pos);
  EXPECT_EQ(count_legal_moves(pos), moves.size()) << text;
  std::set<std::string> seen;
  std::string previous;
  for (const auto& m : moves) {
    const std::string move_text = format_move(m.move);
    EXPECT_TRUE(seen.insert(move_text).second) << "duplicate " << move_text << " in " << text;
    EXPECT_LT(previous, move_text) << "not sorted in " << text;
    previous = move_text;
    EXPECT_EQ(parse_move(move_text), m.move) << move_text;
    if (m.move.is_pass()) {
      EXPECT_EQ(moves.size(), 1u) << "pass beside other moves in " << text;
    }
    // The recorded decisions are legal one after the other and end the turn exactly at the end.
    Turn turn(pos);
    for (int i = 0; i < m.num_actions; ++i) {
      ASSERT_TRUE(turn.is_legal(m.actions[i])) << move_text << " in " << text;
      EXPECT_EQ(turn.apply(m.actions[i]), i + 1 == m.num_actions) << move_text << " in " << text;
    }
    check_boundary(turn.position(), "after " + move_text + " in " + text);
  }
}

// Plays one random game from `start`; adds the turns it took to *turns.
void simulate_game(const Position& start, Rng& rng, int full_check_every, int game, long long* turns_out) {
  ActionBuffer buffer;
  Turn turn(start);
  Ranking ranking(start);
  int turns = 0;
  while (true) {
    if (turn.at_turn_start()) {
      const Position& pos = turn.position();
      check_boundary(pos, "game " + std::to_string(game) + " turn " + std::to_string(turns));
      if (::testing::Test::HasFatalFailure()) return;
      if (turns % full_check_every == 0) check_whole_moves(pos);
      if (pos.game_over()) {
        EXPECT_EQ(turn.legal_actions(buffer.data()), 0);
        EXPECT_TRUE(legal_moves(pos).empty());
        break;
      }
      ASSERT_LT(turns, kMaxTurns) << "game never ends: " << format_position(pos);
    }
    const int n = turn.legal_actions(buffer.data());
    ASSERT_GT(n, 0) << "no decision in a running game: " << format_position(turn.position());
    for (int i = 1; i < n; ++i) ASSERT_LT(buffer[i - 1], buffer[i]) << "actions not ascending";
    const Action a = buffer[rng.below(static_cast<uint32_t>(n))];
    if (turn.apply(a)) {
      ranking.record(turn.last_turn());
      ++turns;
    } else {
      // Mid-turn: the lifted piece is the only one off the board.
      const int lifted = turn.phase() == Phase::kPlace ? 1 : 0;
      EXPECT_EQ(pieces_on_board(turn.position()) + lifted, kPiecesPerGame);
    }
  }
  // Ranks: some player ranks first, every rank is within the number of players, and every
  // survivor shares the first rank.
  const Position& end = turn.position();
  const auto ranks = ranking.ranks(end);
  int best = 99;
  for (int seat = 0; seat < end.num_players(); ++seat) {
    const int r = ranks[end.player(seat)];
    EXPECT_GE(r, 1);
    EXPECT_LE(r, end.num_players());
    best = std::min(best, r);
    if (end.alive(end.player(seat))) {
      EXPECT_EQ(r, 1) << "a survivor is not ranked first";
    }
  }
  EXPECT_EQ(best, 1);
  *turns_out += turns;
}

}  // namespace

std::vector<Variants> simulated_variant_sets() {
  std::vector<Variants> sets{Variants{}};
  Variants all;
  for (int i = 0; i < kNumVariants; ++i) {
    sets.push_back(Variants{}.set(static_cast<Variant>(i)));
    all.set(static_cast<Variant>(i));
  }
  sets.push_back(all);
  return sets;
}

long long run_random_simulation(const SimulationOptions& options) {
  Rng rng(options.seed);
  long long turns = 0;
  const Position start = Position::start(options.variants);
  for (int game = 0; game < options.games && !::testing::Test::HasFatalFailure(); ++game)
    simulate_game(start, rng, options.full_check_every, game, &turns);
  return turns;
}

}  // namespace djambi::testing
