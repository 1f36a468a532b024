#include "env/tictactoe/game.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <set>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "env/random.h"
#include "env/tictactoe/solver.h"

namespace djambi {
namespace {

using tictactoe::kNumCells;

TicTacToeState play(const std::vector<Action>& moves) {
  TicTacToeState s;
  for (Action a : moves) s.apply_action(a);
  return s;
}

std::array<float, 2> returns_of(const GameState& s) {
  std::array<float, 2> r{};
  s.returns(r.data());
  return r;
}

std::vector<float> observation_of(const GameState& s) {
  std::vector<float> obs(static_cast<size_t>(s.observation_shape().size()), -7.0f);
  s.observation(obs.data());
  return obs;
}

// The 9 values of plane `p`, as a row-major string of '0'/'1'.
std::string plane(const std::vector<float>& obs, int p) {
  std::string out;
  for (int sq = 0; sq < kNumCells; ++sq) {
    const float v = obs[static_cast<size_t>(p * kNumCells + sq)];
    out += v == 1.0f ? '1' : v == 0.0f ? '0' : '?';
  }
  return out;
}

TEST(TicTacToe, GameDescription) {
  TicTacToeGame game;
  EXPECT_EQ(game.name(), "tictactoe");
  EXPECT_EQ(game.num_players(), 2);
  EXPECT_EQ(game.num_actions(), 9);
  const ObservationShape shape = game.observation_shape();
  EXPECT_EQ(shape.channels, 3);
  EXPECT_EQ(shape.height, 3);
  EXPECT_EQ(shape.width, 3);
  auto s = game.new_initial_state();
  EXPECT_EQ(s->num_players(), 2);
  EXPECT_EQ(s->num_actions(), 9);
  EXPECT_EQ(s->observation_shape().size(), 27);
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_FALSE(s->is_terminal());
  EXPECT_EQ(s->legal_actions(), (std::vector<Action>{0, 1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(s->to_string(), "...\n...\n...");
}

TEST(TicTacToe, PlayersAlternateAndLegalActionsShrink) {
  TicTacToeState s;
  s.apply_action(4);
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_EQ(s.legal_actions(), (std::vector<Action>{0, 1, 2, 3, 5, 6, 7, 8}));
  s.apply_action(0);
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(s.legal_actions(), (std::vector<Action>{1, 2, 3, 5, 6, 7, 8}));
  EXPECT_EQ(s.to_string(), "o..\n.x.\n...");
  std::vector<uint8_t> mask(9, 7);
  s.legal_mask(mask.data());
  EXPECT_EQ(mask, (std::vector<uint8_t>{0, 1, 1, 1, 0, 1, 1, 1, 1}));
  EXPECT_EQ(returns_of(s), (std::array<float, 2>{0.0f, 0.0f}));
}

const std::vector<std::array<Action, 3>> kAllLines = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                                     {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

// `count` (2 or 3) squares off `line` for the loser that do not themselves form a line.
std::vector<Action> loser_squares(const std::array<Action, 3>& line, size_t count) {
  std::vector<Action> off;
  for (Action a = 0; a < 9; ++a) {
    if (std::find(line.begin(), line.end(), a) == line.end()) off.push_back(a);
  }
  // Sliding windows of consecutive off-line squares; two marks never make a line.
  for (size_t skip = 0; skip + count <= off.size(); ++skip) {
    const std::vector<Action> pick(off.begin() + static_cast<long>(skip),
                                   off.begin() + static_cast<long>(skip + count));
    const bool is_line = count == 3 && std::any_of(kAllLines.begin(), kAllLines.end(), [&](const auto& l) {
                           return std::equal(l.begin(), l.end(), pick.begin());
                         });
    if (!is_line) return pick;
  }
  return {};
}

TEST(TicTacToe, EveryLineWins) {
  for (const auto& line : kAllLines) {
    for (int winner = 0; winner < 2; ++winner) {
      // X moves first, so when O wins X has made 3 moves elsewhere.
      const std::vector<Action> filler = loser_squares(line, winner == 0 ? 2 : 3);
      ASSERT_FALSE(filler.empty());
      TicTacToeState s;
      size_t fi = 0;
      if (winner == 1) s.apply_action(filler[fi++]);
      for (size_t li = 0; li < 3; ++li) {
        ASSERT_FALSE(s.is_terminal()) << s.to_string();
        s.apply_action(line[li]);
        if (li < 2) {
          ASSERT_FALSE(s.is_terminal()) << s.to_string();
          s.apply_action(filler[fi++]);
        }
      }
      ASSERT_TRUE(s.is_terminal()) << s.to_string();
      EXPECT_EQ(s.winner(), winner) << s.to_string();
      EXPECT_EQ(s.current_player(), kTerminalPlayer);
      const float w = winner == 0 ? 1.0f : -1.0f;
      EXPECT_EQ(returns_of(s), (std::array<float, 2>{w, -w})) << s.to_string();
    }
  }
}

TEST(TicTacToe, WinOnTheLastSquareIsAWinNotADraw) {
  // x x o / o x x / o o .  X completes the main diagonal with the ninth mark.
  TicTacToeState s = TicTacToeState::from_string("xxo\noxx\noo.");
  ASSERT_FALSE(s.is_terminal());
  ASSERT_EQ(s.current_player(), 0);
  s.apply_action(8);
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.num_marks(), 9);
  EXPECT_EQ(s.winner(), 0);
  EXPECT_EQ(returns_of(s), (std::array<float, 2>{1.0f, -1.0f}));
}

TEST(TicTacToe, FullBoardDraw) {
  // x o x / x o o / o x x
  const TicTacToeState s = play({0, 1, 2, 4, 3, 5, 7, 6, 8});
  EXPECT_EQ(s.to_string(), "xox\nxoo\noxx");
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.winner(), -1);
  EXPECT_EQ(s.current_player(), kTerminalPlayer);
  EXPECT_EQ(returns_of(s), (std::array<float, 2>{0.0f, 0.0f}));
  EXPECT_TRUE(s.legal_actions().empty());
}

TEST(TicTacToe, NoMovesAfterTheEnd) {
  TicTacToeState s = play({0, 3, 1, 4, 2});  // X wins on the top row
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(s.num_marks(), 5);
  Action buf[9];
  EXPECT_EQ(s.legal_actions(buf), 0);
  EXPECT_TRUE(s.legal_actions().empty());
  const std::string before = s.to_string();
  EXPECT_THROW(s.apply_action(5), std::invalid_argument);
  EXPECT_EQ(s.to_string(), before);
  EXPECT_EQ(s.winner(), 0);
}

TEST(TicTacToe, IllegalActionsRejected) {
  TicTacToeState s = play({4});
  const uint64_t h = s.hash();
  EXPECT_THROW(s.apply_action(4), std::invalid_argument);   // taken
  EXPECT_THROW(s.apply_action(-1), std::invalid_argument);  // out of range
  EXPECT_THROW(s.apply_action(9), std::invalid_argument);
  EXPECT_EQ(s.hash(), h);
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_EQ(s.num_marks(), 1);
  EXPECT_THROW(s.action_to_string(9), std::invalid_argument);
}

TEST(TicTacToe, ActionNames) {
  TicTacToeState s;
  EXPECT_EQ(s.action_to_string(0), "r0c0");
  EXPECT_EQ(s.action_to_string(2), "r0c2");
  EXPECT_EQ(s.action_to_string(3), "r1c0");
  EXPECT_EQ(s.action_to_string(7), "r2c1");
  EXPECT_EQ(s.action_to_string(8), "r2c2");
}

TEST(TicTacToe, FromStringParsesAndInfersTheMover) {
  TicTacToeState s = TicTacToeState::from_string("x.o......");
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(s.to_string(), "x.o\n...\n...");
  EXPECT_EQ(s, play({0, 2}));
  EXPECT_EQ(s.hash(), play({0, 2}).hash());

  TicTacToeState t = TicTacToeState::from_string("x.o\n...\n..x");  // to_string()'s layout
  EXPECT_EQ(t.current_player(), 1);
  EXPECT_EQ(t, play({0, 2, 8}));

  TicTacToeState won = TicTacToeState::from_string("ooo\nxx.\nx..");
  EXPECT_TRUE(won.is_terminal());
  EXPECT_EQ(won.winner(), 1);
  EXPECT_EQ(TicTacToeState::from_string(".........").hash(), TicTacToeState().hash());
}

TEST(TicTacToe, FromStringRejectsMalformedBoards) {
  for (const char* bad : {"", "........", "..........", "x.o...?..", "x.o ......", "xx.......",
                          "o........", "xxx\nooo\n...", "ooo\nxx.\nxx.", "xxx\noo.\n...x" /* 10 cells */,
                          "xxx\noo.\n..o"}) {
    EXPECT_THROW(TicTacToeState::from_string(bad), std::invalid_argument) << bad;
  }
}

TEST(TicTacToe, ObservationFromBothViews) {
  // x . o / . x . / . . .  with O (seat 1) to move.
  TicTacToeState s = play({0, 2, 4});
  ASSERT_EQ(s.current_player(), 1);
  std::vector<float> obs = observation_of(s);
  ASSERT_EQ(obs.size(), 27u);
  EXPECT_EQ(plane(obs, 0), "001000000");  // O's own marks
  EXPECT_EQ(plane(obs, 1), "100010000");  // X's marks
  EXPECT_EQ(plane(obs, 2), "000000000");  // not seat 0

  s.apply_action(7);  // x . o / . x . / . o .  X to move
  ASSERT_EQ(s.current_player(), 0);
  obs = observation_of(s);
  EXPECT_EQ(plane(obs, 0), "100010000");
  EXPECT_EQ(plane(obs, 1), "001000010");
  EXPECT_EQ(plane(obs, 2), "111111111");

  obs = observation_of(TicTacToeState());
  EXPECT_EQ(plane(obs, 0), "000000000");
  EXPECT_EQ(plane(obs, 1), "000000000");
  EXPECT_EQ(plane(obs, 2), "111111111");
}

TEST(TicTacToe, TerminalObservationIsSeatZerosView) {
  // O wins the right column: o is the last mover, the game is over.
  TicTacToeState s = TicTacToeState::from_string("xxo\nx.o\n..o");
  ASSERT_TRUE(s.is_terminal());
  ASSERT_EQ(s.winner(), 1);
  std::vector<float> obs = observation_of(s);
  EXPECT_EQ(plane(obs, 0), "110100000");  // X's marks
  EXPECT_EQ(plane(obs, 1), "001001001");
  EXPECT_EQ(plane(obs, 2), "111111111");
}

TEST(TicTacToe, HashEqualForEqualStatesAndDiffersOtherwise) {
  // Transpositions reach the same state and hash.
  EXPECT_EQ(play({0, 4, 8}).hash(), play({8, 4, 0}).hash());
  EXPECT_EQ(play({0, 4, 8}), play({8, 4, 0}));
  EXPECT_NE(play({0, 4}).hash(), play({4, 0}).hash());  // colours swapped
  EXPECT_NE(play({0}).hash(), play({1}).hash());
  EXPECT_NE(TicTacToeState().hash(), play({0}).hash());
  EXPECT_NE(play({0, 1}).hash(), play({0, 1, 2}).hash());
  EXPECT_NE(TicTacToeState().hash(), 0u);
}

TEST(TicTacToe, CloneIsIndependent) {
  TicTacToeGame game;
  auto s = game.new_initial_state();
  s->apply_action(4);
  auto c = s->clone();
  EXPECT_EQ(c->to_string(), s->to_string());
  EXPECT_EQ(c->hash(), s->hash());
  c->apply_action(0);
  EXPECT_EQ(s->to_string(), "...\n.x.\n...");
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(c->to_string(), "o..\n.x.\n...");
  EXPECT_NE(c->hash(), s->hash());
  s->apply_action(8);
  EXPECT_EQ(c->to_string(), "o..\n.x.\n...");

  // Value semantics of the concrete type too.
  TicTacToeState a = play({4});
  TicTacToeState b = a;
  b.apply_action(0);
  EXPECT_EQ(a.num_marks(), 1);
  EXPECT_NE(a, b);
}

// Every reachable state, by DFS over the generic interface, keyed by to_string() (which with
// the board determines the state). Records each state's hash.
void collect(const GameState& s, std::unordered_map<std::string, uint64_t>& seen) {
  if (!seen.emplace(s.to_string(), s.hash()).second) return;
  for (Action a : s.legal_actions()) {
    auto child = s.clone();
    child->apply_action(a);
    collect(*child, seen);
  }
}

TEST(TicTacToe, ReachablePositionsAndHashesAreUnique) {
  std::unordered_map<std::string, uint64_t> seen;
  collect(*TicTacToeGame().new_initial_state(), seen);
  EXPECT_EQ(seen.size(), 5478u);
  std::unordered_set<uint64_t> hashes;
  for (const auto& [board, h] : seen) hashes.insert(h);
  EXPECT_EQ(hashes.size(), seen.size()) << "hash collision among reachable states";

  // from_string() round-trips every reachable state, hash included.
  for (const auto& [board, h] : seen) {
    const TicTacToeState s = TicTacToeState::from_string(board);
    EXPECT_EQ(s.to_string(), board);
    EXPECT_EQ(s.hash(), h) << board;
  }
}

TEST(TicTacToe, FromStringAcceptsExactlyTheReachableBoards) {
  std::unordered_map<std::string, uint64_t> seen;
  collect(TicTacToeState(), seen);
  int accepted = 0;
  for (int code = 0; code < 19683; ++code) {  // 3^9 fillings
    std::string board;
    for (int sq = 0, c = code; sq < 9; ++sq, c /= 3) board += ".xo"[c % 3];
    bool ok = true;
    try {
      TicTacToeState::from_string(board);
    } catch (const std::invalid_argument&) {
      ok = false;
    }
    const std::string pretty = board.substr(0, 3) + "\n" + board.substr(3, 3) + "\n" + board.substr(6, 3);
    EXPECT_EQ(ok, seen.count(pretty) == 1) << pretty;
    accepted += ok;
  }
  EXPECT_EQ(accepted, 5478);
}

TEST(TicTacToeSolver, EmptyBoardIsADrawAndEveryOpeningHolds) {
  EXPECT_EQ(solve_value(TicTacToeState()), 0);
  EXPECT_EQ(optimal_actions(TicTacToeState()), (std::vector<Action>{0, 1, 2, 3, 4, 5, 6, 7, 8}));
}

TEST(TicTacToeSolver, KnownReplies) {
  // After a corner opening only the centre draws; after the centre, only the corners.
  EXPECT_EQ(optimal_actions(play({0})), (std::vector<Action>{4}));
  EXPECT_EQ(optimal_actions(play({4})), (std::vector<Action>{0, 2, 6, 8}));
  // Corner, centre, opposite corner: O must take an edge; a corner lets X fork.
  EXPECT_EQ(solve_value(play({0, 4, 8})), 0);
  EXPECT_EQ(optimal_actions(play({0, 4, 8})), (std::vector<Action>{1, 3, 5, 7}));
  // The adjacent-edge reply to a corner loses.
  EXPECT_EQ(solve_value(play({0, 1})), 1);
}

TEST(TicTacToeSolver, ImmediateWinIsFound) {
  // x x . / o o . / . . .  X to move: only r0c2 wins (anything but r0c2/r1c2 loses at once,
  // and the block r1c2 only draws).
  const TicTacToeState s = TicTacToeState::from_string("xx.\noo.\n...");
  ASSERT_EQ(s.current_player(), 0);
  EXPECT_EQ(solve_value(s), 1);
  EXPECT_EQ(optimal_actions(s), (std::vector<Action>{2}));
  // O to move wins only at r1c2 (blocking at r0c2 merely draws, anything else loses).
  const TicTacToeState t = TicTacToeState::from_string("xx.\noo.\nx..");
  ASSERT_EQ(t.current_player(), 1);
  EXPECT_EQ(solve_value(t), 1);
  EXPECT_EQ(optimal_actions(t), (std::vector<Action>{5}));
}

TEST(TicTacToeSolver, ForkPositions) {
  // x . o / . o . / . . x  X to move must block at r2c0, which forks r1c0 and r2c1: a win.
  const TicTacToeState s = TicTacToeState::from_string("x.o\n.o.\n..x");
  ASSERT_EQ(s.current_player(), 0);
  EXPECT_EQ(solve_value(s), 1);
  EXPECT_EQ(optimal_actions(s), (std::vector<Action>{6}));
  // After the fork O has only losing moves: all of them are "optimal".
  TicTacToeState f = s;
  f.apply_action(6);
  EXPECT_EQ(solve_value(f), -1);
  EXPECT_EQ(optimal_actions(f), (std::vector<Action>{1, 3, 5, 7}));
}

TEST(TicTacToeSolver, TerminalStates) {
  const TicTacToeState won = play({0, 3, 1, 4, 2});  // X won; O would move next
  EXPECT_EQ(solve_value(won), -1);
  EXPECT_TRUE(optimal_actions(won).empty());
  const TicTacToeState drawn = play({0, 1, 2, 4, 3, 5, 7, 6, 8});
  EXPECT_EQ(solve_value(drawn), 0);
  EXPECT_TRUE(optimal_actions(drawn).empty());
}

// Checks the memoised solver against a plain minimax on every reachable state, and that the
// optimal actions are exactly the legal ones with the best child value.
int plain_minimax(const TicTacToeState& s) {
  if (s.is_terminal()) return s.winner() >= 0 ? -1 : 0;
  int best = -1;
  for (Action a : s.legal_actions()) {
    TicTacToeState c = s;
    c.apply_action(a);
    best = std::max(best, -plain_minimax(c));
  }
  return best;
}

TEST(TicTacToeSolver, AgreesWithPlainMinimaxEverywhere) {
  std::unordered_map<std::string, uint64_t> seen;
  collect(TicTacToeState(), seen);
  TicTacToeSolver solver;
  int wins = 0, draws = 0, losses = 0;
  for (const auto& [board, h] : seen) {
    const TicTacToeState s = TicTacToeState::from_string(board);
    const int v = solver.value(s);
    ASSERT_EQ(v, plain_minimax(s)) << board;
    (v > 0 ? wins : v < 0 ? losses : draws)++;
    const std::vector<Action> best = solver.optimal_actions(s);
    EXPECT_EQ(best.empty(), s.is_terminal()) << board;
    for (Action a : s.legal_actions()) {
      TicTacToeState c = s;
      c.apply_action(a);
      const bool is_best = -plain_minimax(c) == v;
      EXPECT_EQ(is_best, std::find(best.begin(), best.end(), a) != best.end()) << board << " " << a;
    }
  }
  EXPECT_EQ(wins + draws + losses, 5478);
}

TEST(TicTacToeSolver, OptimalPlayNeverLosesToRandom) {
  Rng rng(12345);
  TicTacToeSolver solver;
  for (int game = 0; game < 400; ++game) {
    const int solver_seat = game % 2;
    TicTacToeState s;
    while (!s.is_terminal()) {
      const std::vector<Action> moves =
          s.current_player() == solver_seat ? solver.optimal_actions(s) : s.legal_actions();
      s.apply_action(moves[rng.below(static_cast<uint32_t>(moves.size()))]);
    }
    EXPECT_NE(s.winner(), 1 - solver_seat) << s.to_string();
  }
  // Two optimal players always draw.
  for (int game = 0; game < 100; ++game) {
    TicTacToeState s;
    while (!s.is_terminal()) {
      const std::vector<Action> moves = solver.optimal_actions(s);
      s.apply_action(moves[rng.below(static_cast<uint32_t>(moves.size()))]);
    }
    EXPECT_EQ(s.winner(), -1) << s.to_string();
  }
}

}  // namespace
}  // namespace djambi
