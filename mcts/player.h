#pragma once
// Players: given a position, choose the decisions of one turn (optionally with analysis).
// Every consumer (arena, bot protocol, human play, evaluation during training) builds players
// from short spec strings through one PlayerFactory:
//   random                      uniform among the legal decisions, one at a time
//   greedy                      Djambi heuristic (docs/PLAYERS.md)
//   mcts:sims=800,rollouts=1    rollout-guided search (no network)
//   az:PATH.djp,sims=200        network-guided search (registered by the nets layer)
// Searching players also take time=SECONDS: each decision's search stops after that long
// (and after sims playouts if sims is given too).
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "env/game.h"
#include "env/game_record.h"
#include "env/outcome.h"
#include "mcts/player_spec.h"
#include "mcts/search_analysis.h"

namespace djambi {

// A position that a search valued on the way to its choice: training data for a learned
// evaluation (TreeStrap-style), besides the root's value (Player::last_value).
struct LabelledState {
  std::unique_ptr<GameState> state;  // a running game at a turn start
  float value = 0;                   // the share of its player to act ([0, 1]), as searched
  int depth = 0;                     // whole turns searched below it
};

class Player {
 public:
  virtual ~Player() = default;
  virtual std::string name() const = 0;
  // The decisions of the player to act from `state` until its turn is over (GameState::
  // at_turn_start), at least one. `state` is not terminal.
  virtual std::vector<Action> choose_turn(const GameState& state) = 0;
  // Every decision applied to the game is reported here in order (the player's own included),
  // so that a search can keep its tree.
  virtual void observe(const GameState& before, Action action) {
    (void)before;
    (void)action;
  }
  // Human-readable analysis of the last choice ("" if none).
  virtual std::string last_analysis() const { return ""; }
  // What the last choice's search found it worth to the player who made it, as a chance of
  // winning in [0, 1]; nothing for a choice made without a search (or by a player that does not
  // search). The learned evaluation's self-play trains on it.
  virtual std::optional<float> last_value() const { return std::nullopt; }
  // The interior positions that the last choice's search valued exactly, the root left out, for
  // a player asked to keep them (ab's interior=1); none otherwise.
  virtual std::vector<LabelledState> last_labelled_states() const { return {}; }
  // Searches as choose_turn does (the same budget, the same choice, in SearchAnalysis::chosen)
  // and tells what the search found: up to `multipv` (at least 1) best whole moves with their
  // statistics. Nothing, and nothing done, for a player that does not search.
  virtual std::optional<SearchAnalysis> analyze(const GameState& state, int multipv) {
    (void)state;
    (void)multipv;
    return std::nullopt;
  }
  // Replaces the per-decision budget of a searching player (at least one limit set); false
  // for players that do not search.
  virtual bool set_budget(const SearchBudget& budget) {
    (void)budget;
    return false;
  }
  // Steers the searches to come (mcts/search_analysis.h: a stop flag, a progress callback, no
  // budget) until replaced (a default SearchControl steers nothing); the flag and the callback's
  // captures must outlive those searches. False for players that do not search (they ignore it).
  virtual bool set_control(const SearchControl& control) {
    (void)control;
    return false;
  }
};

class PlayerFactory {
 public:
  using Maker = std::function<std::unique_ptr<Player>(const PlayerSpec&, std::shared_ptr<const Game>, uint64_t seed)>;
  void add(const std::string& kind, Maker maker);
  // Throws std::invalid_argument for an unknown kind or bad options.
  std::unique_ptr<Player> create(const std::string& spec, std::shared_ptr<const Game> game, uint64_t seed) const;
  std::vector<std::string> kinds() const;

 private:
  std::map<std::string, Maker> makers_;
};

// A factory that knows random, greedy and mcts.
PlayerFactory basic_player_factory();

// Plays a whole turn of `player` on `state`, telling every observer (the player among them).
void play_turn(GameState& state, Player& player, const std::vector<Player*>& observers);

struct PlayedGame {
  Outcome outcome;         // outcome.finished false: stopped at max_turns and adjudicated
  int turns = 0;
  GameRecord record;       // each turn commented with its player's analysis
};

// Plays one game from the start of `game`, seats[s] playing seat s.
PlayedGame play_game(const Game& game, const std::vector<Player*>& seats, int max_turns);

}  // namespace djambi
