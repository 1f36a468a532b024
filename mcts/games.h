#pragma once
// What each game adds to the search: the players only it offers, its heuristic evaluation and
// the features of its learned evaluation.
// The one place in mcts/ that names games, as env/games.cpp is in env/: generic code asks here,
// never by a game's name or a cast.
#include <functional>
#include <string>

#include "env/game.h"

namespace djambi {

class PlayerFactory;  // mcts/player.h

// Values by seat of a state on the winner reward's scale ([-1, 1]; a finished game: its
// returns), written into num_players() floats.
using HeuristicValues = std::function<void(const GameState& state, float* by_seat)>;

// The heuristic evaluation of the game named `game_name` (Game::name), or an empty function
// for a game that has none. `quiescence` > 0: the evaluation once that many plies of the game's
// tactical exchanges (Djambi: kills) are played out, where the game has such a search.
HeuristicValues heuristic_of(const std::string& game_name, int quiescence = 0);

// The features a game offers a learned evaluation of its alpha-beta search
// (mcts/accumulator_net.h), for the training loop, which names no game.
struct LearnedEvalFeatures {
  std::string feature_set;  // the layout's name, recorded in bundles
  int features = 0;         // per perspective
  int max_active = 0;       // the most active at once for one perspective
  // The active features of `state` (at a turn start) seen by the player of `seat`, written to
  // `out` (max_active room); 0 for a seat out of the game.
  std::function<int(const GameState& state, int seat, int* out)> active;
  // For a feature set whose logits correct a base evaluation (AccumulatorNet::on_base): the
  // base logits of `state` (a running game) by seat, written into num_players() floats (one
  // evaluation of the position for every seat); empty otherwise.
  std::function<void(const GameState& state, float* by_seat)> base;
  // Whether the turn that led from `before` to `after` (turn starts) killed a piece. The search
  // value of a position whose best turn kills holds a tactic that piece features cannot see, and
  // that the search's own kills-only quiescence resolves before it evaluates a leaf: self-play
  // may leave such positions out (ab.quiet_samples), as chess engines' NNUE data leaves out
  // positions whose best move captures.
  std::function<bool(const GameState& before, const GameState& after)> kills;
  // The share of the player to act in `state` (a running game at a turn start) by the game's
  // hand-written evaluation, as the alpha-beta search values a leaf with it: what a learned
  // evaluation is measured against (train/arena/heldout_set.h).
  std::function<float(const GameState& state)> hand_written_share;
  // The `ab` player's spec with the learned evaluation of the bundle `path` and `options`
  // ("nodes=2000", ...), or the hand-written evaluation when `path` is empty.
  std::function<std::string(const std::string& path, const std::string& options)> player_spec;
};
// The feature set `feature_set` of the game named `game_name` (its first when empty); `features`
// 0 for a game without a learned evaluation or without that feature set.
LearnedEvalFeatures learned_eval_features_of(const std::string& game_name, const std::string& feature_set = "");

// Adds to `factory` the players of particular games (greedy, ab: Djambi); each refuses to be
// seated in another game, naming the games it plays.
void add_game_players(PlayerFactory& factory);

}  // namespace djambi
