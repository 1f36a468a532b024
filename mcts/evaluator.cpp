#include "mcts/evaluator.h"

namespace djambi {

void uniform_priors(const uint8_t* legal_mask, int num_actions, float* priors) {
  int legal = 0;
  for (int a = 0; a < num_actions; ++a) legal += legal_mask[a];
  const float p = legal > 0 ? 1.0f / static_cast<float>(legal) : 0.0f;
  for (int a = 0; a < num_actions; ++a) priors[a] = legal_mask[a] ? p : 0.0f;
}

}  // namespace djambi
