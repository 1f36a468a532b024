#pragma once
// What every subcommand shares: the --variant option, reading positions, and progress lines.
#include <chrono>
#include <cstdint>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "env/djambi/position.h"
#include "env/game.h"
#include "env/game_record.h"
#include "env/random.h"

namespace djambi::cli {

// Bad input or usage: the message is printed on one line and the exit code is 2.
class UsageError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Adds the repeatable `--variant NAME` option (section 9 names; commas allowed).
void add_variant_option(CLI::App* command, std::vector<std::string>* names);
// The rules every option of every subcommand of `app` follows; called once, after the last
// subcommand is registered:
// - an option that takes several values takes one per occurrence (repeat the option, or give a
//   comma-separated list where the option splits on commas), so that options go anywhere:
//   before, between or after the positionals, which they never swallow;
// - an integer is a plain decimal number (no 0x, no octal, no empty text, no sign on an
//   unsigned one, nothing that wraps around).
void apply_option_rules(CLI::App& app);
// `path` (the value of `option`) is a directory the command creates or writes into, or with
// `file` a file it creates: UsageError, a sentence, when a directory on the way is an existing file.
void check_directory_path(const std::string& option, const std::string& path, bool file = false);
// A list option's default as the help shows it: its values separated by spaces, followed by
// CLI11's "..." (CLI11 alone would write "[a,b]"; the binary's help has always shown "a b").
template <typename T>
std::string list_default(const std::vector<T>& values) {
  std::ostringstream out;
  for (size_t i = 0; i < values.size(); ++i) out << (i ? " " : "") << values[i];
  return out.str();
}
Variants variants_from(const std::vector<std::string>& names);
Position read_position(const std::string& text, const std::vector<std::string>& variant_names);
// `pattern` through strftime with the local time now ("runs/arena-%Y%m%d-%H%M%S").
std::string timestamped(const char* pattern);
// Every game record of a file; UsageError naming the file for one that cannot be read or holds
// a malformed record.
std::vector<GameRecord> read_record_file(const std::string& path);
// The game `name` (djambi | tictactoe) with the named variants; UsageError if bad.
std::shared_ptr<const Game> game_from(const std::string& name, const std::vector<std::string>& variant_names);

// A running game 40 to 200 random decisions from the start (benchmarks' middle-game positions).
std::unique_ptr<GameState> random_midgame(const Game& game, Rng& rng);

// Rate and ETA: rewritten in place on a terminal, a plain line every few seconds otherwise.
class Progress {
 public:
  Progress(std::string label, uint64_t total);
  void update(uint64_t done);
  void finish();

 private:
  using Clock = std::chrono::steady_clock;
  void print(uint64_t done, bool final_line);
  std::string label_;
  uint64_t total_;
  bool tty_;
  Clock::time_point start_, last_;
  bool printed_ = false;
};

}  // namespace djambi::cli
