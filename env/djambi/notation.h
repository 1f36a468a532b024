#pragma once
// Text forms of positions and whole moves (RULES.md section 8), the lingua franca of the CLI,
// logs, game records and tests.
#include <stdexcept>
#include <string>
#include <string_view>

#include "env/djambi/moves.h"
#include "env/djambi/position.h"

namespace djambi {

// A malformed or invalid position or move; the message names the problem and the text.
class NotationError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Parses and validates a position read with the given variants; throws NotationError.
Position parse_position(std::string_view text, Variants variants = {});
std::string format_position(const Position& pos);

// Parses the syntax of a whole move (legality is checked against a position elsewhere).
Move parse_move(std::string_view text);
std::string format_move(const Move& move);

char player_letter(PlayerId p);
char piece_letter(Kind kind);

}  // namespace djambi
