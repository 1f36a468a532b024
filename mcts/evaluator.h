#pragma once
// How the search talks to a network (or any other judge of positions): a batch in, a batch
// out, the caller owning every buffer (lc0's backend shape: gather the inputs, one blocking
// compute for the whole batch). No LibTorch type appears here.
#include <cstdint>
#include <stdexcept>
#include <string>

#include "env/game.h"

namespace djambi {

struct EvalBatch {
  int size = 0;
  const GameState* const* states = nullptr;  // [size]: the positions themselves
  const float* observations = nullptr;       // [size, observation size], when needed
  const uint8_t* legal_masks = nullptr;      // [size, num_actions]: 1 where legal
  float* priors = nullptr;                   // out [size, num_actions]: 0 where illegal, sums to 1
  float* values = nullptr;                   // out [size, num_players]: by seat, in [-1, 1]
};

class Evaluator {
 public:
  virtual ~Evaluator() = default;
  // Fills priors and values for every position of the batch. Safe to call from one thread at a
  // time unless the implementation says otherwise.
  virtual void evaluate(const EvalBatch& batch) = 0;
  // Whether evaluate() reads `observations` (a network does; uniform and rollout evaluators do
  // not), so that callers can skip encoding them.
  virtual bool needs_observations() const { return true; }
  virtual std::string describe() const = 0;
};

// An evaluator failed or gave unusable results (check_evaluation); what() says which and why.
class EvaluatorError : public std::runtime_error {
 public:
  using runtime_error::runtime_error;
};

// Throws EvaluatorError naming `evaluator`, the position and the number if a prior or a value
// of `batch` is not finite: the search's arithmetic has no meaning for NaN or infinity. One
// pass over the outputs.
void check_evaluation(const EvalBatch& batch, const Evaluator& evaluator);

// Writes uniform priors over the legal actions of one position.
void uniform_priors(const uint8_t* legal_mask, int num_actions, float* priors);

}  // namespace djambi
