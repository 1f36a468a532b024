#pragma once
// Whole moves (one turn, RULES.md section 8): listing, counting and applying them. A whole move
// is a path through the sub-decisions of Turn; LegalMove keeps that path so that applying a
// listed move replays exactly the decisions that produced it.
#include <array>
#include <cstdint>
#include <vector>

#include "env/djambi/turn.h"

namespace djambi {

struct MovePart {
  Square from = kNoSquare;
  Square to = kNoSquare;
  Square place = kNoSquare;  // where the lifted piece went, or kNoSquare
  bool capture = false;      // the part ended on an occupied square ('x' in notation)
  bool operator==(const MovePart& o) const {
    return from == o.from && to == o.to && place == o.place && capture == o.capture;
  }
};

struct Move {
  std::array<MovePart, 2> parts{};  // the first part, then the exit from e5
  uint8_t num_parts = 0;            // 0: pass
  std::array<Square, 4> victims{};  // the reporter's victims, in byte order of their names
  uint8_t num_victims = 0;
  bool is_pass() const { return num_parts == 0; }
  bool operator==(const Move& o) const;
  bool operator!=(const Move& o) const { return !(*this == o); }
};

constexpr int kMaxActionsPerMove = 5;  // move, placement, reporter, exit, placement

struct LegalMove {
  Move move;
  std::array<Action, kMaxActionsPerMove> actions{};
  uint8_t num_actions = 0;
};

// Every legal whole move, sorted by notation in byte order. Empty when the game is over.
std::vector<LegalMove> legal_moves(const Position& pos);
// How many legal whole moves there are (fast: does not enumerate placements one by one).
uint64_t count_legal_moves(const Position& pos);
// Applies a move from legal_moves(pos); returns what the turn did.
TurnEvents apply_move(Position& pos, const LegalMove& move);
// Finds `move` among the legal moves; nullptr-like false when it is not legal.
bool find_legal_move(const Position& pos, const Move& move, LegalMove* found);

}  // namespace djambi
