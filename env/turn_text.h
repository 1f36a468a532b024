#pragma once
// Whole turns as text, for any game. Djambi writes a turn in RULES.md notation ("c3xd4>e5"),
// one turn being up to five decisions; other games write their one decision with
// GameState::action_to_string. Players, records, the bot protocol and human play all speak
// turns; the search speaks decisions.
#include <string>
#include <vector>

#include "env/game.h"

namespace djambi {

struct TextTurn {
  std::string text;
  std::vector<Action> actions;  // the decisions, as GameState::apply_action takes them
};

// Every legal turn of the player to act (`state` at a turn start, not terminal), in the
// engine's order.
std::vector<TextTurn> legal_turns(const GameState& state);

// The decisions of the turn `text`. Throws std::invalid_argument: "malformed move '...': why"
// or "illegal move '...'".
std::vector<Action> parse_turn(const GameState& state, const std::string& text);

// The text of the turn made of `actions` from `state` ("?" if they are not one legal turn).
std::string turn_to_string(const GameState& state, const std::vector<Action>& actions);

// Applies a whole turn.
void apply_turn(GameState& state, const std::vector<Action>& actions);

}  // namespace djambi
