#include "mcts/djambi/search_moves.h"

#include <algorithm>

#include "mcts/djambi/eval.h"

namespace djambi {

namespace {

// How many of `mover`'s killers could land on `sq` with one move part (rays from sq).
int killers_reaching(const Position& pos, PlayerId mover, Square sq) {
  const RayTable& ray = rays();
  int n = 0;
  for (int dir = 0; dir < kNumDirections; ++dir) {
    for (int i = 0; i < ray.length[sq][dir]; ++i) {
      const Cell c = pos.board[ray.square[sq][dir][i]];
      if (c == kEmptyCell) continue;
      const Kind kind = kind_of(c);
      if (is_living(c) && pos.controls(mover, c) && is_killer(kind) && (kind != Kind::kMilitant || i < 2)) ++n;
      break;
    }
  }
  return n;
}

struct Expansion {
  int max_placements;
  bool kills_only;
  Square from;  // where the first part started
  std::vector<SearchChild>* out;
};

void expand(const Turn& turn, SearchMove move, const Expansion& e) {
  ActionBuffer buffer;
  int n = turn.legal_actions(buffer.data());
  if (turn.phase() == Phase::kPlace && e.max_placements > 0 && n > e.max_placements) {
    std::array<std::pair<int, Action>, kNumSquares> scored;
    for (int i = 0; i < n; ++i)
      scored[i] = {-placement_score(turn, e.from, static_cast<Square>(action::placed_square_of(buffer[i]))), buffer[i]};
    // Best first; ties go to the lower square, so the choice is deterministic.
    std::partial_sort(scored.begin(), scored.begin() + e.max_placements, scored.begin() + n);
    n = e.max_placements;
    for (int i = 0; i < n; ++i) buffer[i] = scored[i].second;
  }
  for (int i = 0; i < n; ++i) {
    if (e.kills_only && buffer[i] == action::kNoKill) continue;
    Turn next = turn;
    SearchMove extended = move;
    extended.actions[extended.size++] = buffer[i];
    if (next.apply(buffer[i])) {
      const bool killed = next.last_turn().killed;
      if (!e.kills_only || killed) e.out->push_back({extended, next.position(), killed});
    } else {
      expand(next, extended, e);
    }
  }
}

}  // namespace

int placement_score(const Turn& turn, Square from, Square sq) {
  const Position& pos = turn.position();
  const PlayerId mover = turn.mover();
  const Cell lifted = turn.lifted();
  int score = 0;
  if (lifted == kCorpseCell) {
    if (sq == from) score += 4;  // the board keeps its shape
    for (int dir = 0; dir < kNumDirections; ++dir) {
      const Square n = step(sq, dir);
      if (n == kNoSquare || !is_chief(pos.board[n])) continue;
      score += pos.controls(mover, pos.board[n]) ? -3 : 3;  // walls in a chief
    }
    return score;
  }
  // A living piece moved by a diplomat: where the mover's killers can take it next turn.
  score += 3 * killers_reaching(pos, mover, sq);
  if (is_chief(lifted) && sq == kCentre) score -= 6;  // gives power away
  return score;
}

bool may_kill(const Turn& turn, Action a) {
  if (!action::is_move_part(a)) return false;
  const Position& pos = turn.position();
  const Square from = static_cast<Square>(action::from_of(a));
  const Square to = action::to_of(a);
  const Kind kind = kind_of(pos.board[from]);
  if (is_killer(kind)) return is_living(pos.board[to]) && !pos.controls(turn.mover(), pos.board[to]);
  if (kind != Kind::kReporter) return false;
  for (int k = 0; k < 4; ++k) {
    const Square n = step(to, 2 * k);
    if (n != kNoSquare && n != from && is_living(pos.board[n]) && !pos.controls(turn.mover(), pos.board[n]))
      return true;
  }
  return false;
}

void expand_first_part(const Turn& start, Action first, int max_placements, bool kills_only,
                       std::vector<SearchChild>& out) {
  const Square from = action::is_move_part(first) ? static_cast<Square>(action::from_of(first)) : kNoSquare;
  const Expansion e{max_placements, kills_only, from, &out};
  Turn next = start;
  SearchMove move;
  move.actions[move.size++] = first;
  if (next.apply(first)) {
    const bool killed = next.last_turn().killed;
    if (!kills_only || killed) out.push_back({move, next.position(), killed});
    return;
  }
  expand(next, move, e);
}

}  // namespace djambi
