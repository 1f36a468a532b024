#pragma once
// Samples of the learned evaluation (docs/LEARNED_EVAL.md), in the loop's Sample so that the
// replay window, its chunks on disk and the actors' messages carry them as they carry the
// network's:
//   observation  each seat's active features from the one to act on (seat order), each as
//                max_active little-endian uint16 padded with 0xFFFF; a seat out of the game
//                has none
//   legal, policy  empty
//   value        the game's result by seat from the one to act on (shares that sum to 1: the
//                winner's 1, a draw split among its survivors), then the search's value of the
//                position for the one to act (its share, in [0, 1]), then, for a feature set
//                with a base evaluation (LearnedEvalFeatures::base), each seat's base logit from
//                the one to act
#include <torch/torch.h>

#include <vector>

#include "mcts/games.h"
#include "nets/accumulator_model.h"
#include "train/sample_codec.h"

namespace djambi {

constexpr uint16_t kNoFeature = 0xFFFF;

SampleShape learned_eval_sample_shape(int players, int max_active, bool with_base = false);

// The sample of `state` (a running game, at a turn start) with the search's value for the player
// to act; its result values are set later (set_learned_eval_result).
Sample encode_learned_eval_sample(const GameState& state, const LearnedEvalFeatures& features, float search_value);
// `shares_by_seat`: the game's result as shares by seat (summing to 1); `seat_to_act`: the
// sample's.
void set_learned_eval_result(Sample& sample, const float* shares_by_seat, int players, int seat_to_act);

// The batch as the model reads it. Throws std::invalid_argument for a sample of another shape.
FeatureBatch to_feature_batch(const std::vector<const Sample*>& batch, int players, int max_active,
                              bool with_base = false);

}  // namespace djambi
