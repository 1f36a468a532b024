#pragma once
// Djambi behind the generic game interface. Actions are those of env/djambi/actions.h seen from the
// deciding player (board rotated so its home corner is a1, see djambi_view.h); seats are the
// players in turn order (r b y g, or r y under two_players).
#include <memory>

#include "env/djambi/ranking.h"
#include "env/djambi/turn.h"
#include "env/game.h"
#include "env/rewards.h"

namespace djambi {

class DjambiState : public GameState {
 public:
  DjambiState(const Position& start, RewardScheme scheme, float draw_value = 0.0f);

  const Turn& turn() const { return turn_; }
  const Position& position() const { return turn_.position(); }
  // Engine action (board frame) of an action of the deciding player's frame, and back.
  Action to_engine_action(Action view_action) const;
  Action to_view_action(Action engine_action) const;
  int seat_of(PlayerId p) const { return position().two_players() ? p / 2 : p; }
  // Final rank of each seat (meaningful when terminal).
  std::array<int, 4> seat_ranks() const;

  std::unique_ptr<GameState> clone() const override;
  int num_players() const override { return position().num_players(); }
  int current_player() const override;
  bool is_terminal() const override { return turn_.game_over(); }
  int num_actions() const override { return action::kNumActions; }
  int legal_actions(Action* out) const override;
  void legal_mask(uint8_t* mask) const override;
  void apply_action(Action action) override;
  void returns(float* out) const override;
  // The survivors share first place (as in the quiet-turn draw), valued by the reward scheme.
  void adjudicated_returns(float* out) const override;
  // The living pieces each seat controls (zombies count for the player in power) out of the 36
  // of the start.
  void material(float* out) const override;
  ObservationShape observation_shape() const override;
  void observation(float* out) const override;
  uint64_t hash() const override;
  // The position in notation, followed by the turn in progress if a move is half made.
  std::string to_string() const override;
  std::string action_to_string(Action action) const override;
  bool at_turn_start() const override { return turn_.at_turn_start(); }
  void ranks(int* out) const override;
  // "r:1 b:3 y:2 g:4" (ranks as in `djambi apply`'s result line).
  std::string result_string() const override;
  // Whole moves in RULES.md notation ("c3xd4>e5"), their decisions in the decider's frame.
  std::vector<TextTurn> legal_turns() const override;
  std::vector<Action> parse_turn(const std::string& text) const override;

 private:
  Turn turn_;
  Ranking ranking_;
  RewardScheme scheme_;
  float draw_value_;
};

// The Djambi state behind a generic one, or nullptr for another game.
const DjambiState* as_djambi(const GameState& state);

class DjambiGame : public Game {
 public:
  explicit DjambiGame(Variants variants = {}, RewardScheme scheme = RewardScheme::kWinner, float draw_value = 0.0f);
  std::string name() const override { return "djambi"; }
  GameDescription description() const override;
  int num_players() const override { return variants_.has(Variant::kTwoPlayers) ? 2 : 4; }
  int num_actions() const override { return action::kNumActions; }
  ObservationShape observation_shape() const override;
  std::unique_ptr<GameState> new_initial_state() const override;
  Variants variants() const { return variants_; }
  RewardScheme reward_scheme() const { return scheme_; }
  float draw_value() const { return draw_value_; }

 private:
  Variants variants_;
  RewardScheme scheme_;
  float draw_value_;
};

}  // namespace djambi
