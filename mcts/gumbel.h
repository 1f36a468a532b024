#pragma once
// The arithmetic of Gumbel root search (Danihelka et al., ICLR 2022, "Policy improvement by
// planning with Gumbel"), apart from the tree that uses it (mcts/tree.h): which visit count the
// sequential halving asks of the next root playout, the monotone transform sigma of a value, the
// completed Q-values and the improved policy that becomes the training target.
//
// Values are a seat's returns in [-1, 1]; sigma works on them rescaled to [0, 1].
#include <vector>

namespace djambi::gumbel {

// Sequential halving of `budget` playouts over `considered` root actions: element k is the
// number of playouts the action chosen for playout k must already have had in this search (the
// actions are visited round-robin, and the set halves, down to 2, once each has its share of the
// phase: budget / (ceil(log2 considered) * size) each, at least 1). Beyond `budget` the last
// phase goes on. considered <= 1: 0, 1, 2, ...
std::vector<int> considered_visit_sequence(int considered, int budget, int length);

// sigma(q) = (c_visit + max_visits) * c_scale * (q + 1) / 2.
float sigma(float q, int max_visits, float c_visit, float c_scale);

// Completed Q-values: q[a] where visits[a] > 0, else the mixed value estimate
//   v_mix = (value + sum_visits / sum_{visited} prior * sum_{visited} prior[a] q[a]) / (1 + sum_visits)
// (`value` is the position's own value; with no visit at all, v_mix = value).
std::vector<float> completed_q(const std::vector<float>& priors, const std::vector<float>& q,
                               const std::vector<int>& visits, float value);

// The improved policy softmax(log prior + sigma(completed Q)); priors of 0 stay 0.
std::vector<float> improved_policy(const std::vector<float>& priors, const std::vector<float>& completed,
                                   int max_visits, float c_visit, float c_scale);

}  // namespace djambi::gumbel
