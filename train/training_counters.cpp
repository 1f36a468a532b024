#include "train/training_counters.h"

#include <algorithm>

#include "train/selfplay.h"

namespace djambi {

void TrainingCounters::count_game(const FinishedGame& g) {
  ++games;
  decisions += g.decisions;
  imitation_samples += g.imitation_samples;
  taught_samples += g.taught_samples;
  forced_decisions += g.forced_decisions;
  const bool mixed = std::count(g.network_seats.begin(), g.network_seats.end(), 0) > 0;
  mixed_games += mixed;
  if (first_place_by_seat.size() < g.network_seats.size()) first_place_by_seat.resize(g.network_seats.size(), 0);
  if (!g.outcome.finished) {
    ++adjudicated;
  } else if (g.outcome.draw()) {
    ++draws;
  } else {
    const auto seat = static_cast<size_t>(g.outcome.winner);
    ++first_place_by_seat[seat];
    mixed_network_wins += mixed && g.network_seats[seat];
  }
}

}  // namespace djambi
