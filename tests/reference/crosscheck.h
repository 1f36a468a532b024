#pragma once
// Plays random games with the engine and compares, at every turn, its legal-move list and the
// positions its moves lead to with those of tests/reference (an independent implementation of
// RULES.md that lists whole moves directly rather than through sub-decisions).
#include <cstdint>

#include "env/djambi/variants.h"
#include "tests/reference/reference_rules.h"

namespace djambi::testing {
djambi_reference::RefVariants to_reference(Variants v);
// Returns the number of turns compared; GoogleTest failures report each disagreement.
long long crosscheck_random_games(Variants variants, int games, uint64_t seed);
}  // namespace djambi::testing
