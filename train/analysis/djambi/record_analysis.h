#pragma once
// Measures of multi-player play counted from Djambi game records (docs/ANALYSIS.md defines
// each one): outcomes by seat and by player, who killed whom, attacks on the leader against
// the rate expected from the pieces within reach, kingmaking, truces between pairs of players,
// the throne and the special pieces. The records may come from the arena, self-play or human
// play, with any variant set; each is replayed through the rules engine first.
#include <array>
#include <map>
#include <string>
#include <vector>

#include "env/game_record.h"

namespace djambi {

// Index 4 of a by-victim array: pieces of parties that no player controlled (zombies).
constexpr int kZombies = 4;
using VictimCounts = std::array<long long, 5>;

// A position where a player out of contention changed which other player the evaluation
// expects to win.
struct KingmakingEvent {
  size_t game = 0;         // index among the analysed records
  size_t move = 0;         // index of the move in its record
  std::string mover;       // its player's letter and spec, e.g. "y greedy"
  std::string move_text;
  std::string leader_before, leader_after;  // the expected winners, as player letters
};

// Truces between two players: runs of consecutive turns in which neither killed a piece the
// other controlled nor took over an army the other controlled, while both were alive.
struct TruceStats {
  long long truces = 0;               // runs that ended, broken or not
  long long turns = 0;                // their total length, in turns (moves of any player)
  long long broken = 0;               // runs ended by a hostile act
  long long broken_by_stronger = 0;   // ... whose author had more material than its victim
};

// Totals of one seat (player colour) or one player spec.
struct PlayerStats {
  long long games = 0;
  long long wins = 0;            // alone in first place
  long long shared_draws = 0;    // first place shared
  double rank_sum = 0;
  long long survived = 0;        // still alive at the end of a finished game
  long long eliminated = 0;
  double elimination_turn_sum = 0;  // the turn (moves of any player so far) it went out at
  long long turns = 0;              // turns it played
  long long kills = 0;              // pieces of other players and zombies it killed
  long long own_kills = 0;
  long long chief_kills = 0;
  long long armies_taken = 0;
  long long throne_turns = 0;       // turns it began with its chief on e5
  long long throne_seizures = 0;    // turns that ended with its chief newly on e5
  long long diplomat_moves = 0, displacements = 0;  // moves of its diplomats; those onto a piece
  long long necromobile_burials = 0;                 // necromobile moves onto a corpse
  long long reporter_kills = 0;
  long long kingmaking_moves = 0;
  long long out_of_contention_turns = 0;
};

struct RecordAnalysis {
  size_t games = 0, finished = 0, turns = 0;
  int seats = 0;                           // players per game (all records must agree)
  std::vector<PlayerStats> by_seat;        // seat 0 = r, then b, y, g (r, y under two_players)
  std::map<std::string, PlayerStats> by_player;  // by spec, its seats summed
  std::vector<long long> first_place_by_seat;
  // kills[a][v]: pieces killed by seat a that seat v controlled (v = a: its own; kZombies).
  std::vector<VictimCounts> kills, chief_kills, armies_taken;
  // Attacks on the leader, over turns that killed at least one opponent's piece.
  long long leader_attack_turns = 0;
  double leader_attacks = 0;        // sum of the share of those kills that hit a leader
  double leader_attacks_expected = 0;  // sum of the leaders' share of the opponents' pieces within reach
  std::map<std::pair<int, int>, TruceStats> truces;  // by seat pair (a < b)
  long long out_of_contention_turns = 0;
  std::vector<KingmakingEvent> kingmaking;  // every event
};

// Replays and measures the records. Throws std::invalid_argument, naming the record, for an
// empty list, a record of another game, a record that does not replay, or records whose
// numbers of seats differ.
RecordAnalysis analyze_records(const std::vector<GameRecord>& records);

}  // namespace djambi
