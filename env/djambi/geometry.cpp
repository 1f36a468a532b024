#include "env/djambi/geometry.h"

namespace djambi {

namespace {
RayTable build_rays() {
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
}  // namespace

const RayTable& rays() {
  static const RayTable table = build_rays();
  return table;
}

std::string square_name(int sq) {
  return {static_cast<char>('a' + file_of(sq)), static_cast<char>('1' + rank_of(sq))};
}

Square parse_square(std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'i' || text[1] < '1' || text[1] > '9')
    return kNoSquare;
  return static_cast<Square>(make_square(text[0] - 'a', text[1] - '1'));
}

}  // namespace djambi
