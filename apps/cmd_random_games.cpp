// random-games: uniformly random sub-decisions, with game-length, outcome and speed statistics.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>

#include "apps/cli_common.h"
#include "apps/commands.h"
#include "env/djambi/notation.h"
#include "env/djambi/random_playout.h"

namespace djambi::cli {

namespace {

struct RandomGamesOptions {
  std::vector<std::string> variants;
  int games = 100;
  uint64_t seed = 1;
};

void run_random_games(const RandomGamesOptions& o) {
  if (o.games <= 0) throw UsageError("--games must be positive, got " + std::to_string(o.games));
  const Position start = Position::start(variants_from(o.variants));
  Rng rng(o.seed);
  Progress progress("random-games", static_cast<uint64_t>(o.games));
  long long turns = 0, decisions = 0;
  int min_turns = 1 << 30, max_turns = 0, draws = 0;
  std::array<int, 4> wins{};
  std::array<double, 4> rank_sum{};
  const auto t0 = std::chrono::steady_clock::now();
  for (int g = 0; g < o.games; ++g) {
    const PlayoutResult r = random_playout(start, rng);
    turns += r.turns;
    decisions += r.decisions;
    min_turns = std::min(min_turns, r.turns);
    max_turns = std::max(max_turns, r.turns);
    draws += r.draw;
    for (int seat = 0; seat < start.num_players(); ++seat) {
      const PlayerId p = start.player(seat);
      rank_sum[p] += r.ranks[p];
      if (!r.draw && r.ranks[p] == 1 && r.end.alive(p)) ++wins[p];
    }
    progress.update(static_cast<uint64_t>(g + 1));
  }
  progress.finish();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("games %d\n", o.games);
  std::printf("turns mean %.1f min %d max %d\n", static_cast<double>(turns) / o.games, min_turns, max_turns);
  std::printf("decisions per turn %.2f\n", static_cast<double>(decisions) / std::max(1LL, turns));
  std::printf("draws %d (%.1f%%)\n", draws, 100.0 * draws / o.games);
  for (int seat = 0; seat < start.num_players(); ++seat) {
    const PlayerId p = start.player(seat);
    std::printf("player %c wins %d (%.1f%%) mean rank %.2f\n", player_letter(p), wins[p],
                100.0 * wins[p] / o.games, rank_sum[p] / o.games);
  }
  std::printf("speed %.0f turns/s, %.1f games/s\n", turns / seconds, o.games / seconds);
}

}  // namespace

void register_random_games_command(CLI::App& app) {
  auto o = std::make_shared<RandomGamesOptions>();
  auto* cmd = app.add_subcommand("random-games", "Play random games and print statistics");
  cmd->footer("Example: djambi random-games --games 1000 --seed 7");
  cmd->add_option("--games", o->games, "Number of games")->capture_default_str();
  cmd->add_option("--seed", o->seed, "Random seed")->capture_default_str();
  add_variant_option(cmd, &o->variants);
  cmd->callback([o] { run_random_games(*o); });
}

}  // namespace djambi::cli
