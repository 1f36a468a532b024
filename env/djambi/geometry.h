#pragma once
// Board geometry: squares, directions and precomputed rays.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace djambi {

using Square = int8_t;
constexpr int kBoardSize = 9;
constexpr int kNumSquares = 81;
constexpr Square kNoSquare = -1;
// e5, the Labyrinth: file e (index 4), rank 5 (index 4).
constexpr Square kCentre = 4 * kBoardSize + 4;

constexpr int file_of(int sq) { return sq % kBoardSize; }
constexpr int rank_of(int sq) { return sq / kBoardSize; }
constexpr int make_square(int file, int rank) { return rank * kBoardSize + file; }

// Directions 0..7 clockwise from north. The even ones (N, E, S, W) are orthogonal; the
// reporter's kill direction k (0..3) is direction 2k.
constexpr int kNumDirections = 8;
constexpr std::array<int, 8> kDirFile = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr std::array<int, 8> kDirRank = {1, 1, 0, -1, -1, -1, 0, 1};
constexpr int kMaxDistance = 8;

// For every square and direction, the squares along the ray, nearest first.
struct RayTable {
  std::array<std::array<std::array<Square, kMaxDistance>, kNumDirections>, kNumSquares> square{};
  std::array<std::array<int8_t, kNumDirections>, kNumSquares> length{};
};
// Built at compile time: the table is read for every move generated and every evaluation, and
// a function-local static's guard on each call cost a fifth of the search's time.
constexpr RayTable build_rays() {
  RayTable t;
  for (int sq = 0; sq < kNumSquares; ++sq) {
    for (int dir = 0; dir < kNumDirections; ++dir) {
      int f = file_of(sq), r = rank_of(sq), n = 0;
      while (true) {
        f += kDirFile[dir];
        r += kDirRank[dir];
        if (f < 0 || f >= kBoardSize || r < 0 || r >= kBoardSize) break;
        t.square[sq][dir][n++] = static_cast<Square>(make_square(f, r));
      }
      t.length[sq][dir] = static_cast<int8_t>(n);
    }
  }
  return t;
}
inline constexpr RayTable kRayTable = build_rays();
inline const RayTable& rays() { return kRayTable; }

// The square one step from `sq` in direction `dir`, or kNoSquare off the board.
inline Square step(int sq, int dir) {
  return rays().length[sq][dir] > 0 ? rays().square[sq][dir][0] : kNoSquare;
}

std::string square_name(int sq);
// Parses "a1".."i9"; returns kNoSquare for anything else.
Square parse_square(std::string_view text);

}  // namespace djambi
