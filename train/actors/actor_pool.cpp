#include "train/actors/actor_pool.h"

#include <chrono>
#include <stdexcept>

#include "train/run_setup.h"

namespace djambi {

void ActorThroughput::count(const ActorRound& round) {
  for (const FinishedGame& g : round.games) {
    ++games;
    samples += static_cast<long long>(g.samples.size());
  }
}

void ActorPool::publish_generation(const std::string&, long long) {
  throw std::logic_error("these actors play the network: a learned evaluation's generation is not theirs to play");
}

namespace {

class LocalActorPool final : public ActorPool {
 public:
  explicit LocalActorPool(const ActorPoolSetup& s)
      : actor_(s.game, s.config, s.net_config, s.device, s.run, s.weights, s.seed) {}

  std::vector<ActorRound> collect(double opponent_games) override {
    actor_.set_opponent_games(opponent_games);
    std::vector<ActorRound> rounds;
    rounds.push_back(actor_.play());
    tally_.count(rounds.back());
    return rounds;
  }
  void publish_weights(const PolicyValueNet& net, long long version) override { actor_.load_weights({version, &net}); }
  void checkpoint_saved() override { actor_.refresh_league(); }
  ActorSearchStats search_stats() const override { return actor_.search_stats(); }
  long long weights_version() const override { return actor_.weights_version(); }
  std::vector<ActorThroughput> throughput() const override {
    ActorThroughput t = tally_;
    t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    return {t};
  }

 private:
  Actor actor_;
  ActorThroughput tally_;
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

}  // namespace

std::unique_ptr<ActorPool> make_local_actor_pool(const ActorPoolSetup& setup) {
  if (machine_settings(setup.config, setup.device).own_thread) return make_threaded_actor_pool(setup);
  return std::make_unique<LocalActorPool>(setup);
}

}  // namespace djambi
