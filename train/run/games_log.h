#pragma once
// The run's game records (docs/RECORDS.md): games/games-<first game>-step-<learner step>.txt,
// 100 records a file, each followed by a blank line and appended with one write
// (env/io/append_file.h), so a kill can leave only the last record of a file cut short.
#include <iosfwd>
#include <string>

#include "env/io/append_file.h"

namespace djambi {

class GamesLog {
 public:
  explicit GamesLog(std::string dir) : dir_(std::move(dir)) {}
  // Appends one formatted record; `game` counts the run's games before it, `step` is the
  // learner step (both name a new file).
  void append(const std::string& record, long long game, long long step);
  // Makes what was appended durable.
  void sync() { file_.sync(); }

 private:
  std::string dir_;
  AppendFile file_;
};

// On resume: cuts a record left half-written by a kill off the end of each records file in
// `dir`, naming the file on `notices`. Whole records are never touched.
void repair_game_records(const std::string& dir, std::ostream& notices);

}  // namespace djambi
