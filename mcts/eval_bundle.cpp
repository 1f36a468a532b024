#include "mcts/eval_bundle.h"

#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <vector>

#include "env/io/atomic_file.h"
#include "env/io/crc32.h"

namespace djambi {

namespace {

constexpr char kMagic[] = "DJZEVAL\n";
constexpr size_t kMagicBytes = 8;
constexpr const char* kKind = "djambi-zero-eval";
constexpr int kBundleVersion = 1;

// Little-endian byte order is assumed (x86-64 and AArch64, every target of the project).
void put_u32(std::string& out, uint32_t v) { out.append(reinterpret_cast<const char*>(&v), 4); }
void put_floats(std::string& out, const std::vector<float>& v) {
  out.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(float));
}

class Reader {
 public:
  Reader(std::string_view bytes, const std::string& name) : bytes_(bytes), name_(name) {}
  [[noreturn]] void fail(const std::string& why) const { throw std::runtime_error(name_ + ": " + why); }
  std::string_view take(size_t n, const char* what) {
    if (bytes_.size() - at_ < n) fail(std::string("truncated in its ") + what);
    std::string_view out = bytes_.substr(at_, n);
    at_ += n;
    return out;
  }
  uint32_t u32(const char* what) {
    uint32_t v;
    std::memcpy(&v, take(4, what).data(), 4);
    return v;
  }
  void floats(std::vector<float>& out, const char* what) {
    const std::string_view raw = take(out.size() * sizeof(float), what);
    std::memcpy(out.data(), raw.data(), raw.size());
  }
  size_t left() const { return bytes_.size() - at_; }

 private:
  std::string_view bytes_;
  std::string name_;
  size_t at_ = 0;
};

bool looks_like_eval_bundle(std::string_view bytes) {
  return bytes.size() >= kMagicBytes && bytes.substr(0, kMagicBytes) == std::string_view(kMagic, kMagicBytes);
}

}  // namespace

std::string eval_bundle_bytes(const EvalBundle& bundle) {
  bundle.net.check();
  const AccumulatorNet& net = bundle.net;
  nlohmann::ordered_json header = {
      {"kind", kKind},
      {"bundle_version", kBundleVersion},
      {"game", bundle.info.game},
      {"variants", bundle.info.variants},
      {"feature_set", bundle.info.feature_set},
      {"features", net.shape.features},
      {"hidden", net.shape.hidden},
      {"head", net.shape.head},
      {"step", bundle.info.step},
      {"source", bundle.info.source},
  };
  const std::string text = header.dump();
  if (text.size() > kMaxEvalHeaderBytes) throw std::invalid_argument("evaluation bundle header is too long");
  std::string out(kMagic, kMagicBytes);
  put_u32(out, static_cast<uint32_t>(text.size()));
  out += text;
  put_floats(out, net.feature_weights);
  put_floats(out, net.feature_bias);
  put_floats(out, net.head_weights);
  put_floats(out, net.head_bias);
  put_floats(out, net.out_weights);
  put_floats(out, {net.out_bias});
  put_u32(out, crc32(out.data(), out.size()));
  return out;
}

void write_eval_bundle(const std::string& path, const EvalBundle& bundle) {
  write_file_atomically(path, eval_bundle_bytes(bundle));
}

EvalBundle parse_eval_bundle(std::string_view bytes, const std::string& name) {
  Reader in(bytes, name);
  if (!looks_like_eval_bundle(bytes)) in.fail("not a learned-evaluation bundle (it does not begin with DJZEVAL)");
  if (bytes.size() > kMaxEvalBundleBytes) in.fail("larger than the " + std::to_string(kMaxEvalBundleBytes >> 20) + " MiB an evaluation bundle may have");
  if (bytes.size() < kMagicBytes + 8) in.fail("truncated");
  uint32_t stored_crc;
  std::memcpy(&stored_crc, bytes.data() + bytes.size() - 4, 4);
  if (crc32(bytes.data(), bytes.size() - 4) != stored_crc) in.fail("corrupted or truncated (its CRC-32 does not match)");
  in.take(kMagicBytes, "magic");
  const uint32_t header_bytes = in.u32("header length");
  if (header_bytes > kMaxEvalHeaderBytes) in.fail("header longer than " + std::to_string(kMaxEvalHeaderBytes) + " bytes");
  const std::string_view text = in.take(header_bytes, "header");
  nlohmann::json header;
  try {
    header = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception&) {
    in.fail("its header is not JSON");
  }
  EvalBundle bundle;
  AccumulatorNetShape shape;
  try {
    if (!header.is_object() || header.at("kind").get<std::string>() != kKind)
      in.fail("not a learned-evaluation bundle (kind is not " + std::string(kKind) + ")");
    if (header.at("bundle_version").get<int>() != kBundleVersion)
      in.fail("bundle version " + header.at("bundle_version").dump() + " (this program reads version " +
              std::to_string(kBundleVersion) + ")");
    bundle.info.game = header.at("game").get<std::string>();
    bundle.info.variants = header.at("variants").get<std::string>();
    bundle.info.feature_set = header.at("feature_set").get<std::string>();
    bundle.info.step = header.at("step").get<long long>();
    bundle.info.source = header.at("source").get<std::string>();
    shape.features = header.at("features").get<int>();
    shape.hidden = header.at("hidden").get<int>();
    shape.head = header.at("head").get<int>();
  } catch (const nlohmann::json::exception&) {
    in.fail("its header lacks a key or has one of the wrong type (kind, bundle_version, game, variants, "
            "feature_set, features, hidden, head, step, source)");
  }
  if (shape.features < 1 || shape.features > kMaxAccumulatorFeatures || shape.hidden < 1 ||
      shape.hidden > kMaxAccumulatorHidden || shape.head < 1 || shape.head > kMaxAccumulatorHead)
    in.fail("shape " + std::to_string(shape.features) + "x" + std::to_string(shape.hidden) + "x" +
            std::to_string(shape.head) + " is out of bounds");
  const uint64_t floats = static_cast<uint64_t>(shape.features) * static_cast<uint64_t>(shape.hidden) +
                          static_cast<uint64_t>(shape.hidden) * (static_cast<uint64_t>(shape.head) + 1) +
                          2 * static_cast<uint64_t>(shape.head) + 1;
  if (in.left() != floats * sizeof(float) + 4)
    in.fail("holds " + std::to_string(in.left() - 4) + " bytes of weights where its shape needs " +
            std::to_string(floats * sizeof(float)));
  bundle.net = AccumulatorNet(shape);
  AccumulatorNet& net = bundle.net;
  in.floats(net.feature_weights, "feature weights");
  in.floats(net.feature_bias, "feature bias");
  in.floats(net.head_weights, "head weights");
  in.floats(net.head_bias, "head bias");
  in.floats(net.out_weights, "output weights");
  std::vector<float> bias(1);
  in.floats(bias, "output bias");
  net.out_bias = bias[0];
  try {
    net.check();
  } catch (const std::invalid_argument& e) {
    in.fail(e.what());
  }
  return bundle;
}

EvalBundle read_eval_bundle(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw std::runtime_error(path + ": cannot be read");
  file.seekg(0, std::ios::end);
  const std::streamoff size = file.tellg();
  if (size < 0) throw std::runtime_error(path + ": cannot be read");
  if (static_cast<uint64_t>(size) > kMaxEvalBundleBytes)
    throw std::runtime_error(path + ": larger than the " + std::to_string(kMaxEvalBundleBytes >> 20) +
                             " MiB an evaluation bundle may have");
  std::string bytes(static_cast<size_t>(size), '\0');
  file.seekg(0);
  if (!file.read(bytes.data(), size)) throw std::runtime_error(path + ": cannot be read");
  return parse_eval_bundle(bytes, path);
}

}  // namespace djambi
