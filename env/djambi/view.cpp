#include "env/djambi/view.h"

#include <array>

namespace djambi {

namespace {

struct RotationTables {
  std::array<std::array<Square, kNumSquares>, 4> square{};
  std::array<std::array<Action, action::kNumActions>, 4> action{};
};

Square rotate_once(int sq) {  // counter-clockwise: (file, rank) -> (8 - rank, file)
  return static_cast<Square>(make_square(kBoardSize - 1 - rank_of(sq), file_of(sq)));
}

RotationTables build_tables() {
  RotationTables t;
  for (int k = 0; k < 4; ++k) {
    for (int sq = 0; sq < kNumSquares; ++sq) {
      int r = sq;
      for (int i = 0; i < k; ++i) r = rotate_once(r);
      t.square[k][sq] = static_cast<Square>(r);
    }
    for (int a = 0; a < action::kNumActions; ++a) {
      Action rotated = a;
      if (action::is_move_part(a)) {
        // A counter-clockwise quarter turn takes direction d to d - 2 (north becomes west).
        const int dir = (action::direction_of(a) - 2 * k + 16) % 8;
        rotated = action::move_part(t.square[k][action::from_of(a)], dir, action::distance_of(a));
      } else if (action::is_place(a)) {
        rotated = action::place(t.square[k][action::placed_square_of(a)]);
      } else if (action::is_report(a)) {
        rotated = action::report((action::report_direction_of(a) - k + 4) % 4);
      }
      t.action[k][a] = rotated;
    }
  }
  return t;
}

const RotationTables& tables() {
  static const RotationTables t = build_tables();
  return t;
}

}  // namespace

Square rotate_square(int sq, int quarter_turns) { return tables().square[quarter_turns & 3][sq]; }
Action rotate_action(Action a, int quarter_turns) { return tables().action[quarter_turns & 3][a]; }

}  // namespace djambi
