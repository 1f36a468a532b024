#include "nets/bundle.h"

#include <cmath>

#include "env/io/number_text.h"
#include "nets/checkpoint.h"

namespace djambi {

namespace {

constexpr const char* kKind = "djambi-zero-player";

// The search setting `key` of the bundle at `path`: a number in [min, max] (whole with
// `whole`), or CheckpointError naming the file, the setting and its text. A bundle is input
// like any other: a NaN or an infinity here would reach every PUCT score of its searches.
double setting(const std::map<std::string, std::string>& m, const std::string& key, double min, double max,
               bool whole, const std::string& path) {
  const auto it = m.find(key);
  if (it == m.end()) throw CheckpointError("player bundle " + path + " has no setting '" + key + "'");
  const std::optional<double> v = parse_real(it->second);
  if (!v || !(*v >= min && *v <= max) || (whole && *v != std::floor(*v)))
    throw CheckpointError("player bundle " + path + " has " + key + " '" + it->second + "'; it must be " +
                          (whole ? "a whole number" : "a number") + " in [" + shortest_text(min) + ", " + shortest_text(max) + "]");
  return *v;
}

}  // namespace

std::map<std::string, std::string> reward_metadata(const SearchConfig& search) {
  if (!search.own_reward) return {};
  return {{"reward", reward_scheme_name(search.reward)}, {"draw_value", std::to_string(search.draw_value)}};
}

void apply_reward_metadata(const std::map<std::string, std::string>& metadata, SearchConfig& search) {
  const auto reward = metadata.find("reward");
  if (reward == metadata.end()) return;  // from before the key: the game's own returns
  const auto draw = metadata.find("draw_value");
  if (draw == metadata.end()) throw std::invalid_argument("reward '" + reward->second + "' without a draw_value");
  search.reward = reward_scheme_from_name(reward->second);
  std::size_t used = 0;
  const float draw_value = std::stof(draw->second, &used);
  if (used != draw->second.size() || !(draw_value >= -1.0f && draw_value <= 1.0f))
    throw std::invalid_argument("draw_value '" + draw->second + "' is not a number in [-1, 1]");
  search.draw_value = draw_value;
  search.own_reward = true;
}

void save_player_bundle(const std::string& path, PolicyValueNet& net, const SearchConfig& search, int64_t step,
                        const std::string& source) {
  std::map<std::string, std::string> metadata{{"kind", kKind},
                   {"bundle_version", std::to_string(kBundleVersion)},
                   {"simulations", std::to_string(search.simulations)},
                   {"c_puct", std::to_string(search.c_puct)},
                   {"fpu_reduction", std::to_string(search.fpu_reduction)},
                   {"solver", search.solver ? "1" : "0"},
                   {"minimax_weight", std::to_string(search.minimax_weight)},
                   {"minimax_quiescence", std::to_string(search.minimax_quiescence)},
                   {"source", source}};
  metadata.merge(reward_metadata(search));
  save_checkpoint(path, net, step, nullptr, metadata);
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
    const std::optional<long long> version = parse_integer(m.at("bundle_version"));
    if (!version) throw CheckpointError("player bundle " + path + " has missing or malformed settings");
    if (*version != kBundleVersion)
      throw CheckpointError("player bundle " + path + " has format version " + std::to_string(*version) +
                            "; this build reads version " + std::to_string(kBundleVersion));
    bundle.search.simulations = static_cast<int>(setting(m, "simulations", 1, kMaxSimulations, true, path));
    bundle.search.c_puct = static_cast<float>(setting(m, "c_puct", 0, kMaxCPuct, false, path));
    bundle.search.fpu_reduction = static_cast<float>(setting(m, "fpu_reduction", 0, kMaxFpuReduction, false, path));
    // Bundles written before the solver existed have no such key: searched without it.
    bundle.search.solver = m.count("solver") > 0 && setting(m, "solver", 0, 1, true, path) == 1;
    if (m.count("minimax_weight")) bundle.search.minimax_weight = static_cast<float>(setting(m, "minimax_weight", 0, 1, false, path));
    if (m.count("minimax_quiescence"))
      bundle.search.minimax_quiescence = static_cast<int>(setting(m, "minimax_quiescence", 0, kMaxMinimaxQuiescence, true, path));
    bundle.source = m.at("source");
    apply_reward_metadata(m, bundle.search);
  } catch (const CheckpointError&) {
    throw;
  } catch (const std::exception&) {
    throw CheckpointError("player bundle " + path + " has missing or malformed settings");
  }
  return bundle;
}

}  // namespace djambi
