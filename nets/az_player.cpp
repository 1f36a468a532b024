#include "nets/az_player.h"

#include <filesystem>
#include <stdexcept>

#include "mcts/basic_players.h"
#include "mcts/games.h"
#include "mcts/heuristic_blend_evaluator.h"
#include "mcts/queued_evaluator.h"
#include "mcts/search_config.h"
#include "mcts/shipped_player.h"
#include "nets/bundle.h"
#include "nets/checkpoint.h"
#include "nets/device.h"
#include "nets/torch_evaluator.h"

namespace djambi {

namespace {

// reward=winner|rank|survival|game and draw=X: the reward the search values finished games with
// (the bundle's by default; "game": the returns of the game played).
void apply_reward_options(const PlayerSpec& spec, SearchConfig& search) {
  if (spec.has("reward")) {
    const std::string& name = spec.options.at("reward");
    if (name == "game") {
      search.own_reward = false;
    } else {
      try {
        search.reward = reward_scheme_from_name(name);
      } catch (const std::invalid_argument& e) {
        throw std::invalid_argument("bad player spec '" + spec.text + "': " + e.what() + " (or game)");
      }
      search.own_reward = true;
    }
  }
  if (spec.has("draw")) {
    search.draw_value = static_cast<float>(spec.get_double("draw", 0.0, -1.0, 1.0));
    search.own_reward = true;
  }
}

// What tells one bundle file from another under one path: its size and modification time ("" when
// it cannot be read, which loading then reports).
std::string file_identity(const std::string& path) {
  std::error_code error;
  const auto size = std::filesystem::file_size(path, error);
  if (error) return "";
  const auto time = std::filesystem::last_write_time(path, error);
  if (error) return "";
  return std::to_string(size) + ":" + std::to_string(time.time_since_epoch().count());
}

// The network of the bundle at `path` on `device` in `precision`, from `networks` on the CPU.
SharedNetworks::Network network_of(const PlayerSpec& spec, const std::string& path, torch::Device device,
                                   Precision precision, SharedNetworks& networks) {
  const auto load = [&] {
    PlayerBundle loaded;
    try {
      loaded = load_player_bundle(path);
    } catch (const CheckpointError& e) {
      throw std::invalid_argument(e.what());
    }
    SharedNetworks::Network network;
    network.config = loaded.net->config;
    network.search = loaded.search;
    try {
      network.evaluator = std::make_shared<TorchEvaluator>(loaded.net, device, precision);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("bad player spec '" + spec.text + "': " + e.what());
    }
    return network;
  };
  if (!device.is_cpu()) return load();
  return networks.get(path + "|" + file_identity(path) + "|" + precision_name(precision), load);
}

// An az player for the bundle at `path`, with the spec's overrides of its search settings.
std::unique_ptr<Player> make_az_player(const PlayerSpec& spec, const std::string& path,
                                       std::shared_ptr<const Game> game, uint64_t seed, SharedNetworks& networks) {
  spec.check_keys({"sims", "time", "cpuct", "threads", "temperature", "reward", "draw", "root", "considered", "device",
                   "precision", "heuristic", "leaves", "solver", "minimax", "quiescence"},
                  spec.kind == "az");
  torch::Device device = torch::kCPU;
  Precision precision = Precision::kFloat32;
  try {
    device = select_device(spec.has("device") ? spec.options.at("device") : "auto");
    precision = precision_from_name(spec.has("precision") ? spec.options.at("precision") : "fp32");
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("bad player spec '" + spec.text + "': " + e.what());
  }
  const SharedNetworks::Network loaded = network_of(spec, path, device, precision, networks);
  // The bundle's search settings, unless the spec overrides them.
  MctsPlayerOptions o;
  o.search = loaded.search;
  const SearchBudget budget = spec.get_budget(loaded.search.simulations);
  o.search.simulations = budget.visits;
  o.seconds = budget.seconds;
  o.search.c_puct = static_cast<float>(spec.get_double("cpuct", loaded.search.c_puct, 0.0, kMaxCPuct));
  o.search.seed = seed;
  o.threads = spec.get_int("threads", 1, 1, 256);
  o.temperature = static_cast<float>(spec.get_double("temperature", 0.0, 0.0, 10.0));
  o.search.solver = spec.get_int("solver", loaded.search.solver ? 1 : 0, 0, 1) == 1;
  apply_minimax_options(spec, *game, o.search);
  apply_reward_options(spec, o.search);
  if (spec.has("root")) {
    const std::string& root = spec.options.at("root");
    if (root != "puct" && root != "gumbel")
      throw std::invalid_argument("bad player spec '" + spec.text + "': root is puct or gumbel, not '" + root + "'");
    o.search.gumbel = root == "gumbel";
  }
  o.search.gumbel_considered = spec.get_int("considered", o.search.gumbel_considered, 1, 4096);
  // Leaves sent to the network per call (virtual loss spreads them): on one CPU thread a forward
  // of 32 positions takes about 1.5 times as long as one of 8 (djambi bench nets).
  o.search.leaves_per_round = spec.get_int("leaves", 8, 1, 1024);
  o.leaves_per_worker = o.search.leaves_per_round;
  if (const std::string why = game_mismatch(loaded.config, *game); !why.empty())
    throw std::invalid_argument("player '" + path + "' " + why);
  std::shared_ptr<Evaluator> evaluator = loaded.evaluator;
  if (spec.has("heuristic")) {
    HeuristicValues heuristic = heuristic_of(game->name());
    if (!heuristic)
      throw std::invalid_argument("bad player spec '" + spec.text + "': heuristic judges Djambi positions only");
    evaluator = std::make_shared<HeuristicBlendEvaluator>(
        evaluator, std::move(heuristic), static_cast<float>(spec.get_double("heuristic", 0.0, 0.0, 1.0)));
  }
  if (o.threads > 1)
    evaluator = std::make_shared<QueuedEvaluator>(evaluator, o.threads * o.leaves_per_worker, std::chrono::microseconds(2000));
  return std::make_unique<MctsPlayer>(spec.text, evaluator, o);
}

}  // namespace

SharedNetworks::Network SharedNetworks::get(const std::string& key, const std::function<Network()>& load) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto it = entries_.begin(); it != entries_.end();) it = it->second.evaluator.expired() ? entries_.erase(it) : std::next(it);
  if (auto it = entries_.find(key); it != entries_.end())
    if (std::shared_ptr<Evaluator> evaluator = it->second.evaluator.lock())
      return {std::move(evaluator), it->second.config, it->second.search};
  Network network = load();
  ++loads_;
  entries_[key] = {network.evaluator, network.config, network.search};
  return network;
}

size_t SharedNetworks::in_use() {
  std::lock_guard<std::mutex> lock(mutex_);
  size_t n = 0;
  for (const auto& [key, entry] : entries_) n += entry.evaluator.expired() ? 0 : 1;
  return n;
}

size_t SharedNetworks::loads() {
  std::lock_guard<std::mutex> lock(mutex_);
  return loads_;
}

NetworkPlayerMaker az_player_maker(std::shared_ptr<SharedNetworks> networks) {
  if (!networks) networks = std::make_shared<SharedNetworks>();
  return [networks](const PlayerSpec& spec, const std::string& path, std::shared_ptr<const Game> game, uint64_t seed) {
    return make_az_player(spec, path, std::move(game), seed, *networks);
  };
}

void add_az_player(PlayerFactory& factory, std::shared_ptr<SharedNetworks> networks) {
  add_shipped_players(factory, az_player_maker(std::move(networks)));
}

PlayerFactory full_player_factory(std::shared_ptr<SharedNetworks> networks) {
  PlayerFactory factory = basic_player_factory();
  add_az_player(factory, std::move(networks));
  return factory;
}

}  // namespace djambi
