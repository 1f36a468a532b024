#include "nets/checkpoint.h"

#include <sys/stat.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <utility>
#include <vector>

#include "env/io/atomic_file.h"
#include "env/io/crc32.h"

namespace djambi {

namespace {

// Archive keys. The config lives in its own sub-archive so that its field names cannot collide
// with anything else at the top level.
constexpr const char* kFormatKey = "format_version";
constexpr const char* kStepKey = "step";
constexpr const char* kConfigKey = "config";
constexpr const char* kModelKey = "model";
constexpr const char* kOptimizerKey = "optimizer";
constexpr const char* kMetadataKey = "metadata";
constexpr const char* kMetadataKeysKey = "__keys";
// NetConfig::aux_outputs, which may be 0 and is absent from files written before it.
constexpr const char* kAuxOutputsKey = "aux_outputs";

// The integer fields of NetConfig, stored under their own names.
const std::vector<std::pair<const char*, int NetConfig::*>>& int_fields() {
  static const std::vector<std::pair<const char*, int NetConfig::*>> fields = {
      {"input_channels", &NetConfig::input_channels},
      {"board_height", &NetConfig::board_height},
      {"board_width", &NetConfig::board_width},
      {"num_actions", &NetConfig::num_actions},
      {"num_players", &NetConfig::num_players},
      {"channels", &NetConfig::channels},
      {"blocks", &NetConfig::blocks},
      {"policy_channels", &NetConfig::policy_channels},
      {"value_channels", &NetConfig::value_channels},
      {"value_hidden", &NetConfig::value_hidden},
  };
  return fields;
}

std::string errno_text() { return std::strerror(errno); }

// ---- writing ----

void write_config(torch::serialize::OutputArchive& archive, const NetConfig& c) {
  archive.write("game", c10::IValue(c.game));
  archive.write("variants", c10::IValue(c.variants));
  for (const auto& [name, field] : int_fields())
    archive.write(name, c10::IValue(static_cast<int64_t>(c.*field)));
  archive.write(kAuxOutputsKey, c10::IValue(static_cast<int64_t>(c.aux_outputs)));
}

// ---- the seal ----
// LibTorch 1.13 does not check the CRC-32s of the zip records it reads, and its TorchScript
// importer can crash (segfault, not throw) on a corrupted code record: observed by flipping bytes
// of a checkpoint. Checking the records' CRCs ourselves would mean inflating the code records
// (PyTorch deflates them) without zlib being linked. So the writer seals the whole file instead:
// the zip comment (the last bytes of a zip, which any zip reader accepts) holds a magic and the
// CRC-32 of every byte before it, and nothing reaches LibTorch's parser unless that matches. A
// random corruption passes with probability ~2^-32; deliberately crafted files are out of scope.

constexpr const char* kSealMagic = "djambi-zero checkpoint crc32=";
constexpr size_t kSealMagicLen = 29;              // strlen(kSealMagic)
constexpr size_t kSealLen = kSealMagicLen + 8;    // + 8 hex digits
constexpr size_t kEocdLen = 22;                   // zip end-of-central-directory record, no comment
constexpr uint32_t kEocdSignature = 0x06054b50u;

uint32_t le32(const std::string& b, size_t at) {
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(b[at + static_cast<size_t>(i)]);
  return v;
}
uint32_t le16(const std::string& b, size_t at) {
  return static_cast<unsigned char>(b[at]) | (static_cast<uint32_t>(static_cast<unsigned char>(b[at + 1])) << 8);
}

std::string hex8(uint32_t v) {
  char buf[9];
  std::snprintf(buf, sizeof buf, "%08x", v);
  return buf;
}

// Turns LibTorch's zip (which ends with a comment-less end-of-central-directory record) into a
// sealed one: the comment length is set and the seal appended.
void seal(std::string& bytes) {
  if (bytes.size() < kEocdLen || le32(bytes, bytes.size() - kEocdLen) != kEocdSignature ||
      le16(bytes, bytes.size() - 2) != 0)
    throw std::runtime_error("LibTorch wrote an archive of an unexpected layout (no bare zip end record)");
  bytes[bytes.size() - 2] = static_cast<char>(kSealLen & 0xFF);
  bytes[bytes.size() - 1] = static_cast<char>(kSealLen >> 8);
  const uint32_t crc = crc32(bytes.data(), bytes.size());
  bytes += kSealMagic + hex8(crc);
}

// Checks the seal of a file's bytes, naming what is wrong.
void check_seal(const std::string& bytes, const std::string& path) {
  const auto fail = [&](const std::string& what) {
    throw CheckpointError("checkpoint " + path + " " + what);
  };
  const size_t size = bytes.size();
  if (size >= kEocdLen + kSealLen && le32(bytes, size - kSealLen - kEocdLen) == kEocdSignature &&
      le16(bytes, size - kSealLen - 2) == kSealLen &&
      bytes.compare(size - kSealLen, kSealMagicLen, kSealMagic) == 0) {
    const std::string stored = bytes.substr(size - 8);
    const std::string actual = hex8(crc32(bytes.data(), size - kSealLen));
    if (stored != actual)
      fail("is corrupted: its checksum is " + actual + ", the seal says " + stored);
    return;
  }
  if (size >= kEocdLen && le32(bytes, size - kEocdLen) == kEocdSignature)
    fail("is a zip archive (a LibTorch file?) but not a djambi-zero checkpoint: it has no seal");
  fail("is truncated or not a checkpoint (no zip end record with a djambi-zero seal)");
}

// Reads the whole file, checks the seal and hands the same bytes to LibTorch, so that what is
// parsed is what was checked. "Nothing there" cases get their own messages.
// Checkpoints and bundles are a few megabytes (the large preset with its optimiser state: under
// 20 MB); a larger file is refused before it is read.
constexpr uint64_t kMaxCheckpointBytes = uint64_t{1} << 30;

torch::serialize::InputArchive open_archive(const std::string& path, uint64_t* file_bytes = nullptr) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    throw CheckpointError("cannot read checkpoint " + path + ": " + errno_text());
  if (!S_ISREG(st.st_mode)) throw CheckpointError("checkpoint " + path + " is not a regular file");
  if (st.st_size == 0) throw CheckpointError("checkpoint " + path + " is empty");
  if (static_cast<uint64_t>(st.st_size) > kMaxCheckpointBytes)
    throw CheckpointError("checkpoint " + path + " is " + std::to_string(st.st_size) + " bytes, over the limit of " +
                          std::to_string(kMaxCheckpointBytes) + " bytes");
  if (file_bytes) *file_bytes = static_cast<uint64_t>(st.st_size);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CheckpointError("cannot open checkpoint " + path + ": " + errno_text());
  std::string bytes(static_cast<size_t>(st.st_size), '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (in.gcount() != static_cast<std::streamsize>(bytes.size()))
    throw CheckpointError("cannot read checkpoint " + path + ": short read");
  check_seal(bytes, path);
  torch::serialize::InputArchive archive;
  // Every record is read eagerly (tensors copied out), so `bytes` may go after this call.
  archive.load_from(bytes.data(), bytes.size(), torch::Device(torch::kCPU));
  return archive;
}

// ---- reading ----

int64_t read_int(torch::serialize::InputArchive& archive, const std::string& key,
                 const std::string& path) {
  c10::IValue v;
  if (!archive.try_read(key, v))
    throw CheckpointError("checkpoint " + path + " has no '" + key + "' entry");
  if (!v.isInt()) throw CheckpointError("checkpoint " + path + ": '" + key + "' is not an integer");
  return v.toInt();
}

std::string read_string(torch::serialize::InputArchive& archive, const std::string& key,
                        const std::string& path) {
  c10::IValue v;
  if (!archive.try_read(key, v))
    throw CheckpointError("checkpoint " + path + " has no '" + key + "' entry");
  if (!v.isString()) throw CheckpointError("checkpoint " + path + ": '" + key + "' is not a string");
  return v.toStringRef();
}

// Checks the format version, so that a foreign LibTorch archive (or a future format) is named as
// such rather than failing on some missing tensor.
void check_format(torch::serialize::InputArchive& archive, const std::string& path) {
  c10::IValue v;
  if (!archive.try_read(kFormatKey, v) || !v.isInt())
    throw CheckpointError("file " + path +
                          " is a LibTorch archive but not a djambi-zero checkpoint (no '" +
                          kFormatKey + "')");
  if (v.toInt() != kCheckpointFormatVersion)
    throw CheckpointError("checkpoint " + path + " has format version " +
                          std::to_string(v.toInt()) + ", this build reads version " +
                          std::to_string(kCheckpointFormatVersion));
}

NetConfig read_config(torch::serialize::InputArchive& archive, const std::string& path) {
  torch::serialize::InputArchive sub;
  if (!archive.try_read(kConfigKey, sub))
    throw CheckpointError("checkpoint " + path + " has no '" + kConfigKey + "' entry");
  NetConfig c;
  c.game = read_string(sub, "game", path);
  c.variants = read_string(sub, "variants", path);
  for (const auto& [name, field] : int_fields()) {
    const int64_t v = read_int(sub, name, path);
    // Nonsense sizes (zero, negative, absurd) are named here rather than failing somewhere in
    // the net's constructor. 1 << 20 is far above any real size (Djambi has 5271 actions).
    if (v <= 0 || v > (int64_t{1} << 20))
      throw CheckpointError("checkpoint " + path + ": config field '" + name + "' = " +
                            std::to_string(v) + " is out of range");
    c.*field = static_cast<int>(v);
  }
  c10::IValue aux;
  if (sub.try_read(kAuxOutputsKey, aux)) {
    c.aux_outputs = aux.isInt() && aux.toInt() >= 0 && aux.toInt() <= (int64_t{1} << 20) ? static_cast<int>(aux.toInt()) : -1;
    if (!c.aux_outputs_valid())
      throw CheckpointError("checkpoint " + path + ": config field '" + kAuxOutputsKey + "' is neither 0 nor twice the players");
  }
  return c;
}

// Runs `body`, turning LibTorch's and the standard library's exceptions into CheckpointError
// naming the path. c10::Error's what() carries a C++ backtrace; what_without_backtrace() does not.
template <typename F>
auto guarded(const std::string& path, const char* doing, F&& body) -> decltype(body()) {
  try {
    return body();
  } catch (const CheckpointError&) {
    throw;
  } catch (const c10::Error& e) {
    throw CheckpointError(std::string("cannot ") + doing + " checkpoint " + path + ": " +
                          e.what_without_backtrace());
  } catch (const std::exception& e) {
    throw CheckpointError(std::string("cannot ") + doing + " checkpoint " + path + ": " + e.what());
  }
}

// The shape and type of every parameter and buffer, by name.
std::vector<std::pair<std::string, std::string>> tensor_signature(torch::nn::Module& module) {
  std::vector<std::pair<std::string, std::string>> out;
  auto describe = [](const torch::Tensor& t) {
    std::string s = std::string(c10::toString(t.scalar_type())) + "[";
    for (int64_t i = 0; i < t.dim(); ++i) s += (i ? "," : "") + std::to_string(t.size(i));
    return s + "]";
  };
  for (const auto& p : module.named_parameters()) out.emplace_back(p.key(), describe(p.value()));
  for (const auto& b : module.named_buffers()) out.emplace_back(b.key(), describe(b.value()));
  return out;
}

// Points `optimizer` at `net`'s parameters (see the header) after checking that they correspond.
void rebind_optimizer(torch::optim::Optimizer& optimizer, PolicyValueNet& net,
                      const std::string& path) {
  const std::vector<torch::Tensor> params = net->parameters();
  size_t total = 0;
  for (const auto& group : optimizer.param_groups()) total += group.params().size();
  if (total != params.size())
    throw CheckpointError("cannot load optimiser state of checkpoint " + path +
                          ": the optimiser holds " + std::to_string(total) +
                          " parameters, the network " + std::to_string(params.size()));
  size_t k = 0;
  for (const auto& group : optimizer.param_groups())
    for (const auto& p : group.params()) {
      if (!p.sizes().equals(params[k].sizes()))
        throw CheckpointError("cannot load optimiser state of checkpoint " + path +
                              ": optimiser parameter " + std::to_string(k) +
                              " does not have the shape of the network's");
      ++k;
    }
  k = 0;
  for (auto& group : optimizer.param_groups())
    for (auto& p : group.params()) p = params[k++];
  // State is keyed by TensorImpl address; entries of the old tensors must not survive (a new
  // tensor could reuse an address).
  optimizer.state().clear();
}

}  // namespace

torch::serialize::InputArchive open_checkpoint_archive(const std::string& path) {
  return guarded(path, "load", [&] { return open_archive(path); });
}

void write_checkpoint_archive(torch::serialize::OutputArchive& archive, const std::string& path) {
  std::string bytes;
  guarded(path, "save", [&] {
    archive.save_to([&bytes](const void* data, size_t size) -> size_t {
      bytes.append(static_cast<const char*>(data), size);
      return size;
    });
    seal(bytes);
  });
  try {
    write_file_atomically(path, bytes);
  } catch (const std::runtime_error& e) {
    throw CheckpointError(e.what());
  }
}

void save_checkpoint(const std::string& path, PolicyValueNet& net, int64_t step,
                     torch::optim::Optimizer* optimizer, const std::map<std::string, std::string>& metadata) {
  if (!net) throw CheckpointError("cannot save checkpoint " + path + ": no network");
  torch::serialize::OutputArchive archive;
  guarded(path, "save", [&] {
    archive.write(kFormatKey, c10::IValue(static_cast<int64_t>(kCheckpointFormatVersion)));
    archive.write(kStepKey, c10::IValue(step));
    torch::serialize::OutputArchive config_archive;
    write_config(config_archive, net->config);
    archive.write(kConfigKey, config_archive);
    torch::serialize::OutputArchive model_archive;
    net->save(model_archive);
    archive.write(kModelKey, model_archive);
    if (optimizer) {
      torch::serialize::OutputArchive optimizer_archive;
      optimizer->save(optimizer_archive);
      archive.write(kOptimizerKey, optimizer_archive);
    }
    if (!metadata.empty()) {
      // Archives cannot list their keys: the key list is stored beside the values.
      torch::serialize::OutputArchive metadata_archive;
      std::string keys;
      for (const auto& [key, value] : metadata) {
        metadata_archive.write(key, c10::IValue(value));
        keys += key + "\n";
      }
      metadata_archive.write(kMetadataKeysKey, c10::IValue(keys));
      archive.write(kMetadataKey, metadata_archive);
    }
  });
  write_checkpoint_archive(archive, path);
}

NetConfig read_checkpoint_config(const std::string& path) {
  return guarded(path, "read", [&] {
    torch::serialize::InputArchive archive = open_archive(path);
    check_format(archive, path);
    return read_config(archive, path);
  });
}

LoadedCheckpoint load_checkpoint(const std::string& path, const NetConfig* expected,
                                 torch::optim::Optimizer* optimizer) {
  return guarded(path, "load", [&] {
    uint64_t file_bytes = 0;
    torch::serialize::InputArchive archive = open_archive(path, &file_bytes);
    check_format(archive, path);
    const NetConfig config = read_config(archive, path);
    // Its tensors are in the file (at least two bytes an element): a config claiming more is
    // refused here, before the net it describes is allocated.
    const double elements = net_tensor_elements(config);
    if (2 * elements > static_cast<double>(file_bytes)) {
      char count[40];
      std::snprintf(count, sizeof count, "%.0f", elements);
      throw CheckpointError("checkpoint " + path + ": its config [" + config.describe() + "] implies " + count +
                            " tensor elements, more than its " + std::to_string(file_bytes) + " bytes hold");
    }
    if (expected && !expected->same_architecture(config))
      throw CheckpointError("checkpoint " + path + " does not match the expected network: it holds [" +
                            config.describe() + "], expected [" + expected->describe() + "]");
    LoadedCheckpoint loaded;
    loaded.step = read_int(archive, kStepKey, path);

    torch::serialize::InputArchive model_archive;
    if (!archive.try_read(kModelKey, model_archive))
      throw CheckpointError("checkpoint " + path + " has no '" + kModelKey + "' entry");
    loaded.net = PolicyValueNet(config);
    // Module::load replaces each tensor wholesale (Tensor::set_), whatever its shape; compare
    // before and after so that a doctored file cannot produce a net that fails at forward time.
    const auto before = tensor_signature(*loaded.net);
    loaded.net->load(model_archive);
    const auto after = tensor_signature(*loaded.net);
    for (size_t i = 0; i < before.size(); ++i)
      if (before[i] != after[i])
        throw CheckpointError("checkpoint " + path + ": tensor '" + before[i].first + "' is " +
                              after[i].second + ", the config implies " + before[i].second);

    torch::serialize::InputArchive metadata_archive;
    if (archive.try_read(kMetadataKey, metadata_archive)) {
      std::istringstream keys(read_string(metadata_archive, kMetadataKeysKey, path));
      std::string key;
      while (std::getline(keys, key))
        if (!key.empty()) loaded.metadata[key] = read_string(metadata_archive, key, path);
    }

    torch::serialize::InputArchive optimizer_archive;
    loaded.has_optimizer = archive.try_read(kOptimizerKey, optimizer_archive);
    if (optimizer) {
      rebind_optimizer(*optimizer, loaded.net, path);
      if (loaded.has_optimizer) optimizer->load(optimizer_archive);
    }
    return loaded;
  });
}

}  // namespace djambi
