// arena: a tournament between any players, seats rotated, games in parallel; prints a table
// and saves every game record and a JSON summary.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <thread>

#include <nlohmann/json.hpp>

#include "apps/cli_common.h"
#include "apps/commands.h"
#include "env/append_file.h"
#include "env/atomic_file.h"
#include "nets/az_player.h"
#include "nets/torch_evaluator.h"
#include "train/arena.h"

namespace djambi::cli {

namespace {

struct ArenaOptions {
  std::vector<std::string> players;
  std::string game = "djambi";
  std::vector<std::string> variants;
  int games = 24;
  int parallel = 0;  // 0: not given, one game per core
  int max_turns = 1000;
  uint64_t seed = 1;
  std::string out;
};

nlohmann::json summary_json(const ArenaOptions& o, const ArenaResult& r, double seconds) {
  nlohmann::json entrants = nlohmann::json::array();
  for (const ArenaEntrant& e : r.entrants) {
    const auto [low, high] = wilson_interval(e.wins, e.seats);
    entrants.push_back({{"spec", e.spec}, {"games", e.seats}, {"wins", e.wins}, {"draws", e.draws},
                        {"win_rate", e.win_rate()}, {"win_rate_low", low}, {"win_rate_high", high},
                        {"mean_rank", e.mean_rank()}, {"rating", e.rating}});
  }
  return {{"game", o.game},       {"variants", o.variants},  {"seats", o.players},       {"games", o.games},
          {"max_turns", o.max_turns}, {"seed", o.seed},      {"unfinished", r.unfinished}, {"seconds", seconds},
          {"entrants", entrants}};
}

void print_table(const ArenaResult& r) {
  std::printf("%-32s %6s %6s %6s %20s %10s %7s\n", "player", "games", "wins", "draws", "win rate (95% CI)", "mean rank",
              "rating");
  for (const ArenaEntrant& e : r.entrants) {
    const auto [low, high] = wilson_interval(e.wins, e.seats);
    std::printf("%-32s %6d %6d %6d %6.1f%% [%5.1f, %5.1f] %10.2f %+7.0f\n", e.spec.c_str(), e.seats, e.wins, e.draws,
                100 * e.win_rate(), 100 * low, 100 * high, e.mean_rank(), e.rating);
  }
}

void run_arena_command(ArenaOptions o, bool parallel_given) {
  std::vector<std::string> specs;
  for (const std::string& list : o.players) {
    try {
      for (std::string& s : split_player_list(list)) specs.push_back(std::move(s));
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
  }
  auto game = game_from(o.game, o.variants);
  if (o.games < 1) throw UsageError("--games must be at least 1, got " + std::to_string(o.games));
  if (o.max_turns < 1) throw UsageError("--max-turns must be at least 1, got " + std::to_string(o.max_turns));
  if (parallel_given && o.parallel < 1)
    throw UsageError("--parallel must be at least 1, got " + std::to_string(o.parallel));
  if (!parallel_given) o.parallel = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  if (o.out.empty()) o.out = timestamped("runs/arena-%Y%m%d-%H%M%S");
  check_directory_path("--out", o.out);
  if (std::filesystem::exists(o.out) && !std::filesystem::is_empty(o.out))
    throw UsageError("'" + o.out + "' exists and is not empty; the arena writes into a new directory");
  // Each game searches on its own thread: one LibTorch thread each keeps the cores apart.
  set_torch_threads(std::max(1, static_cast<int>(std::thread::hardware_concurrency()) / o.parallel));

  ArenaSettings settings;
  settings.seat_specs = specs;
  settings.games = o.games;
  settings.parallel = o.parallel;
  settings.max_turns = o.max_turns;
  settings.seed = o.seed;
  const PlayerFactory factory = full_player_factory();
  // run_arena checks the specs before its first game, so the directory is made at the first
  // finished game: a refused arena leaves nothing on disk.
  AppendFile records;  // one write per record: a killed arena leaves whole records
  Progress progress("arena games", static_cast<uint64_t>(o.games));
  int done = 0;
  const auto start = std::chrono::steady_clock::now();
  ArenaResult result;
  try {
    result = run_arena(game, factory, settings, [&](int, const ArenaGame& g) {
      if (!records.is_open()) {
        std::filesystem::create_directories(o.out);
        records = AppendFile(o.out + "/games.txt");
      }
      records.append(format_record(g.played.record) + "\n");
      progress.update(static_cast<uint64_t>(++done));
    });
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  progress.finish();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  write_file_atomically(o.out + "/summary.json", summary_json(o, result, seconds).dump(2) + "\n");
  print_table(result);
  std::printf("%d games in %.0f s (%d stopped at %d turns); records and summary.json in %s\n", o.games, seconds,
              result.unfinished, o.max_turns, o.out.c_str());
}

}  // namespace

void register_arena_command(CLI::App& app) {
  auto o = std::make_shared<ArenaOptions>();
  auto* cmd = app.add_subcommand("arena", "A tournament between players, seats rotated, games in parallel");
  cmd->footer(
      "One player spec per seat; a key=value item belongs to the spec before it. Examples:\n"
      "  djambi arena --players az:best.djp,mcts,mcts,mcts --games 200\n"
      "  djambi arena --players az:a.djp,time=0.1 --players az:b.djp,time=0.1 --players random,random\n"
      "Player specs: docs/PLAYERS.md. Ratings: Plackett-Luce on the Elo scale (docs/ARENA.md).");
  cmd->add_option("--players", o->players, "Player specs, one per seat, comma-separated (repeatable)")->required();
  cmd->add_option("--games", o->games, "Games to play")->capture_default_str();
  auto* parallel = cmd->add_option("--parallel", o->parallel, "Games at once (default: one per core)");
  cmd->add_option("--max-turns", o->max_turns, "A longer game is stopped and ranked as it stands")->capture_default_str();
  cmd->add_option("--seed", o->seed, "Seed of the players' random choices")->capture_default_str();
  cmd->add_option("--out", o->out, "Directory for games.txt and summary.json (default runs/arena-DATE-TIME)");
  cmd->add_option("--game", o->game, "djambi | tictactoe")->capture_default_str();
  add_variant_option(cmd, &o->variants);
  cmd->callback([o, parallel] { run_arena_command(*o, parallel->count() > 0); });
}

}  // namespace djambi::cli
