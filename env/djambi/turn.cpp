#include "env/djambi/turn.h"

namespace djambi {

Turn::Turn(const Position& start) { begin(start); }

void Turn::begin(const Position& pos) {
  pos_ = pos;
  phase_ = Phase::kMove;
  mover_ = pos.to_move;
  part_ = 0;
  piece_ = kNoSquare;
  placed_ = kNoSquare;
  lifted_ = kEmptyCell;
  current_ = TurnEvents{};
}

// Section 4: may a piece of `kind` end its move on the occupied square `to`?
bool Turn::can_land(Kind kind, Cell target, Square to) const {
  if (target == kCorpseCell) return kind == Kind::kNecromobile;
  const bool own = pos_.controls(mover_, target);
  switch (kind) {
    case Kind::kMilitant:
      // A militant never ends on e5 (it could only be a chief there, which it cannot kill).
      if (to == kCentre) return false;
      if (is_chief(target) && pos_.variants.has(Variant::kMilitantSparesChiefs)) return false;
      [[fallthrough]];
    case Kind::kChief:
    case Kind::kAssassin:
      if (!own) return true;
      // Rule 4.0: own pieces may be killed, never the own side's chief.
      return !is_chief(target) && !pos_.variants.has(Variant::kNoOwnKills);
    case Kind::kDiplomat:
      return !own;
    default:  // reporter; necromobile on a living piece
      return false;
  }
}

// Calls emit(from, direction, distance, to) for every legal move part of the current phase.
template <typename Emit>
void Turn::for_each_move_part(Emit&& emit) const {
  const RayTable& ray = rays();
  auto from_square = [&](Square from) {
    const Cell mover = pos_.board[from];
    const Kind kind = kind_of(mover);
    const int reach = kind == Kind::kMilitant ? 2 : kMaxDistance;
    for (int dir = 0; dir < kNumDirections; ++dir) {
      const int len = std::min<int>(reach, ray.length[from][dir]);
      for (int i = 0; i < len; ++i) {
        const Square to = ray.square[from][dir][i];
        const Cell target = pos_.board[to];
        if (target == kEmptyCell) {
          // Anyone may cross the empty centre; only a chief may stop there on a plain move.
          if (to != kCentre || kind == Kind::kChief) emit(from, dir, i + 1);
          continue;
        }
        if (to != placed_ && can_land(kind, target, to) &&
            (to != kCentre || kind == Kind::kChief || entry_completes(from, to)))
          emit(from, dir, i + 1);
        break;  // nothing jumps
      }
    }
  };
  if (phase_ == Phase::kExit) {
    from_square(kCentre);
    return;
  }
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const Cell c = pos_.board[sq];
    if (is_living(c) && pos_.controls(mover_, c)) from_square(static_cast<Square>(sq));
  }
}

// A non-chief entering e5 must be able to leave it (section 5, last rule).
bool Turn::entry_completes(Square from, Square to) const {
  Turn next = *this;
  next.apply_move_part(from, to);
  return next.has_any_action();
}

bool Turn::has_any_action() const {
  ActionBuffer buffer;
  return legal_actions(buffer.data()) > 0;
}

int Turn::legal_actions(Action* out) const {
  int n = 0;
  switch (phase_) {
    case Phase::kMove:
      if (pos_.game_over()) return 0;
      [[fallthrough]];
    case Phase::kExit:
      for_each_move_part(
          [&](Square from, int dir, int dist) { out[n++] = action::move_part(from, dir, dist); });
      if (n == 0 && phase_ == Phase::kMove) out[n++] = action::kPass;
      return n;
    case Phase::kPlace: {
      // Only a living chief (lifted by a diplomat) may be placed on e5.
      const bool centre_ok = is_chief(lifted_);
      for (int sq = 0; sq < kNumSquares; ++sq) {
        if (pos_.board[sq] != kEmptyCell || (sq == kCentre && !centre_ok)) continue;
        if (must_keep_exit()) {
          Turn next = *this;
          next.place(static_cast<Square>(sq));
          if (!next.has_any_action()) continue;
        }
        out[n++] = action::place(sq);
      }
      return n;
    }
    case Phase::kReport:
      for (int k = 0; k < 4; ++k) {
        const Square sq = step(piece_, 2 * k);
        if (sq == kNoSquare) continue;
        const Cell c = pos_.board[sq];
        if (is_living(c) && !pos_.controls(mover_, c)) out[n++] = action::report(k);
      }
      out[n++] = action::kNoKill;
      return n;
  }
  return n;
}

bool Turn::is_legal(Action a) const {
  ActionBuffer buffer;
  const int n = legal_actions(buffer.data());
  for (int i = 0; i < n; ++i)
    if (buffer[i] == a) return true;
  return false;
}

bool Turn::apply(Action a) {
  if (action::is_move_part(a)) {
    apply_move_part(static_cast<Square>(action::from_of(a)), action::to_of(a));
  } else if (action::is_place(a)) {
    place(static_cast<Square>(action::placed_square_of(a)));
  } else if (action::is_report(a)) {
    kill_at(step(piece_, 2 * action::report_direction_of(a)));
    continue_after_report();
  } else if (a == action::kNoKill) {
    continue_after_report();
  } else {  // pass
    finish_turn();
  }
  return phase_ == Phase::kMove && part_ == 0 && piece_ == kNoSquare;
}

void Turn::apply_move_part(Square from, Square to) {
  const Cell mover = pos_.board[from];
  const Cell target = pos_.board[to];
  pos_.board[from] = kEmptyCell;
  pos_.board[to] = mover;
  piece_ = to;
  num_auto_victims_ = 0;
  if (is_chief(mover)) pos_.chief[party_of(mover)] = to;
  if (target != kEmptyCell) {
    switch (kind_of(mover)) {
      case Kind::kAssassin:  // the corpse takes the assassin's starting square
        pos_.board[from] = kCorpseCell;
        current_.killed = true;
        if (is_chief(target)) on_chief_killed(party_of(target));
        break;
      case Kind::kDiplomat:  // the victim stays alive, waiting to be placed
        lifted_ = target;
        if (is_chief(target)) pos_.chief[party_of(target)] = kInHand;
        break;
      case Kind::kNecromobile:
        lifted_ = kCorpseCell;
        break;
      default:  // chief, militant: kill, then place the corpse
        lifted_ = kCorpseCell;
        current_.killed = true;
        if (is_chief(target)) on_chief_killed(party_of(target));
        break;
    }
  }
  if (lifted_ != kEmptyCell) {
    phase_ = Phase::kPlace;
  } else if (part_ == 0) {
    after_first_part_effects();
  } else {
    finish_turn();
  }
}

void Turn::place(Square sq) {
  pos_.board[sq] = lifted_;
  if (is_chief(lifted_)) pos_.chief[party_of(lifted_)] = sq;
  lifted_ = kEmptyCell;
  if (part_ == 0) {
    placed_ = sq;
    after_first_part_effects();
  } else {
    finish_turn();
  }
}

// After the first part and its placement: the reporter's kill, then the exit from e5.
void Turn::after_first_part_effects() {
  if (kind_of(pos_.board[piece_]) == Kind::kReporter) {
    if (pos_.variants.has(Variant::kReporterKillsAll)) {
      // Every living orthogonal neighbour dies except the mover's own chiefs. Visiting W, S, N, E
      // lists the victims in the byte order of their square names.
      for (int dir : {6, 4, 0, 2}) {
        const Square sq = step(piece_, dir);
        if (sq == kNoSquare) continue;
        const Cell c = pos_.board[sq];
        if (!is_living(c) || (is_chief(c) && pos_.controls(mover_, c))) continue;
        auto_victims_[num_auto_victims_++] = sq;
      }
      for (int i = 0; i < num_auto_victims_; ++i) kill_at(auto_victims_[i]);
    } else {
      for (int k = 0; k < 4; ++k) {
        const Square sq = step(piece_, 2 * k);
        if (sq == kNoSquare) continue;
        const Cell c = pos_.board[sq];
        if (is_living(c) && !pos_.controls(mover_, c)) {
          phase_ = Phase::kReport;
          return;
        }
      }
    }
  }
  continue_after_report();
}

void Turn::continue_after_report() {
  if (piece_ == kCentre && !is_chief(pos_.board[kCentre])) {
    part_ = 1;
    phase_ = Phase::kExit;
  } else {
    finish_turn();
  }
}

void Turn::kill_at(Square sq) {
  const Cell victim = pos_.board[sq];
  pos_.board[sq] = kCorpseCell;
  current_.killed = true;
  if (is_chief(victim)) on_chief_killed(party_of(victim));
}

// Section 6 (and two_players): the mover inherits at once.
void Turn::on_chief_killed(int party) {
  pos_.chief[party] = kNoSquare;
  const PlayerId victim = pos_.controller[party];
  if (pos_.two_players()) {
    pos_.controller[party] = mover_;
    if (pos_.alive(victim)) return;
  }
  for (auto& ctrl : pos_.controller)
    if (ctrl == victim) ctrl = mover_;
  current_.eliminated |= static_cast<uint8_t>(1u << victim);
}

bool Turn::surrounded(PlayerId p, Square chief_sq, bool has_necromobile) const {
  if (has_necromobile) return false;
  std::array<bool, kNumSquares> seen{};
  std::array<Square, kNumSquares> stack;
  int top = 0;
  stack[top++] = chief_sq;
  seen[chief_sq] = true;
  const bool throne_access = pos_.variants.has(Variant::kSurroundThroneAccess);
  if (throne_access && chief_sq == kCentre) return false;
  const PlayerId holder = pos_.holder();
  while (top > 0) {
    const Square sq = stack[--top];
    for (int dir = 0; dir < kNumDirections; ++dir) {
      const Square n = step(sq, dir);
      if (n == kNoSquare || seen[n]) continue;
      seen[n] = true;
      const Cell c = pos_.board[n];
      if (throne_access) {
        // A king-step path to e5 through squares without corpses (e5 itself counts whatever
        // stands on it) keeps the chief alive.
        if (n == kCentre) return false;
        if (c != kCorpseCell) stack[top++] = n;
        continue;
      }
      if (c == kEmptyCell) return false;
      if (c == kCorpseCell) continue;
      const PlayerId ctrl = pos_.controller[party_of(c)];
      if (ctrl != p && !(ctrl == kNobody && holder == p)) return false;
      stack[top++] = n;
    }
  }
  return true;
}

// Section 6: surrounded chiefs die, checked in rounds against one board state until stable.
void Turn::resolve_surrounds() {
  while (true) {
    const PlayerId holder = pos_.holder();
    std::array<bool, kNumParties> necromobile_of_party{};
    for (Cell c : pos_.board)
      if (kind_of(c) == Kind::kNecromobile) necromobile_of_party[party_of(c)] = true;
    auto has_necromobile = [&](PlayerId p) {
      for (int q = 0; q < kNumParties; ++q) {
        const PlayerId ctrl = pos_.controller[q];
        if (necromobile_of_party[q] && (ctrl == p || (ctrl == kNobody && holder == p))) return true;
      }
      return false;
    };
    std::array<bool, kNumParties> dies{};
    bool any = false;
    for (int q = 0; q < kNumParties; ++q) {
      const Square sq = pos_.chief[q];
      if (sq < 0) continue;
      const PlayerId p = pos_.controller[q];
      dies[q] = surrounded(p, sq, has_necromobile(p));
      any |= dies[q];
    }
    if (!any) return;
    current_.killed = true;
    std::array<PlayerId, kNumParties> player_of_dead{};
    for (int q = 0; q < kNumParties; ++q) {
      player_of_dead[q] = pos_.controller[q];
      if (!dies[q]) continue;
      pos_.board[pos_.chief[q]] = kCorpseCell;
      pos_.chief[q] = kNoSquare;
    }
    for (int q = 0; q < kNumParties; ++q) {
      const PlayerId p = player_of_dead[q];
      if (!dies[q] || pos_.alive(p)) continue;
      for (auto& ctrl : pos_.controller)
        if (ctrl == p) ctrl = kNobody;
      current_.eliminated |= static_cast<uint8_t>(1u << p);
    }
  }
}

void Turn::finish_turn() {
  resolve_surrounds();
  const PlayerId holder = pos_.holder();
  if (holder != kNobody && pos_.variants.has(Variant::kSurroundInheritFirstHolder)) {
    for (auto& ctrl : pos_.controller)
      if (ctrl == kNobody) ctrl = holder;
  }
  pos_.quiet = current_.killed ? 0 : pos_.quiet + 1;
  pos_.turn += 1;

  // Section 2: who plays next.
  const PlayerId played = pos_.to_move;
  if (pos_.num_alive() == 0) {
    pos_.after = kNobody;  // nobody left to play: keep the mover
  } else if (pos_.after == kNobody) {  // a regular turn just ended
    if (holder != kNobody && holder != played) {
      pos_.to_move = holder;
      pos_.after = played;
    } else {
      pos_.to_move = pos_.next_alive_after(played);
    }
  } else {  // an extra turn just ended
    PlayerId next = pos_.next_alive_after(pos_.after);
    if (next == played && pos_.variants.has(Variant::kPowerSkipRepeat))
      next = pos_.next_alive_after(played);
    pos_.to_move = next;
    pos_.after = kNobody;
  }
  last_ = current_;
  begin(pos_);
}

}  // namespace djambi
