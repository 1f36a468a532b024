// bench nets: positions/s of each network preset (or of a player's network) at several batch
// sizes, raw forward and through each evaluator; in bf16 or fp16, how often the best move and
// the values agree with fp32.
#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>
#include <memory>
#include <thread>

#include "apps/cli_common.h"
#include "apps/network/bench_forward.h"
#include "apps/network/commands.h"
#include "env/djambi/game.h"
#include "env/random.h"
#include "mcts/caching_evaluator.h"
#include "mcts/queued_evaluator.h"
#include "nets/bundle.h"
#include "nets/checkpoint.h"
#include "nets/device.h"
#include "nets/torch_evaluator.h"

namespace djambi::cli {

namespace {

// Mid-game positions with their encodings.
struct Positions {
  std::vector<std::unique_ptr<GameState>> states;
  std::vector<const GameState*> pointers;
  std::vector<float> observations, priors, values;
  std::vector<uint8_t> masks;
  int obs_size = 0, actions = 0, players = 0;

  Positions(const Game& game, int n) {
    obs_size = game.observation_shape().size();
    actions = game.num_actions();
    players = game.num_players();
    Rng rng(11);
    observations.resize(static_cast<size_t>(n) * obs_size);
    masks.resize(static_cast<size_t>(n) * actions);
    priors.resize(static_cast<size_t>(n) * actions);
    values.resize(static_cast<size_t>(n) * players);
    while (static_cast<int>(states.size()) < n) {
      auto s = random_midgame(game, rng);
      const size_t i = states.size();
      s->observation(&observations[i * obs_size]);
      s->legal_mask(&masks[i * actions]);
      pointers.push_back(s.get());
      states.push_back(std::move(s));
    }
  }
  EvalBatch batch(int offset, int size) {
    const size_t o = static_cast<size_t>(offset);
    return {size, &pointers[o], &observations[o * obs_size], &masks[o * actions],
            &priors[o * actions], &values[o * players]};
  }
};

// Two threads, each keeping requests of `per_thread` positions in flight through `queued`.
double queued_rate(QueuedEvaluator& queued, Positions& positions, int per_thread, double seconds) {
  std::atomic<long long> done{0};
  const auto t0 = std::chrono::steady_clock::now();
  auto worker = [&](int offset) {
    while (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < seconds) {
      queued.evaluate(positions.batch(offset, per_thread));
      done += per_thread;
    }
  };
  std::thread other(worker, per_thread);
  worker(0);
  other.join();
  return done / std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Agreement of `reduced` with `fp32_net` (a copy of its weights, not shared with it) on every
// position: the share with the same most likely move, and the largest difference of a value.
struct Agreement {
  double same_best_move = 0;
  double largest_value_difference = 0;
};
Agreement agreement_with_fp32(PolicyValueNet fp32_net, TorchEvaluator& reduced, Positions& positions,
                              torch::Device device) {
  TorchEvaluator exact(std::move(fp32_net), device);
  const int n = static_cast<int>(positions.states.size());
  exact.evaluate(positions.batch(0, n));
  const std::vector<float> exact_priors = positions.priors, exact_values = positions.values;
  reduced.evaluate(positions.batch(0, n));
  Agreement a;
  const auto actions = static_cast<size_t>(positions.actions);
  for (size_t i = 0; i < static_cast<size_t>(n); ++i) {
    const auto best = [&](const std::vector<float>& p) {
      return std::max_element(p.begin() + static_cast<long>(i * actions), p.begin() + static_cast<long>((i + 1) * actions)) - p.begin();
    };
    a.same_best_move += best(exact_priors) == best(positions.priors);
  }
  a.same_best_move /= n;
  for (size_t k = 0; k < exact_values.size(); ++k)
    a.largest_value_difference = std::max<double>(a.largest_value_difference, std::abs(exact_values[k] - positions.values[k]));
  return a;
}

}  // namespace

void run_bench_nets(const BenchNetsOptions& o) {
  set_torch_threads(o.threads);
  DjambiGame game;
  int max_batch = 64;
  for (int b : o.batches) max_batch = std::max(max_batch, b);
  Positions positions(game, max_batch);
  const torch::Device device = default_device();
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  if (!o.json)
    std::printf("Djambi input 58x9x9, device %s, %d torch threads; positions/s\n", device.str().c_str(), o.threads);
  const Precision precision = precision_from_name(o.precision);
  std::vector<std::string> presets = o.presets;
  PolicyValueNet loaded{nullptr};
  if (!o.weights.empty()) {
    try {
      loaded = load_player_bundle(o.weights).net;
    } catch (const CheckpointError& e) {
      throw std::invalid_argument(std::string("--weights: ") + e.what());  // bad input, exit 2
    }
    if (const std::string why = game_mismatch(loaded->config, game); !why.empty())
      throw std::invalid_argument("'" + o.weights + "' " + why);
    presets = {o.weights};
  }
  for (const std::string& preset : presets) {
    PolicyValueNet fresh = loaded ? loaded : PolicyValueNet(net_config_for(game, preset));
    const NetConfig config = fresh->config;
    // The raw forward runs the evaluator's own network, so it is in the evaluator's precision;
    // the fp32 weights are kept aside only to measure the agreement with them.
    PolicyValueNet fp32_net{nullptr};
    if (precision != Precision::kFloat32) {
      fp32_net = PolicyValueNet(config);
      copy_weights(fresh, fp32_net);
    }
    auto direct = std::make_shared<TorchEvaluator>(fresh, device, precision);
    auto& net = direct->net();
    if (!o.json)
      std::printf("\n%s %s (%d channels, %d blocks), %s\n%6s %10s %10s %7s %12s\n", loaded ? "player" : "preset",
                  preset.c_str(), config.channels, config.blocks, precision_name(precision), "batch", "raw", "direct",
                  "ratio", "cache-hits");
    if (precision != Precision::kFloat32) {
      const Agreement a = agreement_with_fp32(fp32_net, *direct, positions, device);
      if (o.json)
        rows.push_back({{"preset", preset},
                        {"precision", precision_name(precision)},
                        {"same_best_move", a.same_best_move},
                        {"largest_value_difference", a.largest_value_difference}});
      else
        std::printf("against fp32 on %zu positions: the same best move on %.1f %%, values at most %.4f apart\n",
                    positions.states.size(), 100 * a.same_best_move, a.largest_value_difference);
    }
    double raw64 = 0;
    for (int b : o.batches) {
      auto batch = positions.batch(0, b);
      const double raw = raw_forward_rate(net, device, positions.observations.data(), b, o.seconds);
      if (b == 64) raw64 = raw;
      const double through_direct = positions_per_second(o.seconds, b, [&] { direct->evaluate(batch); });
      CachingEvaluator cache(direct, 1 << 16);
      const double cache_hits = positions_per_second(o.seconds, b, [&] { cache.evaluate(batch); });
      if (o.json) {
        rows.push_back({{"preset", preset}, {"batch", b}, {"raw", raw}, {"direct", through_direct}, {"cache_hits", cache_hits}});
      } else {
        std::printf("%6d %10.0f %10.0f %6.1f%% %12.0f\n", b, raw, through_direct, 100 * through_direct / raw,
                    cache_hits);
      }
    }
    QueuedEvaluator queued(direct, 64, std::chrono::microseconds(5000));
    const double q = queued_rate(queued, positions, 32, o.seconds);
    if (o.json) {
      rows.push_back({{"preset", preset}, {"queued_2x32", q}, {"raw_64", raw64}});
    } else if (raw64 > 0) {
      std::printf("queued, 2 threads x 32 in flight: %.0f (%.1f%% of raw at batch 64, mean batch %.1f)\n", q,
                  100 * q / raw64, queued.mean_batch_size());
    }
  }
  if (o.json) std::printf("%s\n", rows.dump().c_str());
}

}  // namespace djambi::cli
