#include "env/djambi/moves.h"

#include <algorithm>
#include <string>

#include "env/djambi/notation.h"

namespace djambi {

bool Move::operator==(const Move& o) const {
  if (num_parts != o.num_parts || num_victims != o.num_victims) return false;
  for (int i = 0; i < num_parts; ++i)
    if (!(parts[i] == o.parts[i])) return false;
  for (int i = 0; i < num_victims; ++i)
    if (victims[i] != o.victims[i]) return false;
  return true;
}

namespace {

// Notes in `move` what action `a`, taken in `before` and leading to `after`, adds to the text.
void record(const Turn& before, const Turn& after, Action a, Move& move) {
  if (action::is_move_part(a)) {
    const Square to = action::to_of(a);
    MovePart& part = move.parts[move.num_parts++];
    part.from = static_cast<Square>(action::from_of(a));
    part.to = to;
    part.capture = before.position().board[to] != kEmptyCell;
    for (int i = 0; i < after.num_auto_victims(); ++i)
      move.victims[move.num_victims++] = after.auto_victim(i);
  } else if (action::is_place(a)) {
    move.parts[move.num_parts - 1].place = static_cast<Square>(action::placed_square_of(a));
  } else if (action::is_report(a)) {
    move.victims[move.num_victims++] = step(move.parts[0].to, 2 * action::report_direction_of(a));
  }
}

void enumerate(const Turn& turn, const LegalMove& path, std::vector<LegalMove>& out) {
  ActionBuffer buffer;
  const int n = turn.legal_actions(buffer.data());
  for (int i = 0; i < n; ++i) {
    Turn next = turn;
    const bool ended = next.apply(buffer[i]);
    LegalMove extended = path;
    record(turn, next, buffer[i], extended.move);
    extended.actions[extended.num_actions++] = buffer[i];
    if (ended)
      out.push_back(extended);
    else
      enumerate(next, extended, out);
  }
}

uint64_t count_from(const Turn& turn) {
  ActionBuffer buffer;
  const int n = turn.legal_actions(buffer.data());
  // Each placement that needs no exit, and each reporter choice, ends the turn.
  if (turn.phase() == Phase::kReport || (turn.phase() == Phase::kPlace && !turn.must_keep_exit()))
    return static_cast<uint64_t>(n);
  uint64_t total = 0;
  for (int i = 0; i < n; ++i) {
    Turn next = turn;
    total += next.apply(buffer[i]) ? 1 : count_from(next);
  }
  return total;
}

}  // namespace

std::vector<LegalMove> legal_moves(const Position& pos) {
  std::vector<LegalMove> out;
  enumerate(Turn(pos), LegalMove{}, out);
  std::vector<std::pair<std::string, size_t>> keys(out.size());
  for (size_t i = 0; i < out.size(); ++i) keys[i] = {format_move(out[i].move), i};
  std::sort(keys.begin(), keys.end());
  std::vector<LegalMove> sorted;
  sorted.reserve(out.size());
  for (const auto& key : keys) sorted.push_back(out[key.second]);
  return sorted;
}

uint64_t count_legal_moves(const Position& pos) { return count_from(Turn(pos)); }

TurnEvents apply_move(Position& pos, const LegalMove& move) {
  Turn turn(pos);
  for (int i = 0; i < move.num_actions; ++i) turn.apply(move.actions[i]);
  pos = turn.position();
  return turn.last_turn();
}

bool find_legal_move(const Position& pos, const Move& move, LegalMove* found) {
  for (const LegalMove& legal : legal_moves(pos)) {
    if (legal.move == move) {
      *found = legal;
      return true;
    }
  }
  return false;
}

}  // namespace djambi
