// Thousands of random games, every invariant checked after every decision (fast suite).
#include <gtest/gtest.h>

#include "tests/env/simulation_checks.h"

namespace djambi::testing {
namespace {

// Under AddressSanitizer a game costs about eight times as much: a quarter of the games there
// still plays every variant set and keeps the sanitized suite within CI's time.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kGames = 60;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr int kGames = 60;
#else
constexpr int kGames = 250;
#endif
#else
constexpr int kGames = 250;
#endif

TEST(RandomSimulation, InvariantsHoldForEveryVariantSet) {
  for (const Variants& v : simulated_variant_sets()) {
    SCOPED_TRACE("variants: " + v.to_string());
    SimulationOptions options;
    options.games = kGames;
    options.seed = 1000 + v.bits();
    options.full_check_every = 40;
    options.variants = v;
    EXPECT_GT(run_random_simulation(options), options.games * 10);
  }
}

}  // namespace
}  // namespace djambi::testing
