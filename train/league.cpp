#include "train/league.h"

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include "mcts/player.h"
#include "nets/bundle.h"
#include "nets/checkpoint.h"
#include "mcts/shipped_player.h"
#include "nets/torch_evaluator.h"

namespace djambi {

League::League(std::shared_ptr<const Game> game, RunDir run, NetConfig net_config, torch::Device device,
               Precision precision)
    : game_(std::move(game)),
      run_(std::move(run)),
      net_config_(std::move(net_config)),
      device_(device),
      precision_(precision) {
  refresh();
}

bool League::names_a_network(const std::string& spec, const std::string& game_name) {
  const std::string kind = parse_player_spec(spec).kind;
  return kind == "past" || kind == "az" || (kind == "best" && shipped_player(game_name).network);
}

void League::refresh() {
  past_ = run_.checkpoint_files();
  // Past networks no longer kept are dropped (a game still using one holds it).
  for (auto it = past_loaded_.begin(); it != past_loaded_.end();) {
    const bool kept = std::any_of(past_.begin(), past_.end(), [&](const auto& p) { return p.second == it->first; });
    it = kept ? std::next(it) : past_loaded_.erase(it);
  }
}

std::shared_ptr<Evaluator> League::load(const std::string& path, bool bundle,
                                        std::map<std::string, std::shared_ptr<Evaluator>>& loaded) {
  if (const auto it = loaded.find(path); it != loaded.end()) return it->second;
  PolicyValueNet net{nullptr};
  try {
    net = bundle ? load_player_bundle(path).net : load_checkpoint(path, &net_config_).net;
  } catch (const CheckpointError& e) {
    throw std::invalid_argument(std::string("selfplay.opponents: ") + e.what());
  }
  if (const std::string why = game_mismatch(net->config, *game_); !why.empty())
    throw std::invalid_argument("selfplay.opponents: '" + path + "' " + why);
  return loaded[path] = std::make_shared<TorchEvaluator>(net, device_, precision_);
}

SeatNetwork League::pick(const std::string& spec, std::mt19937_64& rng) {
  const PlayerSpec parsed = parse_player_spec(spec);
  if (parsed.kind == "past") {
    // An actor beside the learner (on its own thread or rank) refreshes after the learner's
    // checkpoints: the one it draws may have been deleted since (the learner keeps the newest
    // only). Then it looks again.
    if (!past_.empty() && !std::filesystem::exists(past_.front().second)) refresh();
    if (past_.empty()) return {};
    const auto& [step, path] = past_[std::uniform_int_distribution<size_t>(0, past_.size() - 1)(rng)];
    return {load(path, false, past_loaded_), "past:step-" + std::to_string(step)};
  }
  if (parsed.kind == "best") return {load(shipped_player(game_->name()).path, true, bundles_), "best"};
  if (parsed.kind == "az") return {load(parsed.argument, true, bundles_), spec};
  throw std::invalid_argument("selfplay.opponents: '" + spec + "' is not a network seat");
}

}  // namespace djambi
