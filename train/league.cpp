#include "train/league.h"

#include <algorithm>
#include <stdexcept>

#include "mcts/player.h"
#include "nets/bundle.h"
#include "nets/checkpoint.h"
#include "nets/shipped_player.h"
#include "nets/torch_evaluator.h"

namespace djambi {

League::League(std::shared_ptr<const Game> game, RunDir run, NetConfig net_config, torch::Device device)
    : game_(std::move(game)), run_(std::move(run)), net_config_(std::move(net_config)), device_(device) {
  refresh();
}

bool League::names_a_network(const std::string& spec) {
  const std::string kind = parse_player_spec(spec).kind;
  return kind == "past" || kind == "az" || kind == "best";
}

void League::refresh() {
  past_ = run_.checkpoint_files();
  // Past networks no longer kept are dropped (a game still using one holds it).
  for (auto it = loaded_.begin(); it != loaded_.end();) {
    const bool kept = std::any_of(past_.begin(), past_.end(), [&](const auto& p) { return p.second == it->first; });
    const bool bundle = it->first.size() > 4 && it->first.compare(it->first.size() - 4, 4, ".djp") == 0;
    it = kept || bundle ? std::next(it) : loaded_.erase(it);
  }
}

std::shared_ptr<Evaluator> League::load(const std::string& path, bool bundle) {
  auto& slot = loaded_[path];
  if (slot) return slot;
  PolicyValueNet net{nullptr};
  try {
    net = bundle ? load_player_bundle(path).net : load_checkpoint(path, &net_config_).net;
  } catch (const CheckpointError& e) {
    loaded_.erase(path);
    throw std::invalid_argument(std::string("selfplay.opponents: ") + e.what());
  }
  const NetConfig& c = net->config;
  if (c.game != net_config_.game || c.variants != net_config_.variants) {
    loaded_.erase(path);
    throw std::invalid_argument("selfplay.opponents: '" + path + "' plays " + c.game + " (variants: " +
                                (c.variants.empty() ? "none" : c.variants) + "), not this run's " +
                                net_config_.game + " (variants: " +
                                (net_config_.variants.empty() ? "none" : net_config_.variants) + ")");
  }
  slot = std::make_shared<TorchEvaluator>(net, device_);
  return slot;
}

SeatNetwork League::pick(const std::string& spec, std::mt19937_64& rng) {
  const PlayerSpec parsed = parse_player_spec(spec);
  if (parsed.kind == "past") {
    if (past_.empty()) return {};
    const auto& [step, path] = past_[std::uniform_int_distribution<size_t>(0, past_.size() - 1)(rng)];
    return {load(path, false), "past:step-" + std::to_string(step)};
  }
  if (parsed.kind == "best") return {load(shipped_player_path(game_->name()), true), "best"};
  if (parsed.kind == "az") return {load(parsed.argument, true), spec};
  throw std::invalid_argument("selfplay.opponents: '" + spec + "' is not a network seat");
}

}  // namespace djambi
