#pragma once
// Tic-tac-toe behind the generic game interface: a tiny, exactly solvable game for testing the
// search and the training loop end to end. Seat 0 plays X and moves first; action = square index
// row * 3 + col with row 0 at the top.
#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "env/game.h"

namespace djambi {

namespace tictactoe {
constexpr int kNumCells = 9;  // the squares, row-major; djambi::kNumSquares is Djambi's board
constexpr int kNumPlayers = 2;
constexpr int kNumChannels = 3;
// Cell contents.
constexpr int8_t kEmpty = 0;
constexpr int8_t kX = 1;  // seat 0
constexpr int8_t kO = 2;  // seat 1
}  // namespace tictactoe

class TicTacToeState : public GameState {
 public:
  // The empty board, X (seat 0) to move.
  TicTacToeState() = default;

  // Parses 9 cells of 'x', 'o' or '.' in row-major order (newlines, as written by to_string(),
  // are skipped). The side to move is inferred: X when the counts are equal, else O. Throws
  // std::invalid_argument on a malformed or unreachable board (bad characters or length, counts
  // that do not alternate, both sides winning, or a win that does not match the last mover).
  static TicTacToeState from_string(const std::string& board);

  std::unique_ptr<GameState> clone() const override;

  int num_players() const override { return tictactoe::kNumPlayers; }
  int current_player() const override { return is_terminal() ? kTerminalPlayer : to_move_; }
  bool is_terminal() const override { return winner_ >= 0 || num_marks_ == tictactoe::kNumCells; }
  int num_actions() const override { return tictactoe::kNumCells; }
  int legal_actions(Action* out) const override;
  using GameState::legal_actions;
  // Throws std::invalid_argument if the game is over, the action is out of range or the square
  // is taken; the state is left unchanged then.
  void apply_action(Action action) override;
  void returns(float* out) const override;

  ObservationShape observation_shape() const override { return {tictactoe::kNumChannels, 3, 3}; }
  void observation(float* out) const override;
  uint64_t hash() const override;
  std::string to_string() const override;
  std::string action_to_string(Action action) const override;

  // kEmpty, kX or kO.
  int8_t cell(int square) const { return board_[static_cast<size_t>(square)]; }
  // The seat that completed a line, or -1 (running or drawn).
  int winner() const { return winner_; }
  // The seat whose turn it is or would be: still defined (and alternating) in a terminal state.
  int next_mover() const { return to_move_; }
  int num_marks() const { return num_marks_; }

  bool operator==(const TicTacToeState& o) const { return board_ == o.board_ && to_move_ == o.to_move_; }
  bool operator!=(const TicTacToeState& o) const { return !(*this == o); }

 private:
  // Whether `mark` occupies a whole line through `square`.
  bool completes_line(int square, int8_t mark) const;

  std::array<int8_t, tictactoe::kNumCells> board_{};  // all kEmpty
  int8_t to_move_ = 0;
  int8_t winner_ = -1;
  int8_t num_marks_ = 0;
};

class TicTacToeGame : public Game {
 public:
  std::string name() const override { return "tictactoe"; }
  GameDescription description() const override { return {name(), {}}; }
  int num_players() const override { return tictactoe::kNumPlayers; }
  int num_actions() const override { return tictactoe::kNumCells; }
  ObservationShape observation_shape() const override { return {tictactoe::kNumChannels, 3, 3}; }
  std::unique_ptr<GameState> new_initial_state() const override;
  // The 8 symmetries of the square: k % 4 quarter turns, then a mirror when k >= 4.
  int num_symmetries() const override { return 8; }
  int symmetric_cell(int k, int cell) const override;
  Action symmetric_action(int k, Action action) const override { return symmetric_cell(k, action); }
};

}  // namespace djambi
