#include "train/recent_score.h"

#include <stdexcept>

namespace djambi {

RecentScore::RecentScore(double horizon) : keep_(1.0 - 1.0 / horizon) {
  if (!(horizon >= 1)) throw std::invalid_argument("RecentScore: the horizon must be at least one game");
}

void RecentScore::add_game(bool network_won, int network_seats, int players) {
  wins_ = wins_ * keep_ + (network_won ? 1.0 : 0.0);
  expected_ = expected_ * keep_ + static_cast<double>(network_seats) / players;
}

double RecentScore::score() const { return expected_ > 0 ? wins_ / expected_ : 0.0; }

void RecentScore::restore(double wins, double expected_wins) {
  if (!(wins >= 0) || !(expected_wins >= 0)) throw std::invalid_argument("RecentScore: negative counts");
  wins_ = wins;
  expected_ = expected_wins;
}

}  // namespace djambi
