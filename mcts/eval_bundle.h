#pragma once
// A learned evaluation as one file (`.dje`, docs/LEARNED_EVAL.md) that the alpha-beta search
// loads without LibTorch, and that programs outside the project can read:
//   8 bytes   "DJZEVAL\n"
//   uint32    N, the header's length in bytes (at most kMaxEvalHeaderBytes)
//   N bytes   the header, a JSON object: kind "djambi-zero-eval", bundle_version 1, game,
//             variants, feature_set, features, hidden, head, step, source
//   float32   feature_weights, feature_bias, head_weights, head_bias, out_weights, out_bias
//             (mcts/accumulator_net.h), little-endian, in that order
//   uint32    CRC-32 of every byte before it
// Integers are little-endian. Written atomically; read with every size checked before use.
#include <cstdint>
#include <string>
#include <string_view>

#include "mcts/accumulator_net.h"

namespace djambi {

constexpr uint32_t kMaxEvalHeaderBytes = 1 << 16;
constexpr uint64_t kMaxEvalBundleBytes = uint64_t{1} << 28;  // 256 MiB

struct EvalBundleInfo {
  std::string game;         // Game::name
  std::string variants;     // the game's variant set, as its description writes it
  std::string feature_set;  // the name of the features' layout (a game's own)
  long long step = 0;       // the training step it comes from
  std::string source;       // the checkpoint it was exported from
};

struct EvalBundle {
  EvalBundleInfo info;
  AccumulatorNet net;
};

std::string eval_bundle_bytes(const EvalBundle& bundle);
// Throws std::runtime_error naming `path` on a failure; `path` is left as it was.
void write_eval_bundle(const std::string& path, const EvalBundle& bundle);
// Throws std::runtime_error naming `name` and the problem: not a bundle, another version,
// truncated or corrupted (CRC), a header that is not the expected JSON, a shape out of bounds,
// a size that disagrees with the shape, a weight that is not finite.
EvalBundle parse_eval_bundle(std::string_view bytes, const std::string& name);
EvalBundle read_eval_bundle(const std::string& path);

}  // namespace djambi
