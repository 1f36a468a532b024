#include "env/djambi/geometry.h"

namespace djambi {

std::string square_name(int sq) {
  return {static_cast<char>('a' + file_of(sq)), static_cast<char>('1' + rank_of(sq))};
}

Square parse_square(std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'i' || text[1] < '1' || text[1] > '9')
    return kNoSquare;
  return static_cast<Square>(make_square(text[0] - 'a', text[1] - '1'));
}

}  // namespace djambi
