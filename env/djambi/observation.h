#pragma once
// The observation tensor of a Djambi decision, from the deciding player's point of view (board
// rotated so its home corner is a1; parties and players listed in turn order from it). Every
// plane is documented in docs/ENCODING.md.
#include "env/djambi/turn.h"
#include "env/game.h"

namespace djambi {

namespace planes {
constexpr int kPieces = 0;           // 24: kind (C A R D N M) x party slot 0..3
constexpr int kControlledBy = 24;    // 4: living pieces controlled by relative player 0..3
constexpr int kZombies = 28;         // living pieces of zombie parties
constexpr int kCorpses = 29;
constexpr int kHolder = 30;          // 4: relative player j holds power (constant plane)
constexpr int kAlive = 34;           // 4: relative player j is alive (constant plane)
constexpr int kPhase = 38;           // 4: move, place, report, exit (constant plane)
constexpr int kMovingPiece = 42;     // the square of the piece moving this turn
constexpr int kPlacedSquare = 43;    // where the first part placed a piece (exit may not land)
constexpr int kLiftedKind = 44;      // 7: kind of the piece to place (C A R D N M, X corpse)
constexpr int kLiftedParty = 51;     // 4: party slot of a living lifted piece
constexpr int kQuiet = 55;           // quiet turns / 120 (constant plane)
constexpr int kExtraTurn = 56;       // this is an extra (power) turn (constant plane)
constexpr int kOnes = 57;            // all ones: lets convolutions see the board's edge
constexpr int kCount = 58;
}  // namespace planes

constexpr ObservationShape kDjambiObservationShape{planes::kCount, kBoardSize, kBoardSize};

// Writes kDjambiObservationShape.size() floats (every one of them) for the player deciding now.
void write_djambi_observation(const Turn& turn, float* out);

}  // namespace djambi
