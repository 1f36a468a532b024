#include "train/arena/evaluation.h"

#include "train/arena/arena.h"

namespace djambi {

std::pair<double, double> MatchResult::win_rate_interval() const { return wilson_interval(wins, games); }

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
    std::vector<Player*> pointers;
    for (auto& p : seats) pointers.push_back(p.get());
    const Outcome outcome = play_game(*game, pointers, max_turns).outcome;
    result.wins += outcome.won(seat);
    result.draws += outcome.drew(seat);
    rank_sum += outcome.ranks[static_cast<size_t>(seat)];
    ++result.games;
  }
  result.mean_rank = result.games ? rank_sum / result.games : 0.0;
  return result;
}

}  // namespace djambi
