#pragma once
// Search-teacher targets (expert iteration): a player that searches better than the network's
// own search at self-play's budget (the alpha-beta player, for Djambi) labels positions; it is
// not seated. What its analysis (mcts/search_analysis.h) found becomes a policy target, mixed
// with the network search's visits, and a value target, mixed with the game's return.
// Game-generic: it reads the analysis of any player that has one.
#include <cstdint>
#include <utility>
#include <vector>

#include "mcts/search_analysis.h"

namespace djambi {

using PolicyTarget = std::vector<std::pair<int32_t, float>>;  // sparse, sums to 1

// The whole moves a teacher's analysis keeps: the best ones carry nearly all of a sharp
// softmax's mass, and an alpha-beta search gives exact scores only to the moves it keeps.
constexpr int kTeacherLines = 32;

// The teacher's policy over the first decisions of its whole moves: with scores (alpha-beta:
// the mover's share after the move), the softmax of each first decision's best score at
// `temperature` (in shares); without, its visits (tree search: the playouts through the whole
// moves kept). Empty where the analysis has neither (a turn the teacher did not search).
PolicyTarget teacher_policy(const SearchAnalysis& analysis, float temperature);

// (1 - weight) x `search` + weight x `teacher`, both sparse and summing to 1; `search` alone
// when `teacher` is empty.
PolicyTarget mix_policies(const PolicyTarget& search, const PolicyTarget& teacher, float weight);

// The teacher's values by seat on the winner reward's scale, NaN where it has none: a tree
// search's root values for every seat; an alpha-beta search's score (the mover's share s) for
// `seat` only, as 2 s - 1 (the heuristic evaluation's reading of a share). All NaN where the
// analysis has neither.
std::vector<float> teacher_values(const SearchAnalysis& analysis, int seat, int num_players);

}  // namespace djambi
