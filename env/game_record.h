#pragma once
// Game records: one text format for a game of any of the project's games (docs/RECORDS.md).
//
//   # djambi-zero game record
//   game djambi
//   variants none
//   players az:best.djp random random random
//   start CgAgMg3MyAyCy/... r rbyg - 0 0      ("initial" for games without a position notation)
//   move c3-d4
//   move h3-f5 ; visits 200, value +0.12
//   ...
//   result r:1 b:3 y:2 g:4                 ("result unfinished" for a game stopped before its end)
//
// For Djambi a move is a whole turn in RULES.md notation; for other games one decision in the
// game's action_to_string form. Text after " ; " is a comment (search statistics).
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "env/game.h"

namespace djambi {

struct GameRecord {
  std::string game;
  std::string variants = "none";
  std::vector<std::string> players;  // by seat
  std::string start;
  std::vector<std::string> moves;
  std::vector<std::string> comments;  // parallel to moves; "" for none
  std::string result;                 // "" for a game stopped before its end ("result unfinished")
  bool cut_short = false;             // parsed from text that stops before the record's result line
};

// What a reader of records takes at most: a longer line or more text is refused, not read on
// (a stream without end, such as /dev/zero, would otherwise fill the memory).
constexpr size_t kMaxRecordLineBytes = size_t{1} << 20;    // 1 MiB
constexpr uint64_t kMaxRecordTextBytes = uint64_t{1} << 28;  // 256 MiB

std::string format_record(const GameRecord& record);
// Reads records up to the end of `in`. Lines may end in "\r\n". Throws std::invalid_argument
// naming the line of a malformed record, or the limit a line or the text exceeds.
std::vector<GameRecord> parse_records(std::istream& in);
std::vector<GameRecord> parse_records(const std::string& text);

// Builds a record while a game is played: call on_action before each action is applied.
class RecordBuilder {
 public:
  RecordBuilder(const Game& game, const GameState& start, std::vector<std::string> players);
  void on_action(const GameState& before, Action action, const std::string& comment = "");
  // Call once the game is over (or abandoned: then no result).
  GameRecord finish(const GameState& end);

 private:
  GameRecord record_;
  std::unique_ptr<GameState> turn_start_;  // the state when the turn in progress began
  std::vector<Action> turn_actions_;       // its decisions so far
  std::string turn_comment_;
};

// Plays a record again with the rules engine, from its start: every move must be legal, the
// record must not be cut short, and its result must be the one the rules give (for "result
// unfinished", a game not over). Calls on_turn(state after the move,
// move index, seat that moved) after each move. Returns the final state; throws
// std::invalid_argument naming the bad move or line.
using ReplayCallback = std::function<void(const GameState& after, size_t move, int mover)>;
std::unique_ptr<GameState> replay_record(const GameRecord& record, const ReplayCallback& on_turn = {});

}  // namespace djambi
