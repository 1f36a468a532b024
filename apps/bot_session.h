#pragma once
// The bot protocol (docs/PROTOCOL.md): one command per input line, answered on the output;
// malformed or illegal input gets an `error ...` line and changes nothing.
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "mcts/player.h"

namespace djambi::cli {

class BotSession {
 public:
  BotSession(std::shared_ptr<const Game> game, std::unique_ptr<Player> player, std::string spec);
  // Handles one line, writing the reply lines to `out`; false after `quit`.
  bool handle(const std::string& line, std::ostream& out);

 private:
  void set_position(const std::vector<std::string>& words, std::ostream& out);
  // The budget (and with `multipv`, the multipv) of a `go` or `analyze` command; throws
  // std::invalid_argument for bad words. Sets the player's budget when one is given.
  void read_search_words(const std::vector<std::string>& words, int* multipv, std::ostream& out);
  void go(const std::vector<std::string>& words, std::ostream& out);
  void analyze(const std::vector<std::string>& words, std::ostream& out);
  void play(const std::string& move, std::ostream& out);
  std::string status() const;

  std::shared_ptr<const Game> game_;
  std::unique_ptr<Player> player_;
  std::string spec_;
  std::unique_ptr<GameState> state_;
  std::vector<std::unique_ptr<GameState>> history_;  // the states before each played move
};

}  // namespace djambi::cli
