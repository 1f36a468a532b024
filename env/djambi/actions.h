#pragma once
// The fixed action space of Djambi's sub-decisions (see docs/ENCODING.md):
//   [0, 5184)    move part: from-square * 64 + direction * 8 + (distance - 1)
//   [5184, 5265) placement of the lifted piece (corpse or displaced living piece) on a square
//   [5265, 5269) reporter kill towards N, E, S, W
//   5269         reporter kills nobody
//   5270         pass
#include <cstdint>

#include "env/action.h"
#include "env/djambi/geometry.h"

namespace djambi {

namespace action {
constexpr int kNumMoveParts = kNumSquares * kNumDirections * kMaxDistance;
constexpr int kPlaceBase = kNumMoveParts;
constexpr int kReportBase = kPlaceBase + kNumSquares;
constexpr int kNoKill = kReportBase + 4;
constexpr int kPass = kNoKill + 1;
constexpr int kNumActions = kPass + 1;

constexpr Action move_part(int from, int dir, int distance) {
  return static_cast<Action>(from * 64 + dir * 8 + distance - 1);
}
constexpr Action place(int sq) { return static_cast<Action>(kPlaceBase + sq); }
constexpr Action report(int orthogonal_dir) { return static_cast<Action>(kReportBase + orthogonal_dir); }

constexpr bool is_move_part(int a) { return a >= 0 && a < kNumMoveParts; }
constexpr bool is_place(int a) { return a >= kPlaceBase && a < kReportBase; }
constexpr bool is_report(int a) { return a >= kReportBase && a < kNoKill; }

constexpr int from_of(int a) { return a / 64; }
constexpr int direction_of(int a) { return (a / 8) % 8; }
constexpr int distance_of(int a) { return a % 8 + 1; }
inline Square to_of(int a) { return rays().square[from_of(a)][direction_of(a)][distance_of(a) - 1]; }
constexpr int placed_square_of(int a) { return a - kPlaceBase; }
constexpr int report_direction_of(int a) { return a - kReportBase; }
}  // namespace action

}  // namespace djambi
