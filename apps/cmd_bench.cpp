// bench: throughput figures measured by the project (issues quote these, never timed tests).
#include <chrono>
#include <cstdio>
#include <memory>

#include "apps/cli_common.h"
#include "apps/commands.h"
#include "env/perft.h"
#include "env/random_playout.h"

namespace djambi::cli {

namespace {

struct BenchOptions {
  std::vector<std::string> variants;
  double seconds = 3.0;
  int perft_depth = 3;
  bool json = false;
};

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void run_bench_rules(const BenchOptions& o) {
  const Position start = Position::start(variants_from(o.variants));
  // Random playouts on one thread, for about o.seconds.
  Rng rng(12345);
  long long turns = 0, games = 0;
  auto t0 = std::chrono::steady_clock::now();
  double elapsed = 0;
  do {
    turns += random_playout(start, rng).turns;
    ++games;
    elapsed = since(t0);
  } while (elapsed < o.seconds);
  const double turns_per_second = turns / elapsed;

  t0 = std::chrono::steady_clock::now();
  const uint64_t nodes = perft(start, o.perft_depth);
  const double perft_seconds = since(t0);
  const double nodes_per_second = nodes / perft_seconds;

  if (o.json) {
    std::printf("{\"playout_turns_per_second\": %.0f, \"playout_games\": %lld, "
                "\"perft_depth\": %d, \"perft_nodes\": %llu, \"perft_seconds\": %.3f, "
                "\"perft_nodes_per_second\": %.0f}\n",
                turns_per_second, games, o.perft_depth, static_cast<unsigned long long>(nodes),
                perft_seconds, nodes_per_second);
  } else {
    std::printf("random playouts: %.0f turns/s (%lld games, %.1f s, one thread)\n",
                turns_per_second, games, elapsed);
    std::printf("perft %d: %llu nodes in %.2f s, %.0f nodes/s\n", o.perft_depth,
                static_cast<unsigned long long>(nodes), perft_seconds, nodes_per_second);
  }
}

}  // namespace

void register_bench_command(CLI::App& app) {
  auto o = std::make_shared<BenchOptions>();
  auto* bench = app.add_subcommand("bench", "Measure throughput");
  bench->require_subcommand(1);
  auto* rules = bench->add_subcommand("rules", "Random-playout turns/s and perft nodes/s, one thread");
  rules->footer("Example: djambi bench rules --seconds 5 --json");
  rules->add_option("--seconds", o->seconds, "Time spent on random playouts")->capture_default_str();
  rules->add_option("--perft-depth", o->perft_depth, "Perft depth from the start")->capture_default_str();
  rules->add_flag("--json", o->json, "Print one JSON object");
  add_variant_option(rules, &o->variants);
  rules->callback([o] { run_bench_rules(*o); });
}

}  // namespace djambi::cli
