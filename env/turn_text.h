#pragma once
// Whole turns as text, for any game. Each game writes its own turns (GameState::legal_turns):
// Djambi in RULES.md notation ("c3xd4>e5"), one turn being up to five decisions; a game of one
// decision a turn with GameState::action_to_string. Players, records, the bot protocol and
// human play all speak turns; the search speaks decisions.
#include <string>
#include <vector>

#include "env/game.h"

namespace djambi {

// Every legal turn of the player to act (`state` at a turn start, not terminal), in the
// engine's order (GameState::legal_turns).
inline std::vector<TextTurn> legal_turns(const GameState& state) { return state.legal_turns(); }

// The decisions of the turn `text` (GameState::parse_turn). Throws std::invalid_argument:
// "malformed move '...': why" or "illegal move '...'".
inline std::vector<Action> parse_turn(const GameState& state, const std::string& text) { return state.parse_turn(text); }

// The text of the turn made of `actions` from `state` ("?" if they are not one legal turn).
std::string turn_to_string(const GameState& state, const std::vector<Action>& actions);

// Applies a whole turn.
void apply_turn(GameState& state, const std::vector<Action>& actions);

}  // namespace djambi
