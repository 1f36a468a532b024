#pragma once
// A learned evaluation in the NNUE style (docs/LEARNED_EVAL.md), generic over games: each
// perspective (a player) sees the position as a short list of active binary features; their
// rows of the first layer, summed with its bias, are that perspective's accumulator, which a
// search keeps up to date by adding and removing rows as features come and go instead of
// summing them all again. A small dense head turns each accumulator into one logit:
//   x = clamp(accumulator, 0, 1)   hidden = clamp(W_head x + b_head, 0, 1)   logit = w_out . hidden + b_out
// and a position's values are the softmax of the logits over the players still in the game:
// shares that sum to 1, on the scale the alpha-beta search already searches (its win chances).
// The same weights, laid out the same way, are trained in LibTorch (nets/accumulator_model.h).
#include <array>
#include <cstdint>
#include <vector>

namespace djambi {

struct AccumulatorNetShape {
  int features = 0;  // binary inputs per perspective
  int hidden = 0;    // the accumulator's width (H)
  int head = 0;      // the dense head's width
  bool operator==(const AccumulatorNetShape& o) const {
    return features == o.features && hidden == o.hidden && head == o.head;
  }
};

// Limits a net read from a file must keep (bounded memory for any bundle).
constexpr int kMaxAccumulatorFeatures = 1 << 16;
constexpr int kMaxAccumulatorHidden = 2048;
constexpr int kMaxAccumulatorHead = 256;

struct AccumulatorNet {
  AccumulatorNet() = default;
  explicit AccumulatorNet(const AccumulatorNetShape& shape);  // zero weights of that shape

  AccumulatorNetShape shape;
  std::vector<float> feature_weights;  // features x hidden: feature f's row at f * hidden
  std::vector<float> feature_bias;     // hidden
  std::vector<float> head_weights;     // hidden x head: input i's column of the head at i * head
  std::vector<float> head_bias;        // head
  std::vector<float> out_weights;      // head
  float out_bias = 0;
  // The logits correct a base evaluation: the game adds the logs of its hand-written scores to
  // them, so that zero output weights play exactly as the hand-written evaluation does. A
  // property of the feature set (set when a bundle is loaded), not of the weights.
  bool on_base = false;

  // Throws std::invalid_argument if a size disagrees with the shape, the shape is out of the
  // limits above, or a weight is not finite.
  void check() const;

  // accumulator = bias + the rows of `features` (each in [0, shape.features)).
  void refresh(const int* features, int count, float* accumulator) const;
  void add(int feature, float* accumulator) const;
  void remove(int feature, float* accumulator) const;
  // The head's logit for one accumulator.
  float logit(const float* accumulator) const;
};

// Softmax of `logits` over the entries with `in_game` set; 0 for the others. Writes `out`.
void shares_from_logits(const std::array<float, 4>& logits, const std::array<bool, 4>& in_game,
                        std::array<float, 4>& out);

}  // namespace djambi
