#pragma once
// For search tests: the decision a tree search plays after a number of serial playouts.
#include <random>

#include "mcts/batched_search.h"
#include "mcts/tree.h"

namespace djambi::test {

// The most visited root decision of a search from `state` after `sims` playouts under `config`
// (ties broken by a generator seeded with `seed`).
inline Action chosen_after_search(const SearchConfig& config, const GameState& state, Evaluator& evaluator, int sims,
                                  uint64_t seed = 1) {
  Tree tree(config, state.clone());
  BatchedSearch(evaluator).run({&tree}, {sims});
  std::mt19937_64 rng(seed);
  return tree.choose_action(0.0f, rng);
}

}  // namespace djambi::test
