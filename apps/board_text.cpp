#include "apps/board_text.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "env/djambi/game.h"
#include "env/djambi/notation.h"

namespace djambi::cli {

namespace {

// Red, blue, yellow, green (bold), as the parties' letters r b y g.
constexpr const char* kPartyColours[kNumParties] = {"\033[1;31m", "\033[1;34m", "\033[1;33m", "\033[1;32m"};
constexpr const char* kReset = "\033[0m";

std::string draw_djambi(const DjambiState& state, bool colour) {
  const Position& pos = state.position();
  std::string out;
  for (int rank = 8; rank >= 0; --rank) {
    out += std::to_string(rank + 1) + " ";
    for (int file = 0; file < 9; ++file) {
      const Square sq = make_square(file, rank);
      const Cell c = pos.board[sq];
      std::string cell;
      if (c == kEmptyCell) {
        cell = sq == kCentre ? " * " : " . ";
      } else if (c == kCorpseCell) {
        cell = " X ";
      } else {
        const int party = party_of(c);
        const char letter = piece_letter(kind_of(c));
        // A zombie party's pieces are drawn in lower case.
        const char shown = pos.controller[party] == kNobody ? static_cast<char>(letter - 'A' + 'a') : letter;
        cell = colour ? std::string(" ") + kPartyColours[party] + shown + kReset + " "
                      : std::string(" ") + shown + kPartyLetters[party];
      }
      out += cell;
    }
    out += "\n";
  }
  out += " ";
  for (int file = 0; file < 9; ++file) out += std::string("  ") + static_cast<char>('a' + file);
  out += "\n";
  return out;
}

}  // namespace

std::string draw_board(const GameState& state, bool colour) {
  if (const DjambiState* djambi = as_djambi(state)) return draw_djambi(*djambi, colour);
  return state.to_string() + "\n";
}

std::string seat_label(const GameState& state, int seat) {
  if (const DjambiState* djambi = as_djambi(state))
    return std::string(1, player_letter(djambi->position().player(seat)));
  return std::to_string(seat);
}

bool stdout_wants_colour() { return isatty(fileno(stdout)) && std::getenv("NO_COLOR") == nullptr; }

}  // namespace djambi::cli
