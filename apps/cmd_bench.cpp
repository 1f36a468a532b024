// bench: throughput figures measured by the project (issues quote these, never timed tests).
#include <nlohmann/json.hpp>
#include <tbb/global_control.h>

#include <chrono>
#include <cstdio>
#include <memory>

#include "apps/cli_common.h"
#include "apps/commands.h"
#include "apps/network_library.h"
#include "env/djambi/game.h"
#include "env/djambi/perft.h"
#include "env/djambi/random_playout.h"
#include "env/vec_env.h"

namespace djambi::cli {

namespace {

struct BenchOptions {
  std::vector<std::string> variants;
  double seconds = 3.0;
  int perft_depth = 3;
  int games = 256;
  int threads = 2;
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
    const nlohmann::ordered_json out{{"playout_turns_per_second", turns_per_second},
                                     {"playout_games", games},
                                     {"perft_depth", o.perft_depth},
                                     {"perft_nodes", nodes},
                                     {"perft_seconds", perft_seconds},
                                     {"perft_nodes_per_second", nodes_per_second}};
    std::printf("%s\n", out.dump().c_str());
  } else {
    std::printf("random playouts: %.0f turns/s (%lld games, %.1f s, one thread)\n",
                turns_per_second, games, elapsed);
    std::printf("perft %d: %llu nodes in %.2f s, %.0f nodes/s\n", o.perft_depth,
                static_cast<unsigned long long>(nodes), perft_seconds, nodes_per_second);
  }
}

void run_bench_env(const BenchOptions& o) {
  // Brings every game to the middle game first: 100 to 200 random decisions each.
  constexpr int kWarmUpBatches = 150;
  tbb::global_control threads(tbb::global_control::max_allowed_parallelism, static_cast<size_t>(o.threads));
  auto game = std::make_shared<DjambiGame>(variants_from(o.variants));
  VecEnv env(game, o.games);
  Rng rng(7);
  play_random_batches(env, rng, kWarmUpBatches);
  const RandomPlayThroughput measured = measure_random_play(env, rng, o.seconds);
  const double encode_us_per_position = 1e6 * measured.encode_seconds / (measured.batches * o.games);
  const double batch_ms = 1e3 * measured.encode_seconds / measured.batches;
  const double steps_per_second = measured.step_steps_per_second(o.games);
  const double loop_steps_per_second = measured.loop_steps_per_second(o.games);
  // One forward pass of the default network on the same batch, for the ratio: the network
  // library is loaded for it, after the encoding is measured.
  NetworkSide& network = network_side();
  network.set_threads(o.threads);
  const double forward_seconds = network.default_forward_seconds(*game, env.observations(), o.games);
  const double ratio = 1e-3 * batch_ms / forward_seconds;
  if (o.json) {
    const nlohmann::ordered_json out{{"games", o.games},
                                     {"threads", o.threads},
                                     {"encode_batch_ms", batch_ms},
                                     {"encode_us_per_position", encode_us_per_position},
                                     {"vecenv_steps_per_second", steps_per_second},
                                     {"random_play_steps_per_second", loop_steps_per_second},
                                     {"default_net_forward_ms", 1e3 * forward_seconds},
                                     {"encode_to_forward_ratio", ratio}};
    std::printf("%s\n", out.dump().c_str());
  } else {
    std::printf("observations + masks: %.3f ms per batch of %d, %.2f us per position (%d threads)\n",
                batch_ms, o.games, encode_us_per_position, o.threads);
    std::printf("VecEnv step: %.0f game steps/s; random play (encode, draw, step): %.0f game steps/s\n",
                steps_per_second, loop_steps_per_second);
    std::printf("default network forward on the batch: %.1f ms; encoding costs %.2f%% of it\n",
                1e3 * forward_seconds, 100 * ratio);
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

  auto* env = bench->add_subcommand("env", "Batch observation + mask encoding and VecEnv steps");
  env->footer("Example: djambi bench env --games 256 --threads 2");
  env->add_option("--games", o->games, "Games in the batch")->capture_default_str();
  env->add_option("--threads", o->threads, "TBB threads")->capture_default_str();
  env->add_option("--seconds", o->seconds, "Measuring time")->capture_default_str();
  env->add_flag("--json", o->json, "Print one JSON object");
  add_variant_option(env, &o->variants);
  env->callback([o] { run_bench_env(*o); });

  register_bench_nets_command(bench);
  register_bench_mcts_command(bench);
  register_bench_search_command(bench);
  register_bench_startup_command(bench);
}

}  // namespace djambi::cli
