#pragma once
// Text-level helpers for rule tests: positions and moves in RULES.md section 8 notation.
#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "env/djambi/moves.h"
#include "env/djambi/notation.h"
#include "env/djambi/ranking.h"

namespace djambi::testing {

// Variants from names, e.g. with_variants({"two_players", "no_own_kills"}).
inline Variants with_variants(const std::vector<std::string>& names) { return parse_variants(names); }

// Every legal whole move of `position`, sorted in byte order (what `djambi moves` prints).
inline std::vector<std::string> moves_of(const std::string& position, Variants v = {}) {
  std::vector<std::string> out;
  for (const auto& m : legal_moves(parse_position(position, v))) out.push_back(format_move(m.move));
  return out;
}

// Legal moves of `position` whose text starts with `prefix` (e.g. all moves of the piece on "e4").
inline std::vector<std::string> moves_from(const std::string& position, const std::string& prefix,
                                           Variants v = {}) {
  std::vector<std::string> out;
  for (const auto& m : moves_of(position, v))
    if (m.compare(0, prefix.size(), prefix) == 0) out.push_back(m);
  return out;
}

struct Applied {
  std::string position;  // the position after the moves, in notation
  std::string result;    // "result r:1 b:2 ..." when the game is over, else ""
};

// Applies legal moves in order (throws NotationError / std::invalid_argument on an illegal one),
// exactly as `djambi apply` does.
inline Applied apply_moves(const std::string& position, const std::vector<std::string>& moves,
                           Variants v = {}) {
  Position pos = parse_position(position, v);
  Ranking ranking(pos);
  for (const auto& text : moves) {
    LegalMove legal;
    if (pos.game_over() || !find_legal_move(pos, parse_move(text), &legal))
      throw std::invalid_argument("illegal move " + text + " in " + format_position(pos));
    ranking.record(apply_move(pos, legal));
  }
  return {format_position(pos), pos.game_over() ? ranking.result_line(pos) : ""};
}

// The list sorted in byte order, for comparing with moves_of / moves_from.
inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

inline bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

// Field `i` (0: board, 1: to-move, 2: controllers, 3: after, 4: quiet, 5: turn) of a position.
inline std::string field(const std::string& position, int i) {
  std::istringstream in(position);
  std::string f;
  for (int k = 0; k <= i; ++k) in >> f;
  return f;
}

// "<to-move> <after>" of a position: who plays next, and whose regular turn it follows.
inline std::string turn_fields(const std::string& position) {
  return field(position, 1) + " " + field(position, 3);
}

// Applies the first n of `moves` and returns "<to-move> <after>" of the position reached.
inline std::string turn_after(const std::string& pos, const std::vector<std::string>& moves, size_t n,
                              Variants v = {}) {
  return turn_fields(apply_moves(pos, std::vector<std::string>(moves.begin(), moves.begin() + n), v).position);
}

}  // namespace djambi::testing
