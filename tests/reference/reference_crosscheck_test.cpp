// The engine against the independent reference implementation, for every variant set.
#include <gtest/gtest.h>

#include "env/djambi/notation.h"
#include "env/djambi/perft.h"
#include "tests/env/simulation_checks.h"
#include "tests/reference/crosscheck.h"

namespace djambi::testing {
namespace {

TEST(ReferenceCrosscheck, RandomGamesAgreeForEveryVariantSet) {
  for (const Variants& v : simulated_variant_sets()) {
    SCOPED_TRACE("variants: " + v.to_string());
    EXPECT_GT(crosscheck_random_games(v, 6, 77 + v.bits()), 100);
  }
}

TEST(ReferenceCrosscheck, PerftAgreesAtDepthTwoForEveryVariantSet) {
  for (const Variants& v : simulated_variant_sets()) {
    SCOPED_TRACE("variants: " + v.to_string());
    const Position start = Position::start(v);
    EXPECT_EQ(static_cast<long long>(perft(start, 2)),
              djambi_reference::perft(format_position(start), 2, to_reference(v)));
  }
}

}  // namespace
}  // namespace djambi::testing
