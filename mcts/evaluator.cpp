#include "mcts/evaluator.h"

#include <cmath>
#include <cstddef>

namespace djambi {

namespace {

// Index of the first non-finite number of `x[0, n)`, or n. Branch-free over the whole range so
// that it vectorises; searched again only when something was found.
size_t first_non_finite(const float* x, size_t n) {
  bool bad = false;
  for (size_t i = 0; i < n; ++i) bad |= !std::isfinite(x[i]);
  if (!bad) return n;
  size_t i = 0;
  while (std::isfinite(x[i])) ++i;
  return i;
}

}  // namespace

void check_evaluation(const EvalBatch& batch, const Evaluator& evaluator) {
  if (batch.size == 0) return;
  const size_t n = static_cast<size_t>(batch.size);
  const size_t actions = static_cast<size_t>(batch.states[0]->num_actions());
  const size_t players = static_cast<size_t>(batch.states[0]->num_players());
  auto fail = [&](const char* what, size_t row, const std::string& where, float x) {
    throw EvaluatorError("evaluator " + evaluator.describe() + " returned a non-finite " + what + " (" +
                         std::to_string(x) + ") for position " + std::to_string(row + 1) + " of " +
                         std::to_string(n) + ", " + where);
  };
  const size_t prior = first_non_finite(batch.priors, n * actions);
  if (prior < n * actions)
    fail("prior", prior / actions, "action " + std::to_string(prior % actions), batch.priors[prior]);
  const size_t value = first_non_finite(batch.values, n * players);
  if (value < n * players)
    fail("value", value / players, "seat " + std::to_string(value % players), batch.values[value]);
}

void uniform_priors(const uint8_t* legal_mask, int num_actions, float* priors) {
  int legal = 0;
  for (int a = 0; a < num_actions; ++a) legal += legal_mask[a];
  const float p = legal > 0 ? 1.0f / static_cast<float>(legal) : 0.0f;
  for (int a = 0; a < num_actions; ++a) priors[a] = legal_mask[a] ? p : 0.0f;
}

}  // namespace djambi
