#pragma once
// Settings of one search (see configs/ for how each is set from YAML).
#include <cstdint>

namespace djambi {

// Bounds of the search settings that come from outside: player specs, bundles, `export`, the
// bot's `go`. Numbers outside them, NaN and infinities are refused where they enter.
constexpr int kMaxSimulations = 10'000'000;
constexpr double kMaxSearchSeconds = 86'400.0;  // a day
constexpr double kMaxCPuct = 100.0;
constexpr double kMaxFpuReduction = 2.0;       // values lie in [-1, 1]

struct SearchConfig {
  int simulations = 200;        // playouts per decision
  float c_puct = 1.5f;          // exploration weight of the prior
  float fpu_reduction = 0.2f;   // an unvisited child is valued at its parent's value minus this
  bool paranoid = false;        // every other seat minimises the root seat's value (else max^n)
  // Root exploration noise (self-play only).
  bool root_noise = false;
  float dirichlet_alpha = 0.3f;
  float dirichlet_epsilon = 0.25f;
  // KataGo's forced playouts at the root, and pruning them from the policy target.
  bool forced_playouts = false;
  float forced_playout_k = 2.0f;
  // Leaves collected per tree (with virtual loss) before one evaluation.
  int leaves_per_round = 1;
  float virtual_loss = 1.0f;
  uint64_t seed = 1;
};

}  // namespace djambi
