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
const RayTable& rays();

// The square one step from `sq` in direction `dir`, or kNoSquare off the board.
inline Square step(int sq, int dir) {
  return rays().length[sq][dir] > 0 ? rays().square[sq][dir][0] : kNoSquare;
}

std::string square_name(int sq);
// Parses "a1".."i9"; returns kNoSquare for anything else.
Square parse_square(std::string_view text);

}  // namespace djambi
