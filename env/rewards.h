#pragma once
// Reward schemes: how final ranks become one return per seat (chosen by name in config).
//   winner   : a sole winner +1, everyone else -1; players sharing the first rank (a draw)
//              get draw_value (0 unless set: below 0 makes a draw worse than trying to win).
//   rank     : linear in the final place: first +1, last -1; players sharing a rank get the
//              mean of the places they share (a four-way draw is 0 for all, not +1: the
//              returns always sum to 0, so a draw is never everyone's best outcome).
//   survival : every player stakes 1; the players sharing the first rank split the pot.
//              A sole winner gets +1; k survivors of a draw each get (n/k - 1)/(n - 1); others -1.
#include <string>

namespace djambi {

enum class RewardScheme { kWinner, kRank, kSurvival };

RewardScheme reward_scheme_from_name(const std::string& name);  // throws std::invalid_argument
const char* reward_scheme_name(RewardScheme scheme);

// ranks[seat] in 1..num_seats (sports numbering); writes num_seats returns. draw_value is
// used by the winner scheme only.
void returns_from_ranks(RewardScheme scheme, const int* ranks, int num_seats, float* out, float draw_value = 0.0f);

}  // namespace djambi
