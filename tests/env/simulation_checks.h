#pragma once
// OpenSpiel-style random simulation: play many random games and check every game invariant
// after every sub-decision. Shared by the fast suite and the slow-labelled one.
#include <cstdint>
#include <vector>

#include "env/djambi/variants.h"

namespace djambi::testing {

struct SimulationOptions {
  int games = 100;
  uint64_t seed = 1;
  // Every this many turns, also list every whole move and apply each one.
  int full_check_every = 10;
  Variants variants;
};

// Returns the number of turns played; GoogleTest failures report broken invariants.
long long run_random_simulation(const SimulationOptions& options);

// The variant sets the simulations cover: none, each variant alone, and all of them together.
std::vector<Variants> simulated_variant_sets();

}  // namespace djambi::testing
