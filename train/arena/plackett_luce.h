#pragma once
// Ratings from finishing orders: a Plackett-Luce model fitted by Hunter's MM algorithm
// (Hunter 2004, "MM algorithms for generalized Bradley-Terry models"). Each entrant i has a
// strength g_i; a game's first place is drawn among the seats with probability proportional to
// strength, then the next among the rest, and so on. Seats that share a rank are each counted
// as chosen from the set that still includes the others of their rank (Breslow's handling of
// ties). One virtual win and one virtual loss against a strength-1 reference keep every rating
// finite, even for an entrant that always or never wins.
#include <cstdint>
#include <utility>
#include <vector>

namespace djambi {

// One game: the entrant in each seat (an entrant may hold several seats) and each seat's rank
// (1 = first; equal ranks for ties).
struct RankedGame {
  std::vector<int> entrant_of_seat;
  std::vector<int> rank_of_seat;
};

// Ratings on the Elo scale (400 * log10 of the strength), shifted so that their mean is 0: a
// 400-point gap means 10:1 odds of finishing ahead of the other.
std::vector<double> fit_plackett_luce(int num_entrants, const std::vector<RankedGame>& games);

// Each rating's 95 % interval by the bootstrap: the ratings refitted on `resamples` sets of as
// many games drawn from `games` with replacement (seeded), and their 2.5th and 97.5th
// percentiles. The games of a tournament are independent, so resampling them whole keeps each
// game's ranking together (its seats are not).
std::vector<std::pair<double, double>> plackett_luce_intervals(int num_entrants, const std::vector<RankedGame>& games,
                                                               int resamples, uint64_t seed);

}  // namespace djambi
