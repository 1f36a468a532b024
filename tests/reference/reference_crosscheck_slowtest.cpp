// Slow suite: the engine against the reference for all 128 combinations of variants, and
// perft 3 from the start (727,876,667, which both implementations reach).
#include <gtest/gtest.h>

#include "env/djambi/notation.h"
#include "env/djambi/perft.h"
#include "tests/reference/crosscheck.h"

namespace djambi::testing {
namespace {

TEST(ReferenceCrosscheckSlow, RandomGamesAgreeForAllVariantCombinations) {
  for (int bits = 0; bits < (1 << kNumVariants); ++bits) {
    Variants v;
    for (int i = 0; i < kNumVariants; ++i)
      if (bits & (1 << i)) v.set(static_cast<Variant>(i));
    SCOPED_TRACE("variants: " + v.to_string());
    EXPECT_GT(crosscheck_random_games(v, 3, 1000 + bits), 30);
  }
}

TEST(ReferenceCrosscheckSlow, PerftDepthThree) {
  EXPECT_EQ(perft(Position::start(), 3), 727876667u);
}

}  // namespace
}  // namespace djambi::testing
