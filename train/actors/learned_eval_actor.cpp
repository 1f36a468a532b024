#include "train/actors/learned_eval_actor.h"

#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <stdexcept>

#include "env/io/atomic_file.h"
#include "mcts/games.h"
#include "mcts/player.h"

namespace djambi {

namespace fs = std::filesystem;

LearnedEvalActor::LearnedEvalActor(std::shared_ptr<const Game> game, const LearnedEvalSelfPlaySettings& settings,
                                   const std::string& weights)
    : game_(game),
      selfplay_(game, settings),
      search_(settings.search),
      // The process and the object: two actors of one process keep their bundles apart.
      folder_((fs::temp_directory_path() / ("djambi-ab-actor-" + std::to_string(::getpid()) + "-" +
                                            std::to_string(reinterpret_cast<uintptr_t>(this))))
                  .string()) {
  fs::create_directories(folder_);
  if (!weights.empty()) load_weights(weights);
  thread_ = std::thread([this] { play_rounds(); });
}

LearnedEvalActor::~LearnedEvalActor() {
  selfplay_.stop();  // the round in play ends at its next decision
  played_.close();   // and its hand-over fails
  thread_.join();
  std::error_code ignored;
  fs::remove_all(folder_, ignored);
}

void LearnedEvalActor::load_weights(const std::string& message) {
  const WeightsMessage weights = decode_weights_message(message);
  // Each generation in a file of its own: a game of the round in play may still be loading the
  // previous one. They go with the folder.
  const std::string path = folder_ + "/generation-" + std::to_string(weights.version) + ".dje";
  write_file_atomically(path, weights.payload);
  try {  // the players' own loader checks the bundle (its game, variants and feature set) once here
    basic_player_factory().create(learned_eval_features_of(game_->name()).player_spec(path, search_), game_, 0);
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(std::string("weights message: ") + e.what());
  }
  std::lock_guard<std::mutex> lock(mutex_);
  bundle_ = path;
  version_ = weights.version;
}

ActorRound LearnedEvalActor::play(double wait_seconds) {
  ActorRound round;
  round.weights_version = weights_version();
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double>(wait_seconds));
  // At most what the queue holds: the thread may refill it while it is emptied.
  size_t taken = 0;
  for (auto played = played_.pop_until(deadline); played;
       played = ++taken < kMostWaiting ? played_.try_pop() : std::nullopt) {
    if (played->error) std::rethrow_exception(played->error);
    for (FinishedGame& g : played->round.games) round.games.push_back(std::move(g));
    round.weights_version = played->round.weights_version;
  }
  return round;
}

long long LearnedEvalActor::weights_version() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return version_;
}

void LearnedEvalActor::play_rounds() {
  try {
    while (true) {
      Played played;
      {
        std::lock_guard<std::mutex> lock(mutex_);
        selfplay_.set_bundle(bundle_);
        played.round.weights_version = version_;
      }
      played.round.games = selfplay_.play_round();
      if (!played_.push(std::move(played))) return;  // closed: the actor is going
    }
  } catch (...) {
    played_.push({ActorRound{}, std::current_exception()});
  }
}

}  // namespace djambi
