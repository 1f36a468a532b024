#include "env/rewards.h"

#include <stdexcept>

namespace djambi {

RewardScheme reward_scheme_from_name(const std::string& name) {
  if (name == "winner") return RewardScheme::kWinner;
  if (name == "rank") return RewardScheme::kRank;
  if (name == "survival") return RewardScheme::kSurvival;
  throw std::invalid_argument("unknown reward scheme '" + name + "' (known: winner, rank, survival)");
}

const char* reward_scheme_name(RewardScheme scheme) {
  switch (scheme) {
    case RewardScheme::kWinner: return "winner";
    case RewardScheme::kRank: return "rank";
    case RewardScheme::kSurvival: return "survival";
  }
  return "?";
}

void returns_from_ranks(RewardScheme scheme, const int* ranks, int num_seats, float* out, float draw_value) {
  int first = 0;
  for (int s = 0; s < num_seats; ++s) first += ranks[s] == 1;
  const float n = static_cast<float>(num_seats);
  for (int s = 0; s < num_seats; ++s) {
    const bool top = ranks[s] == 1;
    switch (scheme) {
      case RewardScheme::kWinner:
        out[s] = top ? (first == 1 ? 1.0f : draw_value) : -1.0f;
        break;
      case RewardScheme::kRank: {
        // Players sharing a rank share the places it covers: their mean place counts.
        int tied = 0;
        for (int t = 0; t < num_seats; ++t) tied += ranks[t] == ranks[s];
        const float place = static_cast<float>(ranks[s]) + 0.5f * static_cast<float>(tied - 1);
        out[s] = 1.0f - 2.0f * (place - 1.0f) / (n - 1.0f);
        break;
      }
      case RewardScheme::kSurvival:
        out[s] = top ? (n / static_cast<float>(first) - 1.0f) / (n - 1.0f) : -1.0f;
        break;
    }
  }
}

}  // namespace djambi
