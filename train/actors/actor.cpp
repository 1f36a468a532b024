#include "train/actors/actor.h"

#include <algorithm>

#include "train/settings.h"

namespace djambi {

ActorSearchStats& ActorSearchStats::operator+=(const ActorSearchStats& o) {
  tree_seconds += o.tree_seconds;
  network_seconds += o.network_seconds;
  positions += o.positions;
  network_positions += o.network_positions;
  return *this;
}

Actor::Actor(std::shared_ptr<const Game> game, const TrainConfig& config, const NetConfig& net_config,
             torch::Device device, const RunDir& run, const ActorWeights& weights, uint64_t seed)
    : network_(std::make_shared<TorchEvaluator>(PolicyValueNet(net_config), device,
                                                precision_from_name(config.net.precision))),
      cache_(std::make_shared<CachingEvaluator>(network_, 1 << 16)) {
  load_weights(weights);
  const SelfPlaySettings sp = selfplay_settings(config, device, seed);
  if (std::any_of(sp.opponents.begin(), sp.opponents.end(),
                  [&](const std::string& spec) { return League::names_a_network(spec, game->name()); }))
    league_ = std::make_unique<League>(game, run, net_config, device, precision_from_name(config.net.precision));
  selfplay_ = std::make_unique<SelfPlay>(std::move(game), *cache_, sp, league_.get());
}

void Actor::load_weights(const ActorWeights& weights) {
  network_->load_weights(*weights.net);
  cache_->clear();
  version_ = weights.version;
}

ActorRound Actor::play() {
  ActorRound round;
  round.games = selfplay_->step();
  round.weights_version = version_;
  round.search = search_stats();
  return round;
}

void Actor::refresh_league() {
  if (league_) league_->refresh();
}

ActorSearchStats Actor::search_stats() const {
  const SearchTimings& t = selfplay_->timings();
  return {t.tree_seconds, t.evaluate_seconds, static_cast<long long>(cache_->lookups()),
          static_cast<long long>(cache_->lookups() - cache_->hits())};
}

}  // namespace djambi
