#pragma once
// One turn as a sequence of sub-decisions (RULES.md section 5's order: move, placement,
// reporter kill, exit move, its placement). Each sub-decision is one Action of the fixed action
// space in actions.h; a search can treat every one as a node. Whole moves (moves.h) are paths
// through this machine, so there is one implementation of the rules.
#include <array>

#include "env/djambi/actions.h"
#include "env/djambi/position.h"

namespace djambi {

enum class Phase : uint8_t {
  kMove,    // choose the first move part, or pass
  kPlace,   // choose where the lifted piece (corpse or displaced living piece) goes
  kReport,  // choose the reporter's victim, or nobody
  kExit,    // choose the move that takes the piece off e5
};

// Room for every legal action of one decision, whatever the position.
constexpr int kMaxLegalActions = action::kNumActions;
using ActionBuffer = std::array<Action, kMaxLegalActions>;

// What a finished turn did, for rankings and statistics.
struct TurnEvents {
  bool killed = false;      // any piece killed (surrounded chiefs included)
  uint8_t eliminated = 0;   // bit p: player p went out during the turn
};

class Turn {
 public:
  explicit Turn(const Position& start);

  // The board as it stands now (mid-turn while a turn is in progress).
  const Position& position() const { return pos_; }
  Phase phase() const { return phase_; }
  PlayerId mover() const { return mover_; }
  bool at_turn_start() const { return phase_ == Phase::kMove; }
  bool game_over() const { return phase_ == Phase::kMove && pos_.game_over(); }
  // The piece waiting for placement (kPlace), or kEmptyCell.
  Cell lifted() const { return lifted_; }
  // Where the moving piece stands once its first part is made (kNoSquare before).
  Square moving_piece() const { return piece_; }
  // Where the first part placed a piece, which the exit may not land on (kNoSquare if none).
  Square placed_square() const { return placed_; }
  // 0 during the first part of the move, 1 during the exit from e5.
  int part() const { return part_; }
  // While the first part's piece stands on e5 as a non-chief, every choice must leave an exit;
  // otherwise a placement ends the turn.
  bool must_keep_exit() const {
    return part_ == 0 && piece_ == kCentre && !is_chief(pos_.board[kCentre]);
  }
  // Victims killed automatically under reporter_kills_all by the last move part applied, in
  // byte order.
  int num_auto_victims() const { return num_auto_victims_; }
  Square auto_victim(int i) const { return auto_victims_[i]; }

  // Writes the legal actions in ascending order; returns how many. 0 only when the game is over.
  int legal_actions(Action* out) const;
  bool is_legal(Action a) const;
  // Applies a legal action (undefined for an illegal one). Returns true when it ended the
  // turn; position() is then the start of the next turn and last_turn() says what happened.
  bool apply(Action a);
  const TurnEvents& last_turn() const { return last_; }

 private:
  bool can_land(Kind kind, Cell target, Square to) const;
  template <typename Emit>
  void for_each_move_part(Emit&& emit) const;
  bool entry_completes(Square from, Square to) const;
  bool has_any_action() const;


  void apply_move_part(Square from, Square to);
  void place(Square sq);
  void kill_at(Square sq);
  void on_chief_killed(int party);
  void after_first_part_effects();
  void continue_after_report();
  void finish_turn();
  void resolve_surrounds();
  bool surrounded(PlayerId p, Square chief_sq, bool has_necromobile) const;
  void begin(const Position& pos);

  Position pos_;
  Phase phase_ = Phase::kMove;
  PlayerId mover_ = 0;
  uint8_t part_ = 0;              // 0: first move part; 1: exit from e5
  Square piece_ = kNoSquare;      // where the moving piece stands
  Square placed_ = kNoSquare;     // where part 0 placed a piece (the exit may not land there)
  Cell lifted_ = kEmptyCell;      // piece waiting for placement
  uint8_t num_auto_victims_ = 0;
  std::array<Square, 4> auto_victims_{};
  TurnEvents current_;
  TurnEvents last_;
};

}  // namespace djambi
