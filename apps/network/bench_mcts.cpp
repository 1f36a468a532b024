// bench mcts: simulations/s of rollout-MCTS on one core, and of network-guided MCTS in both
// parallel modes, with the share of wall time spent in the network; for many games, the
// network positions/s against the bare forward rate at the same batch size.
#include <nlohmann/json.hpp>
#include <sys/resource.h>
#include <tbb/global_control.h>

#include <chrono>
#include <cstdio>
#include <memory>

#include "apps/cli_common.h"
#include "apps/network/bench_forward.h"
#include "apps/network/commands.h"
#include "env/djambi/game.h"
#include "env/random.h"
#include "mcts/basic_evaluators.h"
#include "mcts/batched_search.h"
#include "mcts/queued_evaluator.h"
#include "nets/device.h"
#include "nets/torch_evaluator.h"
#include "train/config.h"
#include "train/run_setup.h"

namespace djambi::cli {

namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + 1e-6 * (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

}  // namespace

void run_bench_mcts(const BenchMctsOptions& o) {
  auto game = std::make_shared<DjambiGame>();
  Rng rng(3);
  SearchConfig config;

  // 1. Rollout-MCTS, one core.
  double rollout_rate = 0;
  {
    tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);
    RolloutEvaluator rollouts(1, 100000, 5);
    Tree tree(config, random_midgame(*game, rng));
    const auto t0 = Clock::now();
    BatchedSearch(rollouts).run({&tree}, {o.rollout_sims});
    rollout_rate = o.rollout_sims / seconds_since(t0);
  }

  tbb::global_control threads(tbb::global_control::max_allowed_parallelism, static_cast<size_t>(o.threads));
  set_torch_threads(o.threads);
  const NetConfig net_config = net_config_for(*game, o.preset);
  const torch::Device device = default_device();
  auto net = std::make_shared<TorchEvaluator>(PolicyValueNet(net_config), device);
  const int groups = o.groups > 0 ? o.groups : machine_settings(default_train_config(), device).pipeline_groups;

  // 2. Many games, one batch.
  std::vector<std::unique_ptr<Tree>> trees;
  std::vector<Tree*> tree_pointers;
  for (int g = 0; g < o.games; ++g) {
    trees.push_back(std::make_unique<Tree>(config, random_midgame(*game, rng)));
    tree_pointers.push_back(trees.back().get());
  }
  BatchedSearch batched(*net, 1, groups);
  batched.run(tree_pointers, std::vector<int>(trees.size(), 2));  // warm-up
  const SearchTimings before = batched.timings();
  const double cpu0 = cpu_seconds();
  const auto t0 = Clock::now();
  batched.run(tree_pointers, std::vector<int>(trees.size(), o.sims));
  const double wall = seconds_since(t0);
  const double cpu = cpu_seconds() - cpu0;
  const SearchTimings& after = batched.timings();
  const double evaluate = after.evaluate_seconds - before.evaluate_seconds;
  const double many_rate = static_cast<double>(o.games) * o.sims / wall;
  const auto positions = static_cast<double>(after.evaluations - before.evaluations);
  const double network_rate = positions / wall;
  const int mean_batch = std::max(1, static_cast<int>(positions / std::max(1LL, after.rounds - before.rounds) + 0.5));
  // The bare forward at that batch size, on the games' roots.
  const size_t obs_size = static_cast<size_t>(game->observation_shape().size());
  std::vector<float> observations(static_cast<size_t>(mean_batch) * obs_size);
  for (size_t i = 0; i < static_cast<size_t>(mean_batch); ++i)
    trees[i % trees.size()]->root_state().observation(&observations[i * obs_size]);
  const double raw_rate = raw_forward_rate(net->net(), device, observations.data(), mean_batch, 1.0);

  // 3. One game, many threads.
  QueuedEvaluator queued(net, o.threads * o.leaves_per_worker, std::chrono::microseconds(2000));
  Tree tree(config, random_midgame(*game, rng));
  const int one_sims = std::max(256, o.sims * 8);
  const auto t1 = Clock::now();
  search_tree_parallel(tree, queued, one_sims, o.threads, o.leaves_per_worker);
  const double one_seconds = seconds_since(t1);
  const double one_rate = one_sims / one_seconds;
  // Playouts that end in a finished game need no evaluation: report both.
  const double one_evaluations = static_cast<double>(queued.positions()) / one_seconds;

  if (o.json) {
    const nlohmann::ordered_json out{{"rollout_sims_per_second", rollout_rate},
                                     {"many_games_sims_per_second", many_rate},
                                     {"many_games_forward_share", evaluate / wall},
                                     {"many_games_cpu_per_wall", cpu / wall},
                                     {"one_game_sims_per_second", one_rate},
                                     {"one_game_evaluations_per_second", one_evaluations},
                                     {"one_game_mean_batch", queued.mean_batch_size()},
                                     {"many_games_groups", groups},
                                     {"many_games_mean_batch", mean_batch},
                                     {"many_games_network_positions_per_second", network_rate},
                                     {"raw_forward_per_second", raw_rate},
                                     {"many_games_raw_forward_share", network_rate / raw_rate}};
    std::printf("%s\n", out.dump().c_str());
    return;
  }
  std::printf("rollout-MCTS, one core: %.0f simulations/s (Djambi middle game)\n", rollout_rate);
  std::printf("az-MCTS many games (%d games x %d sims, net %s): %.0f simulations/s; %.1f%% of wall time "
              "in the network; CPU busy %.2f of %d cores\n",
              o.games, o.sims, o.preset.c_str(), many_rate, 100 * evaluate / wall, cpu / wall, o.threads);
  std::printf("  %d pipeline group(s), mean batch %d: %.0f network positions/s, %.1f%% of the bare forward rate "
              "at that batch (%.0f/s on %s)\n",
              groups, mean_batch, network_rate, 100 * network_rate / raw_rate, raw_rate, device.str().c_str());
  std::printf("az-MCTS one game, %d threads x %d leaves: %.0f simulations/s, %.0f network evaluations/s "
              "(mean batch %.1f)\n",
              o.threads, o.leaves_per_worker, one_rate, one_evaluations, queued.mean_batch_size());
}

}  // namespace djambi::cli
