// arena: a tournament between any players, every distinct seating in turn, games in parallel;
// or a match format (1v3, 3v1, 2v2), a cross-play table of N players or a pool of N players in
// mixed tables (a rating ladder). Prints a table and saves every game record and a JSON summary.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <thread>

#include <nlohmann/json.hpp>

#include "apps/cli_common.h"
#include "apps/commands.h"
#include "apps/network_library.h"
#include "env/io/append_file.h"
#include "env/io/atomic_file.h"
#include "env/threads/thread_start.h"
#include "train/arena/arena.h"
#include "train/arena/cross_play.h"
#include "train/arena/pool.h"

namespace djambi::cli {

namespace {

struct ArenaOptions {
  std::vector<std::string> players;
  std::string format = "seats";
  std::string game = "djambi";
  std::vector<std::string> variants;
  int games = 24;
  int parallel = 0;  // 0: not given, one game per core
  int max_turns = 1000;
  uint64_t seed = 1;
  std::string out;
};

nlohmann::json entrant_json(const ArenaEntrant& e) {
  const auto [low, high] = wilson_interval(e.wins, e.seats);
  return {{"spec", e.spec}, {"games", e.seats}, {"wins", e.wins}, {"draws", e.draws},
          {"win_rate", e.win_rate()}, {"win_rate_low", low}, {"win_rate_high", high},
          {"mean_rank", e.mean_rank()}, {"rating", e.rating}};
}

nlohmann::json summary_json(const ArenaOptions& o, const ArenaResult& r, double seconds) {
  nlohmann::json entrants = nlohmann::json::array();
  for (const ArenaEntrant& e : r.entrants) entrants.push_back(entrant_json(e));
  return {{"format", o.format}, {"game", o.game},       {"variants", o.variants},  {"seats", o.players},       {"games", o.games},
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

// The seats of a match format: `1v3` is the first player alone against three copies of the
// second, `3v1` the reverse, `2v2` two copies of each.
std::vector<std::string> seats_of_format(const std::string& format, const std::vector<std::string>& specs,
                                         int players) {
  if (format == "seats") return specs;
  if (specs.size() != 2)
    throw UsageError("--format " + format + " takes two players (--players A --players B), got " +
                     std::to_string(specs.size()));
  if (players != 4) throw UsageError("--format " + format + " is for a 4-player game; this game has " +
                                     std::to_string(players) + " seats (use --format cross)");
  const int first = format == "1v3" ? 1 : format == "3v1" ? 3 : 2;
  std::vector<std::string> seats(4, specs[1]);
  std::fill(seats.begin(), seats.begin() + first, specs[0]);
  return seats;
}

nlohmann::json match_json(const ArenaEntrant& e) {
  const auto [low, high] = wilson_interval(e.wins, e.seats);
  return {{"games", e.seats}, {"wins", e.wins}, {"draws", e.draws}, {"win_rate", e.win_rate()},
          {"win_rate_low", low}, {"win_rate_high", high}, {"mean_rank", e.mean_rank()}};
}

nlohmann::json cross_play_json(const ArenaOptions& o, const CrossPlayResult& r, double seconds) {
  nlohmann::json players = nlohmann::json::array(), matches = nlohmann::json::array();
  for (size_t i = 0; i < r.specs.size(); ++i) {
    players.push_back({{"spec", r.specs[i]}, {"rating", r.ratings[i]}, {"nash_weight", r.nash.weights[i]},
                       {"nash_average", r.nash.average[i]}});
    nlohmann::json row = nlohmann::json::array();
    for (size_t j = 0; j < r.specs.size(); ++j)
      row.push_back(i == j ? nlohmann::json(nullptr) : match_json(r.matches[i][j].entrants[0]));
    matches.push_back(row);
  }
  return {{"format", "cross"}, {"game", o.game}, {"variants", o.variants}, {"games_per_pair", o.games},
          {"max_turns", o.max_turns}, {"seed", o.seed}, {"seconds", seconds}, {"players", players},
          {"matches", matches}, {"meta_game_payoff", r.payoff}};
}

void print_cross_play(const CrossPlayResult& r, int players) {
  std::printf("win rate of the row player alone against %d copies of the column player:\n", players - 1);
  std::printf("%-4s", "");
  for (size_t j = 0; j < r.specs.size(); ++j) std::printf(" %21zu", j + 1);
  std::printf("\n");
  for (size_t i = 0; i < r.specs.size(); ++i) {
    std::printf("%-4zu", i + 1);
    for (size_t j = 0; j < r.specs.size(); ++j) {
      if (i == j) {
        std::printf(" %21s", "-");
        continue;
      }
      const ArenaEntrant& e = r.matches[i][j].entrants[0];
      const auto [low, high] = wilson_interval(e.wins, e.seats);
      std::printf(" %6.1f%% [%5.1f,%5.1f]", 100 * e.win_rate(), 100 * low, 100 * high);
    }
    std::printf("\n");
  }
  std::printf("\n%-4s %-32s %7s %12s %13s\n", "", "player", "rating", "Nash weight", "Nash average");
  for (size_t i = 0; i < r.specs.size(); ++i)
    std::printf("%-4zu %-32s %+7.0f %12.3f %+13.3f\n", i + 1, r.specs[i].c_str(), r.ratings[i], r.nash.weights[i],
                r.nash.average[i]);
}

// The cross-play table of `specs`, its records saved as they finish, then its summary and table.
// Plays the games `play` starts (it calls its argument once per finished game) with a progress
// line, saving each record as it comes; a spec refused while playing is a usage error.
template <class Play>
auto play_with_progress(const char* what, uint64_t total, const std::function<void(const ArenaGame&)>& save_record,
                        Play play) {
  Progress progress(what, total);
  uint64_t done = 0;
  try {
    auto result = play([&](const ArenaGame& g) {
      save_record(g);
      progress.update(++done);
    });
    progress.finish();
    return result;
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

// The games, parallel games, turn cap and seed the options give a match (its seats set apart).
ArenaSettings match_settings(const ArenaOptions& o) {
  ArenaSettings settings;
  settings.games = o.games;
  settings.parallel = o.parallel;
  settings.max_turns = o.max_turns;
  settings.seed = o.seed;
  return settings;
}

void play_cross_table(const ArenaOptions& o, std::shared_ptr<const Game> game, const std::vector<std::string>& specs,
                      const PlayerFactory& factory, const std::function<void(const ArenaGame&)>& save_record) {
  const auto start = std::chrono::steady_clock::now();
  const CrossPlaySettings settings{specs, match_settings(o)};
  const size_t total = specs.size() * (specs.size() - 1) * static_cast<size_t>(o.games);
  const CrossPlayResult result = play_with_progress("cross-play games", total, save_record, [&](auto on_game) {
    return run_cross_play(game, factory, settings, [&](size_t, size_t, const ArenaGame& g) { on_game(g); });
  });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  write_file_atomically(o.out + "/summary.json", cross_play_json(o, result, seconds).dump(2) + "\n");
  print_cross_play(result, game->num_players());
  std::printf("%zu games in %.0f s; records and summary.json in %s\n", total, seconds, o.out.c_str());
}

// The pool's players from the highest rating down, each rating with its bootstrap interval.
std::vector<size_t> by_rating(const PoolResult& r) {
  std::vector<size_t> order(r.arena.entrants.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return r.arena.entrants[a].rating > r.arena.entrants[b].rating; });
  return order;
}

nlohmann::json pool_json(const ArenaOptions& o, const PoolResult& r, double seconds) {
  nlohmann::json players = nlohmann::json::array();
  for (size_t i : by_rating(r)) {
    nlohmann::json entry = entrant_json(r.arena.entrants[i]);
    entry["rating_low"] = r.rating_interval[i].first;
    entry["rating_high"] = r.rating_interval[i].second;
    players.push_back(entry);
  }
  return {{"format", "pool"}, {"game", o.game}, {"variants", o.variants}, {"games", o.games},
          {"max_turns", o.max_turns}, {"seed", o.seed}, {"unfinished", r.arena.unfinished},
          {"seconds", seconds}, {"players", players}};
}

void print_pool(const PoolResult& r) {
  std::printf("%-4s %-40s %6s %6s %6s %10s %7s %16s\n", "", "player", "games", "wins", "draws", "mean rank", "rating",
              "(95% interval)");
  int place = 0;
  for (size_t i : by_rating(r)) {
    const ArenaEntrant& e = r.arena.entrants[i];
    std::printf("%-4d %-40s %6d %6d %6d %10.2f %+7.0f [%+6.0f, %+6.0f]\n", ++place, e.spec.c_str(), e.seats, e.wins,
                e.draws, e.mean_rank(), e.rating, r.rating_interval[i].first, r.rating_interval[i].second);
  }
}

// A pool of different players in mixed tables, rated together: the rating ladder.
void play_pool(const ArenaOptions& o, std::shared_ptr<const Game> game, const std::vector<std::string>& specs,
               const PlayerFactory& factory, const std::function<void(const ArenaGame&)>& save_record) {
  const auto start = std::chrono::steady_clock::now();
  PoolSettings settings;
  settings.specs = specs;
  settings.match = match_settings(o);
  const PoolResult result = play_with_progress("pool games", static_cast<uint64_t>(o.games), save_record, [&](auto on_game) {
    return run_pool(game, factory, settings, [&](int, const ArenaGame& g) { on_game(g); });
  });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  write_file_atomically(o.out + "/summary.json", pool_json(o, result, seconds).dump(2) + "\n");
  print_pool(result);
  std::printf("%d games in %.0f s (%d stopped at %d turns); records and summary.json in %s\n", o.games, seconds,
              result.arena.unfinished, o.max_turns, o.out.c_str());
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
  if (o.format != "cross" && o.format != "pool") specs = seats_of_format(o.format, specs, game->num_players());
  // Each game's result is kept until the summary: a bound keeps that memory small.
  constexpr int kMaxGames = 1000000;
  if (o.games < 1 || o.games > kMaxGames)
    throw UsageError("--games must be from 1 to " + std::to_string(kMaxGames) + ", got " + std::to_string(o.games));
  if (o.max_turns < 1) throw UsageError("--max-turns must be at least 1, got " + std::to_string(o.max_turns));
  if (parallel_given && o.parallel < 1)
    throw UsageError("--parallel must be at least 1, got " + std::to_string(o.parallel));
  if (!parallel_given) o.parallel = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  if (o.out.empty()) o.out = timestamped("runs/arena-%Y%m%d-%H%M%S");
  check_directory_path("--out", o.out);
  if (std::filesystem::exists(o.out) && !std::filesystem::is_empty(o.out))
    throw UsageError("'" + o.out + "' exists and is not empty; the arena writes into a new directory");
  // The games' threads, checked before anything is written: a refused one ends the arena at once.
  check_threads_start(o.parallel, "the arena's games");
  // Each game searches on its own thread: one LibTorch thread each keeps the cores apart.
  const PlayerFactory factory =
      on_demand_player_factory(std::max(1, static_cast<int>(std::thread::hardware_concurrency()) / o.parallel));
  // The specs are checked before the first game, so the directory is made at the first
  // finished game: a refused arena leaves nothing on disk.
  AppendFile records;  // one write per record: a killed arena leaves whole records
  auto save_record = [&](const ArenaGame& g) {
    if (!records.is_open()) {
      std::filesystem::create_directories(o.out);
      records = AppendFile(o.out + "/games.txt");
    }
    records.append(format_record(g.played.record) + "\n");
  };
  if (o.format == "cross") {
    play_cross_table(o, game, specs, factory, save_record);
    return;
  }
  if (o.format == "pool") {
    play_pool(o, game, specs, factory, save_record);
    return;
  }
  const auto start = std::chrono::steady_clock::now();
  ArenaSettings settings = match_settings(o);
  settings.seat_specs = specs;
  const auto games = static_cast<uint64_t>(o.games);
  const ArenaResult result = play_with_progress("arena games", games, save_record, [&](auto on_game) {
    return run_arena(game, factory, settings, [&](int, const ArenaGame& g) { on_game(g); });
  });
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
      "  djambi arena --format 1v3 --players ab --players greedy --games 40\n"
      "  djambi arena --format cross --players ab --players greedy --players mcts --players random\n"
      "  djambi arena --format pool --players random --players greedy --players mcts --players ab --players ab,time=1 --games 40\n"
      "Player specs: docs/PLAYERS.md. Ratings: Plackett-Luce on the Elo scale (docs/ARENA.md).");
  cmd->add_option("--players", o->players, "Player specs, one per seat, comma-separated (repeatable)")->required();
  cmd->add_option("--format", o->format,
                  "seats: one spec per seat; 1v3, 3v1, 2v2: two players, the first alone, three times or twice; "
                  "cross: every ordered pair of N players in 1v3; pool: N players in mixed tables, rated together")
      ->check(CLI::IsMember({"seats", "1v3", "3v1", "2v2", "cross", "pool"}))
      ->capture_default_str();
  cmd->add_option("--games", o->games, "Games to play (cross: of each ordered pair)")->capture_default_str();
  auto* parallel = cmd->add_option("--parallel", o->parallel, "Games at once (default: one per core)");
  cmd->add_option("--max-turns", o->max_turns, "A longer game is stopped and ranked as it stands")->capture_default_str();
  cmd->add_option("--seed", o->seed, "Seed of the players' random choices")->capture_default_str();
  cmd->add_option("--out", o->out, "Directory for games.txt and summary.json (default runs/arena-DATE-TIME)");
  cmd->add_option("--game", o->game, "djambi | tictactoe")->capture_default_str();
  add_variant_option(cmd, &o->variants);
  cmd->callback([o, parallel] { run_arena_command(*o, parallel->count() > 0); });
}

}  // namespace djambi::cli
