#include "env/djambi/observation.h"

#include <algorithm>

#include "env/djambi/view.h"

namespace djambi {

void write_djambi_observation(const Turn& turn, float* out) {
  constexpr int kPlane = kNumSquares;
  std::fill(out, out + kDjambiObservationShape.size(), 0.0f);
  const Position& pos = turn.position();
  const PlayerId me = turn.mover();
  const int rotation = view_rotation(me);
  auto relative = [me](int player_or_party) { return (player_or_party - me + 4) % 4; };
  auto set = [&](int plane, int sq) { out[plane * kPlane + rotate_square(sq, rotation)] = 1.0f; };
  auto fill = [&](int plane, float value) {
    std::fill(out + plane * kPlane, out + (plane + 1) * kPlane, value);
  };

  for (int sq = 0; sq < kNumSquares; ++sq) {
    const Cell c = pos.board[sq];
    if (c == kEmptyCell) continue;
    if (c == kCorpseCell) {
      set(planes::kCorpses, sq);
      continue;
    }
    const int party = party_of(c);
    set(planes::kPieces + relative(party) * 6 + static_cast<int>(kind_of(c)) - 1, sq);
    const PlayerId ctrl = pos.controller[party];
    set(ctrl == kNobody ? planes::kZombies : planes::kControlledBy + relative(ctrl), sq);
  }
  const PlayerId holder = pos.holder();
  if (holder != kNobody) fill(planes::kHolder + relative(holder), 1.0f);
  for (int seat = 0; seat < pos.num_players(); ++seat) {
    const PlayerId p = pos.player(seat);
    if (pos.alive(p)) fill(planes::kAlive + relative(p), 1.0f);
  }
  fill(planes::kPhase + static_cast<int>(turn.phase()), 1.0f);
  if (turn.moving_piece() != kNoSquare) set(planes::kMovingPiece, turn.moving_piece());
  if (turn.placed_square() != kNoSquare) set(planes::kPlacedSquare, turn.placed_square());
  const Cell lifted = turn.lifted();
  if (lifted != kEmptyCell) {
    fill(planes::kLiftedKind + static_cast<int>(kind_of(lifted)) - 1, 1.0f);
    if (lifted != kCorpseCell) fill(planes::kLiftedParty + relative(party_of(lifted)), 1.0f);
  }
  fill(planes::kQuiet, std::min(1.0f, pos.quiet / static_cast<float>(Position::kDrawQuietTurns)));
  if (pos.after != kNobody) fill(planes::kExtraTurn, 1.0f);
  fill(planes::kOnes, 1.0f);
}

}  // namespace djambi
