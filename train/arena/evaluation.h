#pragma once
// Matches: one candidate player against copies of an opponent, seats rotated so that the
// candidate sits in every seat equally often.
#include <functional>
#include <memory>
#include <string>

#include "mcts/player.h"

namespace djambi {

struct MatchResult {
  std::string opponent;
  int games = 0;
  int wins = 0;    // the candidate alone in first place
  int draws = 0;   // the candidate shares first place
  double mean_rank = 0;
  double win_rate() const { return games ? static_cast<double>(wins) / games : 0.0; }
  // Wilson score interval at 95%.
  std::pair<double, double> win_rate_interval() const;
};

using PlayerMaker = std::function<std::unique_ptr<Player>(uint64_t seed)>;

// Plays `games` games of `game`: the candidate in seat g % players of game g, fresh opponents
// elsewhere. A game running past `max_turns` turns is stopped and scored from its ranks so far
// (everyone alive shares first place).
MatchResult play_match(std::shared_ptr<const Game> game, const PlayerMaker& candidate, const std::string& opponent_name,
                       const PlayerMaker& opponent, int games, uint64_t seed, int max_turns = 2000);

}  // namespace djambi
