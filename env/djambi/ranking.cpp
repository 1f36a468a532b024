#include "env/djambi/ranking.h"

#include <string>

#include "env/djambi/notation.h"

namespace djambi {

Ranking::Ranking(const Position& start) {
  for (int p = 0; p < 4; ++p)
    out_stamp_[p] = start.is_player(static_cast<PlayerId>(p)) && start.alive(static_cast<PlayerId>(p))
                        ? kStillAlive
                        : 0;
}

void Ranking::record(const TurnEvents& events) {
  ++turns_;
  for (int p = 0; p < 4; ++p)
    if (events.eliminated & (1u << p)) out_stamp_[p] = turns_;
}

std::array<int, 4> Ranking::ranks(const Position& end) const {
  std::array<int, 4> rank{};
  for (int seat = 0; seat < end.num_players(); ++seat) {
    const PlayerId p = end.player(seat);
    rank[p] = 1;
    for (int other = 0; other < end.num_players(); ++other)
      if (out_stamp_[end.player(other)] > out_stamp_[p]) ++rank[p];
  }
  return rank;
}

std::string Ranking::result_line(const Position& end) const {
  const auto rank = ranks(end);
  std::string out = "result";
  for (int seat = 0; seat < end.num_players(); ++seat) {
    const PlayerId p = end.player(seat);
    out += ' ';
    out += player_letter(p);
    out += ':' + std::to_string(rank[p]);
  }
  return out;
}

}  // namespace djambi
