#include "mcts/accumulator_net.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

// The hot loops are compiled twice, for AVX2 with FMA (8 floats a step) and for any x86-64 (SSE2, 4), and
// the loader picks one for the machine (GCC's function multi-versioning). Other compilers and
// machines get the plain build, and so does ThreadSanitizer's: the loader runs the resolvers before
// the sanitizer's runtime is ready, and they crash.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_THREAD__)
#define DJAMBI_HOT_LOOP __attribute__((target_clones("arch=haswell", "default")))
#else
#define DJAMBI_HOT_LOOP
#endif

namespace djambi {

AccumulatorNet::AccumulatorNet(const AccumulatorNetShape& s)
    : shape(s),
      feature_weights(static_cast<size_t>(s.features) * static_cast<size_t>(s.hidden)),
      feature_bias(static_cast<size_t>(s.hidden)),
      head_weights(static_cast<size_t>(s.head) * static_cast<size_t>(s.hidden)),
      head_bias(static_cast<size_t>(s.head)),
      out_weights(static_cast<size_t>(s.head)) {}

void AccumulatorNet::check() const {
  auto within = [](int value, int most) { return value >= 1 && value <= most; };
  if (!within(shape.features, kMaxAccumulatorFeatures) || !within(shape.hidden, kMaxAccumulatorHidden) ||
      !within(shape.head, kMaxAccumulatorHead))
    throw std::invalid_argument("learned evaluation of shape " + std::to_string(shape.features) + "x" +
                                std::to_string(shape.hidden) + "x" + std::to_string(shape.head) +
                                " is outside the limits (features 1-" + std::to_string(kMaxAccumulatorFeatures) +
                                ", hidden 1-" + std::to_string(kMaxAccumulatorHidden) + ", head 1-" +
                                std::to_string(kMaxAccumulatorHead) + ")");
  const size_t f = static_cast<size_t>(shape.features), h = static_cast<size_t>(shape.hidden),
               k = static_cast<size_t>(shape.head);
  if (feature_weights.size() != f * h || feature_bias.size() != h || head_weights.size() != k * h ||
      head_bias.size() != k || out_weights.size() != k)
    throw std::invalid_argument("learned evaluation: a weight array's size disagrees with its shape");
  auto finite = [](const std::vector<float>& v) {
    return std::all_of(v.begin(), v.end(), [](float x) { return std::isfinite(x); });
  };
  if (!finite(feature_weights) || !finite(feature_bias) || !finite(head_weights) || !finite(head_bias) ||
      !finite(out_weights) || !std::isfinite(out_bias))
    throw std::invalid_argument("learned evaluation: a weight is not a finite number");
}

void AccumulatorNet::refresh(const int* features, int count, float* accumulator) const {
  std::copy(feature_bias.begin(), feature_bias.end(), accumulator);
  for (int i = 0; i < count; ++i) add(features[i], accumulator);
}

// Plain loops over contiguous rows: the compiler vectorises them.
DJAMBI_HOT_LOOP void AccumulatorNet::add(int feature, float* accumulator) const {
  const int h = shape.hidden;
  const float* row = feature_weights.data() + static_cast<size_t>(feature) * static_cast<size_t>(h);
  for (int i = 0; i < h; ++i) accumulator[i] += row[i];
}

DJAMBI_HOT_LOOP void AccumulatorNet::remove(int feature, float* accumulator) const {
  const int h = shape.hidden;
  const float* row = feature_weights.data() + static_cast<size_t>(feature) * static_cast<size_t>(h);
  for (int i = 0; i < h; ++i) accumulator[i] -= row[i];
}

namespace {

// The head with its width known when compiled: the compiler keeps the K sums in registers for
// the whole loop over the inputs (with K known only at run time they go through memory, at
// about three times the cost).
template <int K>
DJAMBI_HOT_LOOP float head_of(const AccumulatorNet& net, const float* accumulator) {
  float sum[K];
  for (int j = 0; j < K; ++j) sum[j] = net.head_bias[static_cast<size_t>(j)];
  const float* weights = net.head_weights.data();
  for (int i = 0; i < net.shape.hidden; ++i) {
    // No branch on inputs clipped to 0: it would be mispredicted about as often as taken.
    const float x = std::min(1.0f, std::max(0.0f, accumulator[i]));
    const float* column = weights + static_cast<size_t>(i) * K;
    for (int j = 0; j < K; ++j) sum[j] += column[j] * x;
  }
  float out = net.out_bias;
  for (int j = 0; j < K; ++j) out += net.out_weights[static_cast<size_t>(j)] * std::min(1.0f, std::max(0.0f, sum[j]));
  return out;
}

}  // namespace

DJAMBI_HOT_LOOP float AccumulatorNet::logit(const float* accumulator) const {
  switch (shape.head) {
    case 8: return head_of<8>(*this, accumulator);
    case 16: return head_of<16>(*this, accumulator);
    case 32: return head_of<32>(*this, accumulator);
    default: break;
  }
  // Any other width: input by input, so that the inner loop runs over the head's units
  // (vectorised: no reduction across lanes), and inputs clipped to 0 cost nothing.
  float sum[kMaxAccumulatorHead];
  const int k = shape.head;
  std::copy(head_bias.begin(), head_bias.end(), sum);
  for (int i = 0; i < shape.hidden; ++i) {
    const float x = std::min(1.0f, accumulator[i]);
    if (x <= 0.0f) continue;
    const float* column = head_weights.data() + static_cast<size_t>(i) * static_cast<size_t>(k);
    for (int j = 0; j < k; ++j) sum[j] += column[j] * x;
  }
  float out = out_bias;
  for (int j = 0; j < k; ++j) out += out_weights[static_cast<size_t>(j)] * std::min(1.0f, std::max(0.0f, sum[j]));
  return out;
}

void shares_from_logits(const std::array<float, 4>& logits, const std::array<bool, 4>& in_game,
                        std::array<float, 4>& out) {
  float most = -INFINITY;
  for (int p = 0; p < 4; ++p)
    if (in_game[p]) most = std::max(most, logits[p]);
  float total = 0;
  for (int p = 0; p < 4; ++p) {
    out[p] = in_game[p] ? std::exp(logits[p] - most) : 0.0f;
    total += out[p];
  }
  if (total > 0)
    for (float& v : out) v /= total;
}

}  // namespace djambi
