#include "train/evaluation.h"

#include <cmath>

namespace djambi {

std::pair<double, double> MatchResult::win_rate_interval() const {
  if (games == 0) return {0.0, 1.0};
  const double z = 1.96, n = games, p = win_rate();
  const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

MatchResult play_match(std::shared_ptr<const Game> game, const PlayerMaker& candidate, const std::string& opponent_name,
                       const PlayerMaker& opponent, int games, uint64_t seed, int max_turns) {
  MatchResult result;
  result.opponent = opponent_name;
  const int players = game->num_players();
  double rank_sum = 0;
  for (int g = 0; g < games; ++g) {
    const int seat = g % players;
    std::vector<std::unique_ptr<Player>> seats;
    for (int s = 0; s < players; ++s)
      seats.push_back(s == seat ? candidate(seed + 1000 * g + s) : opponent(seed + 1000 * g + s));
    std::vector<Player*> observers;
    for (auto& p : seats) observers.push_back(p.get());
    auto state = game->new_initial_state();
    for (int turn = 0; turn < max_turns && !state->is_terminal(); ++turn)
      play_turn(*state, *seats[state->current_player()], observers);
    std::vector<int> ranks(static_cast<size_t>(players), 1);
    state->ranks(ranks.data());
    int firsts = 0;
    for (int r : ranks) firsts += r == 1;
    if (ranks[seat] == 1) (firsts == 1 ? result.wins : result.draws) += 1;
    rank_sum += ranks[seat];
    ++result.games;
  }
  result.mean_rank = result.games ? rank_sum / result.games : 0.0;
  return result;
}

}  // namespace djambi
