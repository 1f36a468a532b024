#pragma once
// Independent, deliberately simple reference implementation of the Djambi rules
// (docs/RULES.md). Used only by tests to cross-check the fast engine.
#include <string>
#include <vector>
#include <stdexcept>
namespace djambi_reference {
struct RefVariants {
  bool reporter_kills_all = false, no_own_kills = false, militant_spares_chiefs = false,
       power_skip_repeat = false, surround_throne_access = false,
       surround_inherit_first_holder = false, two_players = false;
};
// Every legal whole move (RULES.md section 8 notation), sorted in plain byte order.
// Empty when the game is over. Contains only "pass" when the player has no other move.
std::vector<std::string> legal_moves(const std::string& position, const RefVariants& v);
// The position (canonical notation) after applying `move`, which must be one of legal_moves().
// Throws std::invalid_argument if it is not.
std::string apply_move(const std::string& position, const std::string& move, const RefVariants& v);
// True when the game is over (at most one player alive, or 120 quiet turns).
bool game_over(const std::string& position, const RefVariants& v);
// Throws std::invalid_argument for any position the spec calls invalid (non-canonical spelling,
// two chiefs in a party, controller rules, living non-chief on e5, player to move out in a running game...).
void validate_position(const std::string& position, const RefVariants& v);
// Number of leaves after `depth` whole turns (a finished game is a leaf that stops early; pass counts).
long long perft(const std::string& position, int depth, const RefVariants& v);
}
