#pragma once
// The bot protocol (docs/PROTOCOL.md): one command per input line, answered on the output;
// malformed or illegal input gets an `error ...` line and changes nothing. `go infinite`
// searches on a thread of its own until `stop`, while the session goes on reading commands.
#include <atomic>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "mcts/player.h"

namespace djambi::cli {

// The most lines `analyze` answers (more than any Djambi position has whole moves to show);
// analyze-game's --multipv has the same bound.
constexpr int kMaxMultipv = 1000;

class BotSession {
 public:
  BotSession(std::shared_ptr<const Game> game, std::unique_ptr<Player> player, std::string spec);
  // Stops a running search and waits for it (its lines are not written).
  ~BotSession();
  BotSession(const BotSession&) = delete;
  BotSession& operator=(const BotSession&) = delete;
  // Handles one line, writing the reply lines to `out` (flushed); false after `quit`. A search
  // of `go infinite` writes its progress lines to the `out` of the `go` while it runs.
  bool handle(const std::string& line, std::ostream& out);
  // End of input: a running search is stopped and answers its final lines.
  void finish(std::ostream& out);
  // Writes whole lines to `out` and flushes, never amid another thread's line.
  void write(std::ostream& out, const std::string& lines);

 private:
  // The reply to a command when no search runs, gathered in `out`.
  bool handle_words(const std::vector<std::string>& words, std::ostringstream& out);
  // Starts the search of `go infinite` on its thread; its lines go to sink_.
  void start_infinite();
  // Stops the running search, waits for it and writes its final lines to `out`.
  void stop_search(std::ostream& out);
  // The progress callback of a search whose lines go to `out`.
  SearchControl control_for(std::ostream* out, bool unlimited);
  // The final lines of a search that chose `actions` (`info` with the analysis, `bestmove`).
  std::string final_lines(const std::vector<Action>& actions) const;
  void set_position(const std::vector<std::string>& words, std::ostream& out);
  // The budget (and with `multipv`, the multipv) of a `go` or `analyze` command; throws
  // std::invalid_argument for bad words. Sets the player's budget when one is given.
  void read_search_words(const std::vector<std::string>& words, int* multipv, std::ostream& out);
  // Writes what `out` holds to sink_ before searching, so that progress lines follow it.
  void go(const std::vector<std::string>& words, std::ostringstream& out);
  void analyze(const std::vector<std::string>& words, std::ostream& out);
  void play(const std::string& move, std::ostream& out);
  std::string status() const;

  std::shared_ptr<const Game> game_;
  std::unique_ptr<Player> player_;
  std::string spec_;
  std::unique_ptr<GameState> state_;
  std::vector<std::unique_ptr<GameState>> history_;  // the states before each played move

  std::ostream* sink_ = nullptr;  // the stream of the line being handled
  std::mutex write_mutex_;
  bool discard_progress_ = false;  // under write_mutex_: the session is going away
  // The search of `go infinite`: its thread, its stop flag, and what it found (an `error ...`
  // line when it failed), read once the thread is joined.
  std::thread search_thread_;
  std::atomic<bool> stop_{false};
  std::vector<Action> found_;
  std::string search_error_;
};

}  // namespace djambi::cli
