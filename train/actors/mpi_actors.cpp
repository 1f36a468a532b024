#include "train/actors/mpi_actors.h"

#include <dlfcn.h>
#include <mpi.h>
#include <tbb/global_control.h>

#include <chrono>
#include <cstdlib>
#include <limits>
#include <list>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>

#include "nets/device.h"
#include "nets/torch_evaluator.h"
#include "train/actors/actor_messages.h"
#include "train/actors/learned_eval_actor.h"
#include "train/run_setup.h"
#include "train/settings.h"

namespace djambi {

namespace {

using Clock = std::chrono::steady_clock;

constexpr int kLearnerRank = 0;
constexpr int kTagHello = 1, kTagRound = 2, kTagControl = 3, kTagWeights = 4;
// An actor with no finished game still reports (its search totals) this often, so that the
// learner can tell a slow actor from a dead one.
constexpr double kHeartbeatSeconds = 2.0;
// New weights go to the actors at most this often: a learner taking many steps in a row (for
// a large round) still refreshes them, without sending every step's weights.
constexpr double kWeightsPushSeconds = 1.0;
// While nothing has arrived, MPI is polled this often (a blocking receive would spin a core).
constexpr auto kPollInterval = std::chrono::milliseconds(2);

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

void check_mpi(int code, const char* call) {
  if (code == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(code, text, &length);
  throw std::runtime_error(std::string(call) + ": " + std::string(text, static_cast<size_t>(length)));
}

enum class Receipt { kNothing, kReceived, kBroken };

// Receives messages as they arrive. A message that has begun to arrive but does not come whole
// within the given time was cut by its sender's death: its receive is abandoned (MPI cannot
// cancel a matched receive, so its buffer is kept) and it is reported broken.
class Inbox {
 public:
  // The message from `source` (or MPI_ANY_SOURCE) with `tag`, if one has begun to arrive.
  Receipt try_receive(int source, int tag, double seconds, std::string& bytes, int* from = nullptr) {
    int arrived = 0;
    MPI_Status status;
    check_mpi(MPI_Iprobe(source, tag, MPI_COMM_WORLD, &arrived, &status), "MPI_Iprobe");
    if (!arrived) return Receipt::kNothing;
    if (from) *from = status.MPI_SOURCE;
    int count = 0;
    check_mpi(MPI_Get_count(&status, MPI_BYTE, &count), "MPI_Get_count");
    std::string& buffer = buffers_.emplace_back(static_cast<size_t>(count), '\0');  // a list node stays put
    MPI_Request request;
    check_mpi(MPI_Irecv(buffer.data(), count, MPI_BYTE, status.MPI_SOURCE, tag, MPI_COMM_WORLD, &request),
              "MPI_Irecv");
    const auto start = Clock::now();
    for (int done = 0;;) {
      check_mpi(MPI_Test(&request, &done, MPI_STATUS_IGNORE), "MPI_Test");
      if (done) break;
      if (seconds_since(start) > seconds) return Receipt::kBroken;  // the buffer stays in buffers_
      std::this_thread::yield();
    }
    bytes = std::move(buffer);
    buffers_.pop_back();
    return Receipt::kReceived;
  }

 private:
  std::list<std::string> buffers_;  // the receive in progress, then the abandoned ones
};

int message_size(const std::string& bytes) {
  if (bytes.size() > static_cast<size_t>(std::numeric_limits<int>::max()))
    throw std::runtime_error("an actor message of " + std::to_string(bytes.size()) + " bytes is over MPI's 2 GiB");
  return static_cast<int>(bytes.size());
}

// Messages sent without waiting, each kept until MPI is done with its bytes.
class Outbox {
 public:
  void send(std::string bytes, int to, int tag) {
    sends_.push_back({std::move(bytes), MPI_REQUEST_NULL});
    Send& s = sends_.back();
    check_mpi(MPI_Isend(s.bytes.data(), message_size(s.bytes), MPI_BYTE, to, tag, MPI_COMM_WORLD, &s.request),
              "MPI_Isend");
    collect_sent();
  }
  void collect_sent() {
    for (auto it = sends_.begin(); it != sends_.end();) {
      int done = 0;
      check_mpi(MPI_Test(&it->request, &done, MPI_STATUS_IGNORE), "MPI_Test");
      it = done ? sends_.erase(it) : std::next(it);
    }
  }
  // Waits at most `seconds` for the sends to finish (a rank that died never takes its message).
  void drain(double seconds) {
    const auto start = Clock::now();
    for (collect_sent(); !sends_.empty() && seconds_since(start) < seconds; collect_sent())
      std::this_thread::sleep_for(kPollInterval);
  }

 private:
  struct Send {
    std::string bytes;
    MPI_Request request;
  };
  std::list<Send> sends_;  // a list: MPI holds pointers into the bytes until the send is done
};

// The learner's view of the actors on the other ranks.
class MpiActorPool final : public ActorPool {
 public:
  MpiActorPool(const ActorPoolSetup& setup, int ranks)
      : shape_(run_sample_shape(setup.config, *setup.game)),
        timeout_seconds_(setup.config.run.actor_timeout_seconds),
        latest_version_(setup.weights.version),
        notices_(setup.notices) {
    std::mt19937_64 seeds(setup.seed);
    ActorHello hello;
    hello.config_yaml = to_yaml(setup.config);
    hello.run_dir = setup.run.root();
    hello.weights = setup.weights.net ? encode_weights(*setup.weights.net, latest_version_) : setup.weights.message;
    for (int rank = 1; rank < ranks; ++rank) {
      hello.seed = seeds();
      outbox_.send(encode_actor_hello(hello), rank, kTagHello);
      Remote r;
      r.throughput.rank = rank;
      r.version = latest_version_;
      actors_.push_back(r);
    }
  }

  // The actors' stop. Rounds still on their way are left unread: the actors finish anyway.
  ~MpiActorPool() override {
    try {
      ActorControl stop;
      stop.stop = true;
      const std::string bytes = encode_actor_control(stop);
      for (Remote& r : actors_)
        if (r.throughput.alive) outbox_.send(bytes, r.throughput.rank, kTagControl);
      outbox_.drain(10.0);
    } catch (const std::exception& e) {
      report_lines(notices_, std::string("train: could not tell the actors to stop: ") + e.what());
    }
  }

  std::vector<ActorRound> collect(double opponent_games) override {
    answer_waiting_actors(opponent_games);
    std::vector<ActorRound> rounds;
    const auto start = Clock::now();
    std::string bytes;
    int from = 0;
    while (true) {
      for (Receipt got; (got = inbox_.try_receive(MPI_ANY_SOURCE, kTagRound, timeout_seconds_, bytes, &from)) !=
                        Receipt::kNothing;) {
        if (got == Receipt::kReceived)
          rounds.push_back(take_round(bytes, from));
        else
          lose(actor_of_rank(from), "stopped in the middle of a message");
      }
      if (!rounds.empty() || seconds_since(start) >= 1.0) break;
      std::this_thread::sleep_for(kPollInterval);
    }
    give_up_silent_actors();
    return rounds;
  }

  void publish_weights(const PolicyValueNet& net, long long version) override {
    latest_version_ = version;
    if (seconds_since(pushed_) < kWeightsPushSeconds) return;
    pushed_ = Clock::now();
    outbox_.collect_sent();
    const std::string bytes = encode_weights(net, version);
    for (Remote& r : actors_) {
      if (!r.throughput.alive) continue;  // a send to a dead rank would never finish
      outbox_.send(bytes, r.throughput.rank, kTagWeights);
      r.version = version;
    }
  }

  // A generation comes every ab.generation_steps learner steps: each goes out at once.
  void publish_generation(const std::string& message, long long version) override {
    latest_version_ = version;
    outbox_.collect_sent();
    for (Remote& r : actors_) {
      if (!r.throughput.alive) continue;
      outbox_.send(message, r.throughput.rank, kTagWeights);
      r.version = version;
    }
  }

  void checkpoint_saved() override { ++checkpoints_; }

  ActorSearchStats search_stats() const override {
    ActorSearchStats total;
    for (const Remote& r : actors_) total += r.search;
    return total;
  }

  long long weights_version() const override {
    long long oldest = latest_version_;
    for (const Remote& r : actors_)
      if (r.throughput.alive) oldest = std::min(oldest, r.version);
    return oldest;
  }

  std::vector<ActorThroughput> throughput() const override {
    std::vector<ActorThroughput> list;
    for (const Remote& r : actors_) {
      list.push_back(r.throughput);
      list.back().seconds = seconds_since(started_);
    }
    return list;
  }

 private:
  struct Remote {
    ActorThroughput throughput;
    ActorSearchStats search;  // its totals, as of its last round
    long long version = 0;    // of the weights last sent to it
    bool waiting = false;     // its last round is not answered yet
    Clock::time_point answered = Clock::now();
  };

  Remote& actor_of_rank(int rank) {
    for (Remote& r : actors_)
      if (r.throughput.rank == rank) return r;
    throw std::runtime_error("a round from rank " + std::to_string(rank) + ", which is not an actor");
  }

  ActorRound take_round(const std::string& bytes, int rank) {
    Remote& r = actor_of_rank(rank);
    ActorRound round;
    try {
      round = decode_actor_round(bytes, shape_);
    } catch (const std::runtime_error& e) {
      throw std::runtime_error("actor rank " + std::to_string(rank) + ": " + e.what());
    }
    if (!r.throughput.alive) {
      report_lines(notices_, "train: actor rank " + std::to_string(rank) + " is heard again; its games count again");
      r.throughput.alive = true;
    }
    r.throughput.count(round);
    r.search = round.search;
    r.waiting = true;
    return round;
  }

  // Each answer goes out after the learner has taken its share of learner steps for the
  // round it answers: that is what keeps the actors at the configured replay ratio.
  void answer_waiting_actors(double opponent_games) {
    outbox_.collect_sent();
    for (Remote& r : actors_) {
      if (!r.waiting) continue;
      ActorControl control;
      control.opponent_games = opponent_games;
      control.checkpoints = checkpoints_;
      outbox_.send(encode_actor_control(control), r.throughput.rank, kTagControl);
      r.waiting = false;
      r.answered = Clock::now();
    }
  }

  void lose(Remote& r, const std::string& why) {
    if (!r.throughput.alive) return;
    r.throughput.alive = false;
    r.waiting = false;
    report_lines(notices_, "train: actor rank " + std::to_string(r.throughput.rank) + " " + why + "; going on without it");
  }

  void give_up_silent_actors() {
    int alive = 0;
    for (Remote& r : actors_) {
      if (r.throughput.alive && !r.waiting && seconds_since(r.answered) > timeout_seconds_)
        lose(r, "has sent nothing for " + std::to_string(static_cast<long long>(timeout_seconds_)) +
                    " s (run.actor_timeout_seconds)");
      alive += r.throughput.alive;
    }
    if (alive == 0)
      throw std::runtime_error("every actor rank has gone silent; the run stops (continue with --resume)");
  }

  SampleShape shape_;
  double timeout_seconds_;
  long long latest_version_;
  Notices notices_;
  Clock::time_point pushed_ = Clock::now();
  long long checkpoints_ = 0;
  std::vector<Remote> actors_;
  Inbox inbox_;
  Outbox outbox_;
  Clock::time_point started_ = Clock::now();
};

// An actor's line to the learner on rank 0.
class LearnerLink {
 public:
  // A message with `tag` from the learner, if one has arrived; throws if it was cut.
  bool try_receive(int tag, std::string& bytes) {
    const Receipt got = inbox_.try_receive(kLearnerRank, tag, kBrokenMessageSeconds, bytes);
    if (got == Receipt::kBroken) throw std::runtime_error("the learner (rank 0) stopped in the middle of a message");
    return got == Receipt::kReceived;
  }
  // Waits for a message with `tag`; throws after `seconds`.
  std::string receive(int tag, double seconds, const std::string& what) {
    const auto start = Clock::now();
    std::string bytes;
    while (!try_receive(tag, bytes)) {
      if (seconds_since(start) > seconds)
        throw std::runtime_error("no " + what + " from the learner (rank 0) in " +
                                 std::to_string(static_cast<long long>(seconds)) + " s; this actor stops");
      std::this_thread::sleep_for(kPollInterval);
    }
    return bytes;
  }
  void send(std::string bytes, int tag) { outbox_.send(std::move(bytes), kLearnerRank, tag); }
  void finish() { outbox_.drain(10.0); }

 private:
  // A message from the learner that has begun to arrive and is not whole after this long was
  // cut by the learner's death.
  static constexpr double kBrokenMessageSeconds = 60.0;
  Inbox inbox_;
  Outbox outbox_;
};

// What an actor rank plays: the network's self-play or the learned evaluation's.
class RankSelfPlay {
 public:
  virtual ~RankSelfPlay() = default;
  virtual void load_weights(const std::string& message) = 0;
  virtual void set_opponent_games(double share) = 0;
  virtual void refresh_league() = 0;
  virtual ActorRound play() = 0;
  virtual ActorSearchStats search_stats() const = 0;
  virtual long long weights_version() const = 0;
  // Past this many finished games unsent, the actor stops playing until the learner answers.
  virtual size_t most_unsent() const = 0;
};

class NetworkSelfPlay final : public RankSelfPlay {
 public:
  NetworkSelfPlay(std::shared_ptr<const Game> game, const TrainConfig& config, const ActorHello& hello)
      : net_config_(net_config_of(config, *game)), net_(net_config_), device_(select_device(config.net.device)) {
    set_torch_threads(config.net.threads);
    const long long version = decode_weights(hello.weights, net_);
    actor_ = std::make_unique<Actor>(game, config, net_config_, device_, RunDir(hello.run_dir),
                                     ActorWeights{version, &net_}, hello.seed);
    most_unsent_ = static_cast<size_t>(2 * machine_settings(config, device_).games);
  }
  void load_weights(const std::string& message) override {
    const long long version = decode_weights(message, net_);
    actor_->load_weights({version, &net_});
  }
  void set_opponent_games(double share) override { actor_->set_opponent_games(share); }
  void refresh_league() override { actor_->refresh_league(); }
  ActorRound play() override { return actor_->play(); }
  ActorSearchStats search_stats() const override { return actor_->search_stats(); }
  long long weights_version() const override { return actor_->weights_version(); }
  size_t most_unsent() const override { return most_unsent_; }

 private:
  NetConfig net_config_;
  PolicyValueNet net_;
  torch::Device device_;
  std::unique_ptr<Actor> actor_;
  size_t most_unsent_ = 0;
};

// The learned evaluation's self-play has no opponents and no league.
class LearnedEvalRankSelfPlay final : public RankSelfPlay {
 public:
  LearnedEvalRankSelfPlay(std::shared_ptr<const Game> game, const TrainConfig& config, const ActorHello& hello)
      : settings_(learned_eval_selfplay_settings(config, hello.seed)), actor_(game, settings_, hello.weights) {}
  void load_weights(const std::string& message) override { actor_.load_weights(message); }
  void set_opponent_games(double) override {}
  void refresh_league() override {}
  ActorRound play() override { return actor_.play(kPlayWaitSeconds); }
  ActorSearchStats search_stats() const override { return {}; }
  long long weights_version() const override { return actor_.weights_version(); }
  size_t most_unsent() const override { return static_cast<size_t>(2 * settings_.games); }

 private:
  // Its games finish on a thread of their own: the rank's loop looks at the learner this often.
  static constexpr double kPlayWaitSeconds = 0.1;
  LearnedEvalSelfPlaySettings settings_;
  LearnedEvalActor actor_;
};

// The actor rank's whole life: hello, then rounds and answers until the learner says stop.
void play_for_the_learner() {
  // The hello comes once the learner has read its config and run directory (a resume reads its
  // replay chunks first): wait as long as it may take.
  LearnerLink learner;
  const ActorHello hello = decode_actor_hello(learner.receive(kTagHello, 24 * 3600.0, "hello"));
  const TrainConfig config = parse_train_config(hello.config_yaml, "the learner's config");
  // The learner may be busy for long without answering (an evaluation, a long run of learner
  // steps): an actor waits ten times as long as the learner waits for an actor.
  const double patience = 10 * config.run.actor_timeout_seconds;
  tbb::global_control threads(tbb::global_control::max_allowed_parallelism, static_cast<size_t>(tree_threads(config)));
  const std::shared_ptr<const Game> game = game_of(config);
  const SampleShape shape = run_sample_shape(config, *game);
  const std::unique_ptr<RankSelfPlay> actor =
      config.selfplay.player == "ab"
          ? std::unique_ptr<RankSelfPlay>(std::make_unique<LearnedEvalRankSelfPlay>(game, config, hello))
          : std::make_unique<NetworkSelfPlay>(game, config, hello);

  ActorRound unsent;  // games finished since the last round went
  bool waiting = false;
  auto sent_at = Clock::now();
  long long checkpoints = 0;
  while (true) {
    std::string bytes, newest;
    while (learner.try_receive(kTagWeights, bytes)) newest.swap(bytes);
    if (!newest.empty()) actor->load_weights(newest);
    if (waiting && learner.try_receive(kTagControl, bytes)) {
      const ActorControl control = decode_actor_control(bytes);
      if (control.stop) break;
      actor->set_opponent_games(control.opponent_games);
      if (control.checkpoints != checkpoints) actor->refresh_league();
      checkpoints = control.checkpoints;
      waiting = false;
    }
    if (!waiting && (!unsent.games.empty() || seconds_since(sent_at) >= kHeartbeatSeconds)) {
      unsent.weights_version = actor->weights_version();
      unsent.search = actor->search_stats();
      learner.send(encode_actor_round(unsent, shape), kTagRound);
      unsent = ActorRound{};
      waiting = true;
      sent_at = Clock::now();
    }
    if (waiting && seconds_since(sent_at) > patience)
      throw std::runtime_error("the learner (rank 0) has not answered for " +
                               std::to_string(static_cast<long long>(patience)) +
                               " s (10 x run.actor_timeout_seconds); this actor stops");
    if (waiting && unsent.games.size() >= actor->most_unsent()) {
      std::this_thread::sleep_for(kPollInterval);
      continue;
    }
    for (FinishedGame& g : actor->play().games) unsent.games.push_back(std::move(g));
  }
  learner.finish();
}

}  // namespace

MpiSession::MpiSession() {
  // Open MPI opens its components as libraries that need libmpi's symbols in the global scope;
  // when this code runs inside a library opened RTLD_LOCAL (djambi's network library,
  // docs/ARCHITECTURE.md), libmpi is not there: it is made global first (as mpi4py does).
  Dl_info libmpi{};
  if (dladdr(reinterpret_cast<void*>(&MPI_Init_thread), &libmpi) && libmpi.dli_fname)
    dlopen(libmpi.dli_fname, RTLD_NOW | RTLD_GLOBAL | RTLD_NOLOAD);
  // Only the main thread of each rank calls MPI; TBB and LibTorch threads never do.
  int provided = 0;
  check_mpi(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
  // Errors come back as codes (check_mpi) rather than ending the job, so that the learner can
  // outlive an actor (with mpirun --enable-recovery, docs/DISTRIBUTED.md).
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiSession::~MpiSession() {
  // With a rank dead (mpirun --enable-recovery), MPI_Finalize can wait for it for ever. The work
  // is done and saved by then: after a grace period the process leaves without it.
  std::thread([] {
    std::this_thread::sleep_for(std::chrono::seconds(15));
    std::fflush(nullptr);
    std::_Exit(0);
  }).detach();
  MPI_Finalize();
}

void MpiSession::abort(int exit_code) const {
  MPI_Abort(MPI_COMM_WORLD, exit_code);
  std::exit(exit_code);  // MPI_Abort does not return; this keeps [[noreturn]] honest
}

ActorPoolMaker mpi_actor_pool(const MpiSession& mpi) {
  const int ranks = mpi.size();
  return [ranks](const ActorPoolSetup& setup) -> std::unique_ptr<ActorPool> {
    return std::make_unique<MpiActorPool>(setup, ranks);
  };
}

void run_mpi_actor(const MpiSession& mpi) {
  try {
    play_for_the_learner();
  } catch (const std::exception& e) {
    throw std::runtime_error("actor rank " + std::to_string(mpi.rank()) + ": " + e.what());
  }
}

}  // namespace djambi
