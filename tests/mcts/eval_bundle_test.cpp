// The learned evaluation's net and its bundle file (mcts/accumulator_net.h, mcts/eval_bundle.h):
// the head's arithmetic, the softmax over players in the game, a bit-exact round trip, and a
// clear refusal of anything else.
#include "mcts/eval_bundle.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <random>

#include "env/io/crc32.h"
#include "tests/temp_dir.h"

namespace djambi {
namespace {

AccumulatorNet random_net(AccumulatorNetShape shape, uint64_t seed) {
  AccumulatorNet net(shape);
  std::mt19937_64 rng(seed);
  std::normal_distribution<float> normal(0.0f, 0.3f);
  for (auto* v : {&net.feature_weights, &net.feature_bias, &net.head_weights, &net.head_bias, &net.out_weights})
    for (float& x : *v) x = normal(rng);
  net.out_bias = normal(rng);
  return net;
}

EvalBundle sample_bundle() {
  return {{"djambi", "no_own_kills", "djambi-pieces-1", 1234, "runs/x/checkpoints/step-1234.pt"},
          random_net({50, 16, 8}, 7)};
}

// The bytes with the CRC-32 seal made again (to test what lies behind it).
std::string resealed(std::string bytes) {
  const uint32_t crc = crc32(bytes.data(), bytes.size() - 4);
  std::memcpy(bytes.data() + bytes.size() - 4, &crc, 4);
  return bytes;
}

std::string refusal(const std::string& bytes) {
  try {
    parse_eval_bundle(bytes, "x.dje");
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "accepted";
}

TEST(AccumulatorNet, HeadIsClippedLinearLayersOverTheClippedAccumulator) {
  AccumulatorNet net({3, 2, 2});
  // hidden x head: input i's column at i * head.
  net.head_weights = {1.0f, -1.0f, 2.0f, 0.5f};
  net.head_bias = {0.1f, 0.2f};
  net.out_weights = {3.0f, -2.0f};
  net.out_bias = 0.25f;
  const float acc[2] = {0.3f, 5.0f};  // clipped to 0.3 and 1
  const float h0 = std::min(1.0f, std::max(0.0f, 0.1f + 1.0f * 0.3f + 2.0f * 1.0f));
  const float h1 = std::min(1.0f, std::max(0.0f, 0.2f - 1.0f * 0.3f + 0.5f * 1.0f));
  EXPECT_FLOAT_EQ(net.logit(acc), 0.25f + 3.0f * h0 - 2.0f * h1);
  const float negative[2] = {-4.0f, -1.0f};  // clipped to 0: the biases alone
  EXPECT_FLOAT_EQ(net.logit(negative), 0.25f + 3.0f * 0.1f - 2.0f * 0.2f);
}

// The head of every width (those compiled for a fixed width and the others) against the formula
// computed plainly.
TEST(AccumulatorNet, EveryHeadWidthComputesTheSameFormula) {
  for (const int head : {8, 16, 32, 5, 64}) {
    const AccumulatorNet net = random_net({4, 40, head}, static_cast<uint64_t>(head));
    std::mt19937_64 rng(3);
    std::uniform_real_distribution<float> spread(-0.5f, 1.5f);  // clipped at both ends
    for (int trial = 0; trial < 20; ++trial) {
      float acc[40];
      for (float& a : acc) a = spread(rng);
      double expected = net.out_bias;
      for (int k = 0; k < head; ++k) {
        double sum = net.head_bias[static_cast<size_t>(k)];
        for (int i = 0; i < 40; ++i)
          sum += net.head_weights[static_cast<size_t>(i * head + k)] * std::min(1.0f, std::max(0.0f, acc[i]));
        expected += net.out_weights[static_cast<size_t>(k)] * std::min(1.0, std::max(0.0, sum));
      }
      ASSERT_NEAR(net.logit(acc), expected, 1e-4) << "head " << head;
    }
  }
}

TEST(AccumulatorNet, AccumulatorIsTheBiasPlusTheActiveRows) {
  const AccumulatorNet net = random_net({10, 4, 3}, 1);
  const int features[] = {2, 7, 9};
  float acc[4], by_hand[4];
  net.refresh(features, 3, acc);
  for (int h = 0; h < 4; ++h)
    by_hand[h] = net.feature_bias[h] + net.feature_weights[2 * 4 + h] + net.feature_weights[7 * 4 + h] +
                 net.feature_weights[9 * 4 + h];
  for (int h = 0; h < 4; ++h) EXPECT_FLOAT_EQ(acc[h], by_hand[h]);
  net.remove(7, acc);
  net.add(5, acc);
  const int after[] = {2, 5, 9};
  float fresh[4];
  net.refresh(after, 3, fresh);
  for (int h = 0; h < 4; ++h) EXPECT_NEAR(acc[h], fresh[h], 1e-6);
}

TEST(AccumulatorNet, SharesAreASoftmaxOverThePlayersInTheGame) {
  std::array<float, 4> shares;
  shares_from_logits({0.0f, std::log(3.0f), 50.0f, 0.0f}, {true, true, false, false}, shares);
  EXPECT_FLOAT_EQ(shares[0], 0.25f);
  EXPECT_FLOAT_EQ(shares[1], 0.75f);
  EXPECT_EQ(shares[2], 0.0f);
  EXPECT_EQ(shares[3], 0.0f);
  shares_from_logits({1000.0f, 999.0f, 0.0f, 0.0f}, {true, true, true, true}, shares);  // no overflow
  EXPECT_NEAR(shares[0] + shares[1] + shares[2] + shares[3], 1.0f, 1e-6);
  EXPECT_GT(shares[0], shares[1]);
}

TEST(AccumulatorNet, RefusesWeightsThatDisagreeWithTheShapeOrAreNotFinite) {
  AccumulatorNet net = random_net({5, 3, 2}, 2);
  EXPECT_NO_THROW(net.check());
  net.head_bias.push_back(0);
  EXPECT_THROW(net.check(), std::invalid_argument);
  net = random_net({5, 3, 2}, 2);
  net.feature_weights[4] = NAN;
  EXPECT_THROW(net.check(), std::invalid_argument);
  EXPECT_THROW(AccumulatorNet({5, kMaxAccumulatorHidden + 1, 2}).check(), std::invalid_argument);
}

TEST(EvalBundle, RoundTripsBitExactlyThroughAFile) {
  test::TempDir dir("eval_bundle");
  const EvalBundle bundle = sample_bundle();
  write_eval_bundle(dir.file("a.dje"), bundle);
  const EvalBundle back = read_eval_bundle(dir.file("a.dje"));
  EXPECT_EQ(back.info.game, "djambi");
  EXPECT_EQ(back.info.variants, "no_own_kills");
  EXPECT_EQ(back.info.feature_set, "djambi-pieces-1");
  EXPECT_EQ(back.info.step, 1234);
  EXPECT_EQ(back.info.source, "runs/x/checkpoints/step-1234.pt");
  EXPECT_TRUE(back.net.shape == bundle.net.shape);
  EXPECT_EQ(back.net.feature_weights, bundle.net.feature_weights);
  EXPECT_EQ(back.net.head_weights, bundle.net.head_weights);
  EXPECT_EQ(back.net.out_bias, bundle.net.out_bias);
  EXPECT_EQ(eval_bundle_bytes(back), eval_bundle_bytes(bundle));
}

TEST(EvalBundle, RefusesCorruptTruncatedAndForeignFilesNamingTheProblem) {
  const std::string good = eval_bundle_bytes(sample_bundle());
  ASSERT_EQ(refusal(good), "accepted");

  std::string flipped = good;
  flipped[good.size() / 2] ^= 0x10;
  EXPECT_NE(refusal(flipped).find("x.dje: corrupted or truncated"), std::string::npos) << refusal(flipped);
  EXPECT_NE(refusal(good.substr(0, good.size() - 100)).find("corrupted or truncated"), std::string::npos);
  EXPECT_NE(refusal("PK\x03\x04 a zip archive").find("not a learned-evaluation bundle"), std::string::npos);
  EXPECT_NE(refusal("").find("not a learned-evaluation bundle"), std::string::npos);

  // Behind a valid seal: a header of another version, and weights missing.
  std::string other_version = good;
  const size_t at = other_version.find("\"bundle_version\":1");
  ASSERT_NE(at, std::string::npos);
  other_version[at + 17] = '9';
  EXPECT_NE(refusal(resealed(other_version)).find("bundle version 9"), std::string::npos) << refusal(resealed(other_version));
  std::string short_weights = good.substr(0, good.size() - 8) + good.substr(good.size() - 4);
  EXPECT_NE(refusal(resealed(short_weights)).find("bytes of weights where its shape needs"), std::string::npos);
  std::string huge_header = good;
  const uint32_t too_long = kMaxEvalHeaderBytes + 1;
  std::memcpy(huge_header.data() + 8, &too_long, 4);
  EXPECT_NE(refusal(resealed(huge_header)).find("header longer than"), std::string::npos);
}

TEST(EvalBundle, AMissingFileIsNamed) {
  try {
    read_eval_bundle("/nonexistent/e.dje");
    FAIL() << "read";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "/nonexistent/e.dje: cannot be read");
  }
}

}  // namespace
}  // namespace djambi
