#include "train/arena/plackett_luce.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

namespace djambi {

namespace {

// A choice set of the model: `members` remained, `chosen` of them were picked from it.
struct Stage {
  std::vector<int> members;  // entrants, repeated when one holds several seats
  std::vector<int> chosen;
};

std::vector<Stage> stages_of(const RankedGame& game) {
  std::vector<size_t> seats(game.entrant_of_seat.size());
  std::iota(seats.begin(), seats.end(), size_t(0));
  std::sort(seats.begin(), seats.end(), [&](size_t a, size_t b) { return game.rank_of_seat[a] < game.rank_of_seat[b]; });
  std::vector<Stage> out;
  for (size_t begin = 0; begin < seats.size();) {
    size_t end = begin;
    while (end < seats.size() && game.rank_of_seat[seats[end]] == game.rank_of_seat[seats[begin]]) ++end;
    if (end == seats.size()) break;  // the last places: nobody is chosen over anybody
    Stage stage;
    for (size_t k = begin; k < seats.size(); ++k) stage.members.push_back(game.entrant_of_seat[seats[k]]);
    for (size_t k = begin; k < end; ++k) stage.chosen.push_back(game.entrant_of_seat[seats[k]]);
    out.push_back(std::move(stage));
    begin = end;
  }
  return out;
}

}  // namespace

std::vector<double> fit_plackett_luce(int num_entrants, const std::vector<RankedGame>& games) {
  const size_t n = static_cast<size_t>(num_entrants);
  std::vector<Stage> stages;
  for (const RankedGame& g : games)
    for (Stage& s : stages_of(g)) stages.push_back(std::move(s));
  std::vector<double> wins(n, 1.0);  // the virtual win
  for (const Stage& s : stages)
    for (int e : s.chosen) wins[static_cast<size_t>(e)] += 1;

  std::vector<double> strength(n, 1.0), denominator(n);
  for (int iteration = 0; iteration < 10000; ++iteration) {
    // MM step: g_i = wins_i / sum over choices made from sets holding i of (copies of i in the
    // set) / (total strength of the set). The virtual games add 2 / (g_i + 1).
    for (size_t i = 0; i < n; ++i) denominator[i] = 2.0 / (strength[i] + 1.0);
    for (const Stage& s : stages) {
      double total = 0;
      for (int e : s.members) total += strength[static_cast<size_t>(e)];
      const double weight = static_cast<double>(s.chosen.size()) / total;
      for (int e : s.members) denominator[static_cast<size_t>(e)] += weight;
    }
    double change = 0;
    for (size_t i = 0; i < n; ++i) {
      const double next = wins[i] / denominator[i];
      change = std::max(change, std::fabs(std::log(next / strength[i])));
      strength[i] = next;
    }
    if (change < 1e-10) break;
  }
  std::vector<double> rating(n);
  for (size_t i = 0; i < n; ++i) rating[i] = 400.0 * std::log10(strength[i]);
  const double mean = n ? std::accumulate(rating.begin(), rating.end(), 0.0) / static_cast<double>(n) : 0.0;
  for (double& r : rating) r -= mean;
  return rating;
}

std::vector<std::pair<double, double>> plackett_luce_intervals(int num_entrants, const std::vector<RankedGame>& games,
                                                               int resamples, uint64_t seed) {
  const size_t n = static_cast<size_t>(num_entrants);
  std::vector<std::vector<double>> refits(n);  // by entrant, one rating a resample
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<size_t> pick(0, games.empty() ? 0 : games.size() - 1);
  std::vector<RankedGame> resampled(games.size());
  for (int r = 0; r < resamples; ++r) {
    for (RankedGame& g : resampled) g = games[pick(rng)];
    const std::vector<double> rating = fit_plackett_luce(num_entrants, resampled);
    for (size_t i = 0; i < n; ++i) refits[i].push_back(rating[i]);
  }
  std::vector<std::pair<double, double>> out(n, {0.0, 0.0});
  for (size_t i = 0; i < n && resamples > 0; ++i) {
    std::sort(refits[i].begin(), refits[i].end());
    const auto at = [&](double q) { return refits[i][static_cast<size_t>(std::lround(q * (resamples - 1)))]; };
    out[i] = {at(0.025), at(0.975)};
  }
  return out;
}

}  // namespace djambi
