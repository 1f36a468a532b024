#include "nets/bundle.h"

#include "nets/checkpoint.h"

namespace djambi {

namespace {
constexpr const char* kKind = "djambi-zero-player";
}

void save_player_bundle(const std::string& path, PolicyValueNet& net, const SearchConfig& search, int64_t step,
                        const std::string& source) {
  save_checkpoint(path, net, step, nullptr,
                  {{"kind", kKind},
                   {"bundle_version", std::to_string(kBundleVersion)},
                   {"simulations", std::to_string(search.simulations)},
                   {"c_puct", std::to_string(search.c_puct)},
                   {"fpu_reduction", std::to_string(search.fpu_reduction)},
                   {"source", source}});
}

PlayerBundle load_player_bundle(const std::string& path) {
  LoadedCheckpoint loaded = load_checkpoint(path);
  PlayerBundle bundle;
  bundle.net = loaded.net;
  bundle.step = loaded.step;
  const auto& m = loaded.metadata;
  const auto kind = m.find("kind");
  if (kind == m.end()) {  // a training checkpoint
    bundle.from_checkpoint = true;
    bundle.source = path;
    return bundle;
  }
  if (kind->second != kKind) throw CheckpointError("file " + path + " is a '" + kind->second + "', not a player bundle");
  try {
    const int version = std::stoi(m.at("bundle_version"));
    if (version != kBundleVersion)
      throw CheckpointError("player bundle " + path + " has format version " + std::to_string(version) +
                            "; this build reads version " + std::to_string(kBundleVersion));
    bundle.search.simulations = std::stoi(m.at("simulations"));
    bundle.search.c_puct = std::stof(m.at("c_puct"));
    bundle.search.fpu_reduction = std::stof(m.at("fpu_reduction"));
    bundle.source = m.at("source");
  } catch (const CheckpointError&) {
    throw;
  } catch (const std::exception&) {
    throw CheckpointError("player bundle " + path + " has missing or malformed settings");
  }
  return bundle;
}

}  // namespace djambi
