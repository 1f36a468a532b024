#include "train/teacher.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace djambi {

PolicyTarget teacher_policy(const SearchAnalysis& analysis, float temperature) {
  std::map<int32_t, float> best_score;  // by first decision
  std::map<int32_t, double> visits;
  for (const SearchLine& line : analysis.lines) {
    if (line.move.empty()) continue;
    const int32_t first = line.move.front();
    if (line.score) {
      auto [it, inserted] = best_score.emplace(first, *line.score);
      if (!inserted) it->second = std::max(it->second, *line.score);
    } else if (line.visits > 0) {
      visits[first] += line.visits;
    }
  }
  PolicyTarget out;
  if (!best_score.empty()) {
    float top = -std::numeric_limits<float>::infinity();
    for (const auto& [action, score] : best_score) top = std::max(top, score);
    double total = 0;
    for (const auto& [action, score] : best_score) {
      // Subtracting the best score keeps exp() in range at any temperature.
      const double w = std::exp((score - top) / std::max(temperature, 1e-6f));
      out.emplace_back(action, static_cast<float>(w));
      total += w;
    }
    for (auto& [action, p] : out) p = static_cast<float>(p / total);
  } else if (!visits.empty()) {
    double total = 0;
    for (const auto& [action, n] : visits) total += n;
    for (const auto& [action, n] : visits) out.emplace_back(action, static_cast<float>(n / total));
  }
  return out;
}

PolicyTarget mix_policies(const PolicyTarget& search, const PolicyTarget& teacher, float weight) {
  if (teacher.empty()) return search;
  std::map<int32_t, float> mixed;
  for (const auto& [action, p] : search) mixed[action] += (1.0f - weight) * p;
  for (const auto& [action, p] : teacher) mixed[action] += weight * p;
  PolicyTarget out;
  for (const auto& [action, p] : mixed)
    if (p > 0) out.emplace_back(action, p);
  return out;
}

std::vector<float> teacher_values(const SearchAnalysis& analysis, int seat, int num_players) {
  std::vector<float> out(static_cast<size_t>(num_players), std::numeric_limits<float>::quiet_NaN());
  if (analysis.root_values.size() == out.size()) {
    out = analysis.root_values;
  } else if (analysis.root_score) {
    out[static_cast<size_t>(seat)] = 2.0f * *analysis.root_score - 1.0f;
  }
  return out;
}

}  // namespace djambi
