#pragma once
// Self-play of the learned evaluation (docs/LEARNED_EVAL.md): whole games between copies of the
// alpha-beta player, each decision searched to a fixed node budget with the newest learned
// evaluation (the hand-written one before the first). The first turns are random, so that games
// differ. Every searched decision at a turn start becomes a sample: the position's features,
// what the search found it worth to the player to act, and, once the game is over, its result;
// with interior_samples, so does every interior position its search valued exactly.
// Games of a round are played in parallel on TBB's threads.
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "mcts/games.h"
#include "mcts/player.h"
#include "train/selfplay.h"

namespace djambi {

struct LearnedEvalSelfPlaySettings {
  int games = 1;              // played in parallel in a round
  std::string search;         // the player's options, e.g. "nodes=20000"
  std::string feature_set;    // of the learned evaluation (the game's first when empty)
  int random_turns = 0;       // turns played at random at the start of each game
  bool quiet_samples = false;  // leave out positions whose searched turn kills (LearnedEvalFeatures::kills)
  // Each search's interior positions valued exactly give samples too (Player::last_labelled_states),
  // each once a game.
  bool interior_samples = false;
  int interior_depth = 1;     // of those, only the positions searched at least this many whole turns deep
  int max_decisions = 1000;   // longer games are stopped and adjudicated (env/outcome.h)
  uint64_t seed = 0;
};

class LearnedEvalSelfPlay {
 public:
  LearnedEvalSelfPlay(std::shared_ptr<const Game> game, const LearnedEvalSelfPlaySettings& settings);
  // The bundle the players search with from the next round on ("" = the hand-written evaluation).
  void set_bundle(const std::string& path) { bundle_ = path; }
  const std::string& bundle() const { return bundle_; }
  // Plays settings.games games; each FinishedGame has its samples, record and outcome (every seat
  // is the learning evaluation's: network_seats all 1). None once stop() was called.
  std::vector<FinishedGame> play_round();
  // Ends the round in play at its next decision, from another thread; its games are dropped.
  void stop() { stopped_ = true; }

 private:
  FinishedGame play_game(uint64_t seed) const;

  std::shared_ptr<const Game> game_;
  LearnedEvalSelfPlaySettings settings_;
  LearnedEvalFeatures features_;
  PlayerFactory factory_;
  std::string bundle_;
  uint64_t games_started_ = 0;
  std::atomic<bool> stopped_{false};
};

// The game's result as shares by seat: the winner's 1, a draw's first place shared equally.
std::vector<float> result_shares(const Outcome& outcome);

}  // namespace djambi
