#pragma once
// A Djambi position at a turn boundary (or in the middle of a turn, inside a Turn): the board,
// who controls each party, whose turn it is, and the counters of RULES.md section 8.
#include <array>
#include <cstdint>

#include "env/djambi/geometry.h"
#include "env/djambi/variants.h"

namespace djambi {

enum class Kind : uint8_t {
  kEmpty = 0,
  kChief,
  kAssassin,
  kReporter,
  kDiplomat,
  kNecromobile,
  kMilitant,
  kCorpse,
};

// Parties and players share the indices r=0, b=1, y=2, g=3 (section 1).
constexpr int kNumParties = 4;
using PlayerId = int8_t;
constexpr PlayerId kNobody = -1;
constexpr char kPartyLetters[kNumParties + 1] = "rbyg";

// A square's content in one byte: kind in the high bits, party in the low two bits.
using Cell = uint8_t;
constexpr Cell kEmptyCell = 0;
constexpr Cell make_cell(Kind kind, int party) {
  return static_cast<Cell>((static_cast<int>(kind) << 2) | party);
}
constexpr Cell kCorpseCell = make_cell(Kind::kCorpse, 0);
constexpr Kind kind_of(Cell c) { return static_cast<Kind>(c >> 2); }
constexpr int party_of(Cell c) { return c & 3; }
constexpr bool is_living(Cell c) { return c != kEmptyCell && c != kCorpseCell; }
constexpr bool is_chief(Cell c) { return kind_of(c) == Kind::kChief; }

// Marks a chief lifted by a diplomat and not yet placed (still alive).
constexpr Square kInHand = -2;

struct Position {
  std::array<Cell, kNumSquares> board{};
  std::array<PlayerId, kNumParties> controller{};  // kNobody: the party is zombies
  std::array<Square, kNumParties> chief{};         // derived from board: kNoSquare when dead
  PlayerId to_move = 0;
  PlayerId after = kNobody;  // the player whose regular turn an extra turn follows
  int quiet = 0;
  int turn = 0;
  Variants variants;

  static Position start(Variants variants = {});

  bool two_players() const { return variants.has(Variant::kTwoPlayers); }
  int num_players() const { return two_players() ? 2 : 4; }
  // The seats in turn order: r b y g, or r y under two_players.
  PlayerId player(int seat) const { return static_cast<PlayerId>(two_players() ? 2 * seat : seat); }
  // The player a party starts with.
  PlayerId owner(int party) const {
    return static_cast<PlayerId>(two_players() ? (party & 2) : party);
  }
  bool is_player(PlayerId p) const { return p >= 0 && p < 4 && (!two_players() || p % 2 == 0); }

  // A player is alive while it controls a living chief of its own (section 1; two_players).
  bool alive(PlayerId p) const;
  int num_alive() const;
  // The player whose chief stands on e5, or kNobody.
  PlayerId holder() const;
  // Whether `p` controls the living piece `c` now: its parties, plus zombies while in power.
  bool controls(PlayerId p, Cell c) const {
    PlayerId ctrl = controller[party_of(c)];
    return ctrl == p || (ctrl == kNobody && holder() == p);
  }
  bool game_over() const { return num_alive() <= 1 || quiet >= kDrawQuietTurns; }
  // The next alive player after `p` in the regular order (p itself if no other is alive).
  PlayerId next_alive_after(PlayerId p) const;
  // Recomputes `chief` from the board.
  void locate_chiefs();

  static constexpr int kDrawQuietTurns = 120;
};

bool operator==(const Position& a, const Position& b);
inline bool operator!=(const Position& a, const Position& b) { return !(a == b); }

}  // namespace djambi
