#include "env/djambi/hash.h"

#include <algorithm>
#include <array>

#include "env/random.h"

namespace djambi {

namespace {

struct ZobristTable {
  std::array<std::array<uint64_t, 32>, kNumSquares> cell{};  // indexed by Cell
  std::array<std::array<uint64_t, 5>, kNumParties> controller{};
  std::array<uint64_t, 4> to_move{};
  std::array<uint64_t, 5> after{};
  std::array<uint64_t, Position::kDrawQuietTurns + 1> quiet{};
  std::array<uint64_t, 4> phase{};
  std::array<uint64_t, kNumSquares + 1> moving_piece{};
  std::array<uint64_t, kNumSquares + 1> placed{};
  std::array<uint64_t, 32> lifted{};
  uint64_t variants_seed = 0;
};

ZobristTable build_table() {
  ZobristTable t;
  Rng rng(0x5EED'D1A4'B1ull);
  for (auto& sq : t.cell)
    for (auto& v : sq) v = rng.next();
  for (auto& party : t.controller)
    for (auto& v : party) v = rng.next();
  for (auto& v : t.to_move) v = rng.next();
  for (auto& v : t.after) v = rng.next();
  for (auto& v : t.quiet) v = rng.next();
  for (auto& v : t.phase) v = rng.next();
  for (auto& v : t.moving_piece) v = rng.next();
  for (auto& v : t.placed) v = rng.next();
  for (auto& v : t.lifted) v = rng.next();
  t.variants_seed = rng.next();
  return t;
}

const ZobristTable& table() {
  static const ZobristTable t = build_table();
  return t;
}

}  // namespace

uint64_t hash_turn(const Turn& turn) {
  const ZobristTable& z = table();
  const Position& pos = turn.position();
  uint64_t h = z.variants_seed * (pos.variants.bits() + 1);
  for (int sq = 0; sq < kNumSquares; ++sq)
    if (pos.board[sq] != kEmptyCell) h ^= z.cell[sq][pos.board[sq]];
  for (int q = 0; q < kNumParties; ++q) h ^= z.controller[q][pos.controller[q] + 1];
  h ^= z.to_move[pos.to_move];
  h ^= z.after[pos.after + 1];
  h ^= z.quiet[std::min(pos.quiet, Position::kDrawQuietTurns)];
  h ^= z.phase[static_cast<int>(turn.phase())];
  h ^= z.moving_piece[turn.moving_piece() + 1];
  h ^= z.placed[turn.placed_square() + 1];
  h ^= z.lifted[turn.lifted()];
  return h;
}

}  // namespace djambi
