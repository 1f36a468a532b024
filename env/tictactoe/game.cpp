#include "env/tictactoe/game.h"

#include <stdexcept>

namespace djambi {

using tictactoe::kEmpty;
using tictactoe::kNumCells;
using tictactoe::kO;
using tictactoe::kX;

namespace {

constexpr int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8},   // rows
                              {0, 3, 6}, {1, 4, 7}, {2, 5, 8},   // columns
                              {0, 4, 8}, {2, 4, 6}};             // diagonals

int8_t mark_of(int seat) { return seat == 0 ? kX : kO; }

uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Zobrist keys: [square * 2 + (mark - 1)] for the 18 (square, mark) pairs, then one key per
// side to move (both nonzero, so no state hashes to 0).
struct ZobristTable {
  std::array<uint64_t, kNumCells * 2 + 2> key{};
  ZobristTable() {
    uint64_t seed = 0x7469637461637430ull;  // "tictact0"
    for (uint64_t& k : key) k = splitmix64(seed);
  }
};

const ZobristTable& zobrist() {
  static const ZobristTable table;
  return table;
}

bool has_line(const std::array<int8_t, kNumCells>& board, int8_t mark) {
  for (const auto& line : kLines) {
    if (board[line[0]] == mark && board[line[1]] == mark && board[line[2]] == mark) return true;
  }
  return false;
}

}  // namespace

TicTacToeState TicTacToeState::from_string(const std::string& text) {
  TicTacToeState s;
  int n = 0, xs = 0, os = 0;
  for (char c : text) {
    if (c == '\n') continue;
    if (n == kNumCells) throw std::invalid_argument("tic-tac-toe board '" + text + "': more than 9 cells");
    int8_t m;
    if (c == 'x' || c == 'X') {
      m = kX;
      ++xs;
    } else if (c == 'o' || c == 'O') {
      m = kO;
      ++os;
    } else if (c == '.') {
      m = kEmpty;
    } else {
      throw std::invalid_argument("tic-tac-toe board '" + text + "': bad character '" + std::string(1, c) + "'");
    }
    s.board_[static_cast<size_t>(n++)] = m;
  }
  if (n != kNumCells) throw std::invalid_argument("tic-tac-toe board '" + text + "': fewer than 9 cells");
  if (xs != os && xs != os + 1) {
    throw std::invalid_argument("tic-tac-toe board '" + text + "': mark counts do not alternate");
  }
  const bool x_won = has_line(s.board_, kX), o_won = has_line(s.board_, kO);
  // The winner must have moved last. Given the counts, this also makes the board reachable:
  // two lines of one mark share a square (disjoint ones need 6 marks), so removing a mark common
  // to all of the winner's lines gives a running predecessor.
  if (x_won && o_won) throw std::invalid_argument("tic-tac-toe board '" + text + "': both sides have a line");
  if (x_won && xs != os + 1) throw std::invalid_argument("tic-tac-toe board '" + text + "': X won but O moved last");
  if (o_won && xs != os) throw std::invalid_argument("tic-tac-toe board '" + text + "': O won but X moved last");
  s.to_move_ = static_cast<int8_t>(xs == os ? 0 : 1);
  s.winner_ = static_cast<int8_t>(x_won ? 0 : o_won ? 1 : -1);
  s.num_marks_ = static_cast<int8_t>(xs + os);
  return s;
}

std::unique_ptr<GameState> TicTacToeState::clone() const { return std::make_unique<TicTacToeState>(*this); }

int TicTacToeState::legal_actions(Action* out) const {
  if (is_terminal()) return 0;
  int n = 0;
  for (int sq = 0; sq < kNumCells; ++sq) {
    if (board_[static_cast<size_t>(sq)] == kEmpty) out[n++] = static_cast<Action>(sq);
  }
  return n;
}

bool TicTacToeState::completes_line(int square, int8_t mark) const {
  for (const auto& line : kLines) {
    if (line[0] != square && line[1] != square && line[2] != square) continue;
    if (board_[line[0]] == mark && board_[line[1]] == mark && board_[line[2]] == mark) return true;
  }
  return false;
}

void TicTacToeState::apply_action(Action action) {
  if (is_terminal()) throw std::invalid_argument("tic-tac-toe: the game is over");
  if (action < 0 || action >= kNumCells) {
    throw std::invalid_argument("tic-tac-toe: action " + std::to_string(action) + " out of range");
  }
  if (board_[static_cast<size_t>(action)] != kEmpty) {
    throw std::invalid_argument("tic-tac-toe: square " + action_to_string(action) + " is taken");
  }
  const int8_t mark = mark_of(to_move_);
  board_[static_cast<size_t>(action)] = mark;
  ++num_marks_;
  if (completes_line(action, mark)) winner_ = to_move_;
  to_move_ = static_cast<int8_t>(1 - to_move_);
}

void TicTacToeState::returns(float* out) const {
  out[0] = out[1] = 0.0f;
  if (winner_ >= 0) {
    out[winner_] = 1.0f;
    out[1 - winner_] = -1.0f;
  }
}

void TicTacToeState::observation(float* out) const {
  // Seat 0's view once the game is over (there is no current player then).
  const int viewer = is_terminal() ? 0 : to_move_;
  const int8_t mine = mark_of(viewer), theirs = mark_of(1 - viewer);
  for (int sq = 0; sq < kNumCells; ++sq) {
    const int8_t c = board_[static_cast<size_t>(sq)];
    out[sq] = c == mine ? 1.0f : 0.0f;
    out[kNumCells + sq] = c == theirs ? 1.0f : 0.0f;
    out[2 * kNumCells + sq] = viewer == 0 ? 1.0f : 0.0f;
  }
}

uint64_t TicTacToeState::hash() const {
  const auto& key = zobrist().key;
  uint64_t h = key[static_cast<size_t>(2 * kNumCells + to_move_)];
  for (int sq = 0; sq < kNumCells; ++sq) {
    const int8_t c = board_[static_cast<size_t>(sq)];
    if (c != kEmpty) h ^= key[static_cast<size_t>(sq * 2 + c - 1)];
  }
  return h;
}

std::string TicTacToeState::to_string() const {
  std::string s;
  s.reserve(11);
  for (int sq = 0; sq < kNumCells; ++sq) {
    if (sq > 0 && sq % 3 == 0) s += '\n';
    const int8_t c = board_[static_cast<size_t>(sq)];
    s += c == kX ? 'x' : c == kO ? 'o' : '.';
  }
  return s;
}

std::string TicTacToeState::action_to_string(Action action) const {
  if (action < 0 || action >= kNumCells) {
    throw std::invalid_argument("tic-tac-toe: action " + std::to_string(action) + " out of range");
  }
  return "r" + std::to_string(action / 3) + "c" + std::to_string(action % 3);
}

std::unique_ptr<GameState> TicTacToeGame::new_initial_state() const {
  return std::make_unique<TicTacToeState>();
}

int TicTacToeGame::symmetric_cell(int k, int cell) const {
  int row = cell / 3, col = cell % 3;
  for (int i = 0; i < k % 4; ++i) {  // a quarter turn: (row, col) -> (col, 2 - row)
    const int r = col;
    col = 2 - row;
    row = r;
  }
  if (k >= 4) col = 2 - col;
  return row * 3 + col;
}

}  // namespace djambi
