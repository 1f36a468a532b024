#pragma once
// The generic game interface the search and the training loop see (in the spirit of OpenSpiel's
// State): any number of players, irregular turn order, a fixed action space with a legal-action
// list at every decision, per-player returns, an observation tensor written into the caller's
// buffer, and a 64-bit hash. Djambi and tic-tac-toe implement it.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "env/action.h"
#include "env/game_description.h"

namespace djambi {

struct ObservationShape {
  int channels = 0;
  int height = 0;
  int width = 0;
  int size() const { return channels * height * width; }
};

constexpr int kTerminalPlayer = -1;

// A whole turn as text (env/turn_text.h) with the decisions it is made of.
struct TextTurn {
  std::string text;
  std::vector<Action> actions;  // the decisions, as GameState::apply_action takes them
};

class GameState {
 public:
  virtual ~GameState() = default;
  virtual std::unique_ptr<GameState> clone() const = 0;

  virtual int num_players() const = 0;
  // The seat (0..num_players-1) that decides now; kTerminalPlayer when the game is over. The
  // same seat may decide several times in a row (sub-decisions, extra turns).
  virtual int current_player() const = 0;
  virtual bool is_terminal() const = 0;
  // Size of the fixed action space.
  virtual int num_actions() const = 0;
  // Writes the legal actions in ascending order into `out` (room for num_actions()); returns
  // how many. Empty only when terminal.
  virtual int legal_actions(Action* out) const = 0;
  virtual void apply_action(Action action) = 0;
  // One value per seat; zeros while the game runs.
  virtual void returns(float* out) const = 0;
  // The returns of the game if it were stopped now and ruled a draw among the players still in
  // it (env/outcome.h: a game cut by a length cap); the returns themselves once it is over. By
  // default: the returns when over, else zeros.
  virtual void adjudicated_returns(float* out) const { returns(out); }
  // Each seat's material: the living pieces it controls as a share of all the pieces at the
  // start, so in [0, 1] (the auxiliary targets of training, train/sample.h). Meaningful at turn
  // starts. By default zeros: a game without pieces to count.
  virtual void material(float* out) const;

  virtual ObservationShape observation_shape() const = 0;
  // Writes the whole observation (every element) from the current player's point of view.
  virtual void observation(float* out) const = 0;
  virtual uint64_t hash() const = 0;
  virtual std::string to_string() const = 0;
  virtual std::string action_to_string(Action action) const = 0;
  // Final rank of each seat (1 = first; players sharing a rank skip the next ones), written
  // into num_players() ints; a running game is ranked as it stands. By default from the
  // returns (a higher return ranks better).
  virtual void ranks(int* out) const;
  // The final result in the game's own words ("r:1 b:3 y:2 g:4" for Djambi); by default each
  // seat's return ("0:+1 1:-1").
  virtual std::string result_string() const;
  // True between turns; false while a turn made of several decisions is half made (a Djambi
  // move waiting for its placement, reporter choice or exit). Players choose whole turns.
  virtual bool at_turn_start() const { return true; }
  // Every legal whole turn of the player to act (at a turn start, not terminal), in the engine's
  // order. By default a turn is one decision, written by action_to_string; a game whose turns
  // have several decisions (Djambi) lists them in its own notation.
  virtual std::vector<TextTurn> legal_turns() const;
  // The decisions of the turn `text`. Throws std::invalid_argument: "malformed move '...': why"
  // or "illegal move '...'". By default the one decision whose action_to_string is `text`.
  virtual std::vector<Action> parse_turn(const std::string& text) const;

  std::vector<Action> legal_actions() const;
  // Writes num_actions() bytes: 1 for a legal action, 0 otherwise.
  virtual void legal_mask(uint8_t* mask) const;
};

// A game: its description and a factory of initial states.
class Game {
 public:
  virtual ~Game() = default;
  virtual std::string name() const = 0;
  // The name and parameters this game was made with; env/games.h makes it again from them.
  virtual GameDescription description() const = 0;
  virtual int num_players() const = 0;
  virtual int num_actions() const = 0;
  virtual ObservationShape observation_shape() const = 0;
  virtual std::unique_ptr<GameState> new_initial_state() const = 0;

  // Symmetries of the board that the rules respect, for data augmentation; 1 = the identity
  // only (Djambi: its turn order runs round the corners, so no reflection or rotation keeps
  // the game). Symmetry k sends observation cell `cell` (an index into one H x W plane) and
  // action `action` to their images.
  virtual int num_symmetries() const { return 1; }
  virtual int symmetric_cell(int k, int cell) const {
    (void)k;
    return cell;
  }
  virtual Action symmetric_action(int k, Action action) const {
    (void)k;
    return action;
  }
};

}  // namespace djambi
