#include "train/arena/cross_play.h"

#include <set>
#include <stdexcept>

#include "train/arena/plackett_luce.h"

namespace djambi {

double CrossPlayResult::win_rate(size_t alone, size_t copies) const {
  if (alone == copies) return 0.0;
  return matches[alone][copies].entrants[0].win_rate();
}

CrossPlayResult run_cross_play(std::shared_ptr<const Game> game, const PlayerFactory& factory,
                               const CrossPlaySettings& settings, const CrossPlayCallback& on_game) {
  const size_t n = settings.specs.size();
  if (n < 2) throw std::invalid_argument("a cross-play table needs at least two players, got " + std::to_string(n));
  std::set<std::string> seen;
  for (const std::string& spec : settings.specs)
    if (!seen.insert(spec).second)
      throw std::invalid_argument("a cross-play table lists each player once: '" + spec + "' is given twice");
  for (const std::string& spec : settings.specs) factory.create(spec, game, 0);  // a bad spec fails before any game

  CrossPlayResult result;
  result.specs = settings.specs;
  result.matches.assign(n, std::vector<ArenaResult>(n));
  std::vector<RankedGame> ranked;  // every game, entrants numbered as in specs
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j) {
      if (i == j) continue;
      ArenaSettings match = settings.match;
      match.seat_specs.assign(static_cast<size_t>(game->num_players()), settings.specs[j]);
      match.seat_specs[0] = settings.specs[i];
      match.seed = settings.match.seed + 1000003 * (i * n + j);
      ArenaGameCallback callback;
      if (on_game) callback = [&](int, const ArenaGame& g) { on_game(i, j, g); };
      result.matches[i][j] = run_arena(game, factory, match, callback);
      const size_t global[2] = {i, j};  // the match's entrant 0 is i, entrant 1 is j
      for (const ArenaGame& g : result.matches[i][j].games) {
        RankedGame r{{}, g.played.outcome.ranks};
        for (int e : g.entrant_of_seat) r.entrant_of_seat.push_back(static_cast<int>(global[e]));
        ranked.push_back(std::move(r));
      }
    }
  result.ratings = fit_plackett_luce(static_cast<int>(n), ranked);
  result.payoff.assign(n, std::vector<double>(n, 0.0));
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j)
      if (i != j) result.payoff[i][j] = result.win_rate(i, j) - result.win_rate(j, i);
  result.nash = maxent_nash(result.payoff);
  return result;
}

}  // namespace djambi
