// Thousands of random games, every invariant checked after every decision (fast suite).
#include <gtest/gtest.h>

#include "tests/env/simulation_checks.h"

namespace djambi::testing {
namespace {

TEST(RandomSimulation, InvariantsHoldForEveryVariantSet) {
  for (const Variants& v : simulated_variant_sets()) {
    SCOPED_TRACE("variants: " + v.to_string());
    SimulationOptions options;
    options.games = 250;
    options.seed = 1000 + v.bits();
    options.full_check_every = 40;
    options.variants = v;
    EXPECT_GT(run_random_simulation(options), options.games * 10);
  }
}

}  // namespace
}  // namespace djambi::testing
