#include "nets/checkpoint.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <utility>
#include <vector>

namespace djambi {

namespace {

// Archive keys. The config lives in its own sub-archive so that its field names cannot collide
// with anything else at the top level.
constexpr const char* kFormatKey = "format_version";
constexpr const char* kStepKey = "step";
constexpr const char* kConfigKey = "config";
constexpr const char* kModelKey = "model";
constexpr const char* kOptimizerKey = "optimizer";

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
}

// Writes `archive` to `tmp` through a file descriptor so that the bytes can be fsync'ed before
// the rename (std::ofstream can flush to the kernel but not to the disk).
void write_synced(torch::serialize::OutputArchive& archive, const std::string& tmp) {
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw CheckpointError("cannot create " + tmp + ": " + errno_text());
  std::string write_error;
  try {
    archive.save_to([&](const void* data, size_t size) -> size_t {
      const char* p = static_cast<const char*>(data);
      size_t left = size;
      while (left > 0 && write_error.empty()) {
        const ssize_t n = ::write(fd, p, left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
          write_error = errno_text();
          break;
        }
        p += n;
        left -= static_cast<size_t>(n);
      }
      // A short count makes LibTorch's zip writer fail the save.
      return size - left;
    });
  } catch (const std::exception& e) {
    ::close(fd);
    throw CheckpointError("cannot write " + tmp + ": " +
                          (write_error.empty() ? std::string(e.what()) : write_error));
  }
  if (!write_error.empty()) {
    ::close(fd);
    throw CheckpointError("cannot write " + tmp + ": " + write_error);
  }
  if (::fsync(fd) != 0) {
    const std::string err = errno_text();
    ::close(fd);
    throw CheckpointError("cannot flush " + tmp + ": " + err);
  }
  if (::close(fd) != 0) throw CheckpointError("cannot close " + tmp + ": " + errno_text());
}

// Makes the rename itself durable; best effort, as some filesystems refuse fsync on directories.
void sync_directory_of(const std::string& path) {
  std::filesystem::path dir = std::filesystem::path(path).parent_path();
  if (dir.empty()) dir = ".";
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

// ---- reading ----

// Reads the archive, turning "nothing there" cases into clear messages before LibTorch's zip
// reader sees them.
torch::serialize::InputArchive open_archive(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    throw CheckpointError("cannot read checkpoint " + path + ": " + errno_text());
  if (!S_ISREG(st.st_mode)) throw CheckpointError("checkpoint " + path + " is not a regular file");
  if (st.st_size == 0) throw CheckpointError("checkpoint " + path + " is empty");
  torch::serialize::InputArchive archive;
  archive.load_from(path, torch::Device(torch::kCPU));
  return archive;
}

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
    // Bounds before building a net from them: a doctored size must not allocate gigabytes.
    // 1 << 20 is far above any real size (Djambi has 5271 actions, tower widths are ~100).
    if (v <= 0 || v > (int64_t{1} << 20))
      throw CheckpointError("checkpoint " + path + ": config field '" + name + "' = " +
                            std::to_string(v) + " is out of range");
    c.*field = static_cast<int>(v);
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

void save_checkpoint(const std::string& path, PolicyValueNet& net, int64_t step,
                     torch::optim::Optimizer* optimizer) {
  if (!net) throw CheckpointError("cannot save checkpoint " + path + ": no network");
  // One temporary name per process: concurrent savers in one process must use distinct paths.
  const std::string tmp = path + ".tmp-" + std::to_string(::getpid());
  try {
    guarded(path, "save", [&] {
      torch::serialize::OutputArchive archive;
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
      write_synced(archive, tmp);
    });
    if (std::rename(tmp.c_str(), path.c_str()) != 0)
      throw CheckpointError("cannot rename " + tmp + " to " + path + ": " + errno_text());
  } catch (...) {
    std::error_code ignored;
    std::filesystem::remove(tmp, ignored);
    throw;
  }
  sync_directory_of(path);
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
    torch::serialize::InputArchive archive = open_archive(path);
    check_format(archive, path);
    const NetConfig config = read_config(archive, path);
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
