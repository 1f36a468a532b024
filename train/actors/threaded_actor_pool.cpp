// The local actor on a thread of its own: self-play goes on while the learner learns (an
// accelerator: the two share no cores, and the network's device serves both on separate
// streams). docs/GPU.md.
#include <chrono>
#include <exception>
#include <mutex>
#include <thread>

#include "env/threads/bounded_queue.h"
#include "nets/device.h"
#include "train/actors/actor_pool.h"

namespace djambi {

namespace {

PolicyValueNet on_device(PolicyValueNet net, torch::Device device) {
  net->to(device);
  return net;
}

class ThreadedActorPool final : public ActorPool {
 public:
  explicit ThreadedActorPool(const ActorPoolSetup& s)
      : actor_(s.game, s.config, s.net_config, s.device, s.run, s.weights, s.seed),
        device_(s.device),
        staged_(on_device(PolicyValueNet(s.net_config), s.device)),
        staged_version_(s.weights.version),
        opponent_games_(s.config.selfplay.opponent_games),
        search_(actor_.search_stats()),
        weights_version_(actor_.weights_version()),
        thread_([this] { play(); }) {}

  ~ThreadedActorPool() override {
    played_.close();  // the actor's next hand-over fails, and it stops
    thread_.join();
  }

  std::vector<ActorRound> collect(double opponent_games) override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      opponent_games_ = opponent_games;
    }
    if (actor_error_) std::rethrow_exception(actor_error_);  // the actor has stopped
    // Waits for one round, then takes the others waiting, at most as many as the queue holds:
    // the actor refills it while it is emptied, and the learner must not take more rounds at
    // once than the actor may play ahead of it.
    std::vector<ActorRound> rounds;
    for (auto played = played_.pop(); played;
         played = rounds.size() < kMostWaiting ? played_.try_pop() : std::nullopt) {
      if (played->error) {
        actor_error_ = played->error;
        std::rethrow_exception(actor_error_);
      }
      tally_.count(played->round);
      rounds.push_back(std::move(played->round));
    }
    return rounds;
  }

  // The learner's thread: the weights wait in a copy of their own until the actor's next round.
  void publish_weights(const PolicyValueNet& net, long long version) override {
    std::lock_guard<std::mutex> lock(staged_mutex_);
    copy_weights(net, staged_);
    synchronize_current_stream(device_);  // the copy is done before the actor reads it
    staged_version_ = version;
  }
  void checkpoint_saved() override {
    std::lock_guard<std::mutex> lock(mutex_);
    ++checkpoints_;
  }
  ActorSearchStats search_stats() const override {
    std::lock_guard<std::mutex> lock(mutex_);
    return search_;
  }
  long long weights_version() const override {
    std::lock_guard<std::mutex> lock(mutex_);
    return weights_version_;
  }
  std::vector<ActorThroughput> throughput() const override {
    ActorThroughput t = tally_;
    t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    return {t};
  }

 private:
  // Rounds played and not collected before the actor waits for the learner: it stays at most
  // this far ahead, so that the replay ratio holds when the learner is the slower half.
  static constexpr size_t kMostWaiting = 64;

  // A round, or the error that ended the actor (the learner's next collect() passes it on).
  struct Played {
    ActorRound round;
    std::exception_ptr error;
  };

  // The actor's thread.
  void play() {
    long long league_seen = 0;
    try {
      while (true) {
        double share = 0;
        long long checkpoints = 0;
        {
          std::lock_guard<std::mutex> lock(mutex_);
          share = opponent_games_;
          checkpoints = checkpoints_;
        }
        {
          std::lock_guard<std::mutex> lock(staged_mutex_);
          if (staged_version_ != actor_.weights_version()) actor_.load_weights({staged_version_, &staged_});
        }
        if (checkpoints != league_seen) {
          actor_.refresh_league();
          league_seen = checkpoints;
        }
        actor_.set_opponent_games(share);
        ActorRound round = actor_.play();
        {
          std::lock_guard<std::mutex> lock(mutex_);
          search_ = round.search;
          weights_version_ = round.weights_version;
        }
        if (!played_.push({std::move(round), nullptr})) return;  // closed: the pool is going
      }
    } catch (...) {
      played_.push({{}, std::current_exception()});
    }
  }

  Actor actor_;  // used by the actor's thread alone once it runs
  torch::Device device_;
  ActorThroughput tally_;  // the learner's thread
  std::exception_ptr actor_error_;  // the learner's thread: the error that ended the actor
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();

  std::mutex staged_mutex_;
  PolicyValueNet staged_;
  long long staged_version_;

  BoundedQueue<Played> played_{kMostWaiting};

  mutable std::mutex mutex_;  // guards what follows
  double opponent_games_;  // until the learner's first collect: the config's
  long long checkpoints_ = 0;
  ActorSearchStats search_;
  long long weights_version_;

  std::thread thread_;  // last: starts once the rest is built
};

}  // namespace

std::unique_ptr<ActorPool> make_threaded_actor_pool(const ActorPoolSetup& setup) {
  return std::make_unique<ThreadedActorPool>(setup);
}

}  // namespace djambi
