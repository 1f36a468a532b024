#include "mcts/gumbel.h"

#include <algorithm>
#include <cmath>

namespace djambi::gumbel {

std::vector<int> considered_visit_sequence(int considered, int budget, int length) {
  std::vector<int> sequence;
  sequence.reserve(static_cast<size_t>(std::max(0, length)));
  if (considered <= 1) {
    for (int k = 0; k < length; ++k) sequence.push_back(k);
    return sequence;
  }
  const int phases = static_cast<int>(std::ceil(std::log2(static_cast<double>(considered))));
  std::vector<int> visits(static_cast<size_t>(considered), 0);
  int size = considered;
  while (static_cast<int>(sequence.size()) < length) {
    const int extra = std::max(1, budget / (phases * size));
    for (int round = 0; round < extra; ++round)
      for (int i = 0; i < size; ++i) sequence.push_back(visits[static_cast<size_t>(i)]++);
    size = std::max(2, size / 2);
  }
  sequence.resize(static_cast<size_t>(length));
  return sequence;
}

float sigma(float q, int max_visits, float c_visit, float c_scale) {
  return (c_visit + static_cast<float>(max_visits)) * c_scale * (q + 1.0f) * 0.5f;
}

std::vector<float> completed_q(const std::vector<float>& priors, const std::vector<float>& q,
                               const std::vector<int>& visits, float value) {
  double sum_visits = 0, visited_prior = 0, weighted_q = 0;
  for (size_t a = 0; a < q.size(); ++a) {
    if (visits[a] <= 0) continue;
    sum_visits += visits[a];
    visited_prior += priors[a];
    weighted_q += priors[a] * q[a];
  }
  float mixed = value;
  if (sum_visits > 0 && visited_prior > 0)
    mixed = static_cast<float>((value + sum_visits * weighted_q / visited_prior) / (1.0 + sum_visits));
  std::vector<float> out(q.size());
  for (size_t a = 0; a < q.size(); ++a) out[a] = visits[a] > 0 ? q[a] : mixed;
  return out;
}

std::vector<float> improved_policy(const std::vector<float>& priors, const std::vector<float>& completed,
                                   int max_visits, float c_visit, float c_scale) {
  std::vector<float> out(priors.size(), 0.0f);
  float best = -INFINITY;
  std::vector<float> logits(priors.size(), -INFINITY);
  for (size_t a = 0; a < priors.size(); ++a) {
    if (priors[a] <= 0.0f) continue;
    logits[a] = std::log(priors[a]) + sigma(completed[a], max_visits, c_visit, c_scale);
    best = std::max(best, logits[a]);
  }
  if (best == -INFINITY) return out;
  double sum = 0;
  for (size_t a = 0; a < priors.size(); ++a)
    if (priors[a] > 0.0f) sum += (out[a] = std::exp(logits[a] - best));
  for (float& p : out) p = static_cast<float>(p / sum);
  return out;
}

}  // namespace djambi::gumbel
