#include "env/djambi/position.h"

namespace djambi {

namespace {
struct StartPiece {
  Kind kind;
  const char* squares;
};
// Section 1's table; each party's squares listed as "sq sq ...".
constexpr StartPiece kStart[kNumParties][6] = {
    {{Kind::kChief, "a1"}, {Kind::kAssassin, "b1"}, {Kind::kReporter, "a2"},
     {Kind::kDiplomat, "b2"}, {Kind::kNecromobile, "c3"}, {Kind::kMilitant, "a3b3c1c2"}},
    {{Kind::kChief, "i1"}, {Kind::kAssassin, "h1"}, {Kind::kReporter, "i2"},
     {Kind::kDiplomat, "h2"}, {Kind::kNecromobile, "g3"}, {Kind::kMilitant, "g1g2h3i3"}},
    {{Kind::kChief, "i9"}, {Kind::kAssassin, "h9"}, {Kind::kReporter, "i8"},
     {Kind::kDiplomat, "h8"}, {Kind::kNecromobile, "g7"}, {Kind::kMilitant, "g8g9h7i7"}},
    {{Kind::kChief, "a9"}, {Kind::kAssassin, "b9"}, {Kind::kReporter, "a8"},
     {Kind::kDiplomat, "b8"}, {Kind::kNecromobile, "c7"}, {Kind::kMilitant, "a7b7c8c9"}},
};
}  // namespace

Position Position::start(Variants variants) {
  Position pos;
  pos.variants = variants;
  for (int party = 0; party < kNumParties; ++party) {
    for (const auto& piece : kStart[party]) {
      for (const char* s = piece.squares; *s; s += 2)
        pos.board[parse_square({s, 2})] = make_cell(piece.kind, party);
    }
    pos.controller[party] = pos.owner(party);
  }
  pos.locate_chiefs();
  return pos;
}

void Position::locate_chiefs() {
  chief.fill(kNoSquare);
  for (int sq = 0; sq < kNumSquares; ++sq)
    if (is_chief(board[sq])) chief[party_of(board[sq])] = static_cast<Square>(sq);
}

bool Position::alive(PlayerId p) const {
  if (!two_players()) return chief[p] != kNoSquare;
  for (int party = 0; party < kNumParties; ++party)
    if (chief[party] != kNoSquare && controller[party] == p) return true;
  return false;
}

int Position::num_alive() const {
  int n = 0;
  for (int seat = 0; seat < num_players(); ++seat) n += alive(player(seat));
  return n;
}

PlayerId Position::holder() const {
  Cell c = board[kCentre];
  return is_chief(c) ? controller[party_of(c)] : kNobody;
}

PlayerId Position::next_alive_after(PlayerId p) const {
  const int stride = two_players() ? 2 : 1;
  for (int i = 1; i <= 4; ++i) {
    PlayerId q = static_cast<PlayerId>((p + i * stride) % 4);
    if (alive(q)) return q;
  }
  return p;
}

bool operator==(const Position& a, const Position& b) {
  return a.board == b.board && a.controller == b.controller && a.to_move == b.to_move &&
         a.after == b.after && a.quiet == b.quiet && a.turn == b.turn && a.variants == b.variants;
}

}  // namespace djambi
