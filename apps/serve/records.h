#pragma once
// djambi serve: game records to watch, from the --records folder or uploaded by the page.
// Every record is re-validated by the rules engine before it is shown.
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "env/game_record.h"

namespace djambi::cli::serve {

// The records of one file, each summed up: index (from 1), players, variants, number of moves,
// result.
nlohmann::json record_summaries(const std::vector<GameRecord>& records);
// One record replayed for the page: its players and variants, the board at the start and after
// each move (with the move's text, seat, comment and squares), and the result. ApiError 400 for a
// record that does not replay (the message names the move) or is not a Djambi game.
nlohmann::json replay_json(const GameRecord& record);
// The records of an uploaded text; ApiError 400 naming the bad line.
std::vector<GameRecord> parse_uploaded_records(const std::string& text);
// The `index`-th record (from 1); ApiError 400 when there is none.
const GameRecord& record_at(const std::vector<GameRecord>& records, int index);

// The files under the --records folder. Paths are relative to it, and none outside it is
// opened (no absolute path, no "..", no symbolic link leading out).
class RecordLibrary {
 public:
  // `root` empty: no folder was given, every call but list() answers 404.
  explicit RecordLibrary(std::string root);
  bool enabled() const { return !root_.empty(); }
  // {"enabled": bool, "files": [{"path", "bytes"}...]}: the .txt files, sorted, at most 5000.
  nlohmann::json list() const;
  // The records of the file `relative`; ApiError 404 for a file not in the folder, 400 for a
  // malformed one.
  std::vector<GameRecord> read(const std::string& relative) const;

 private:
  std::filesystem::path resolve(const std::string& relative) const;
  std::filesystem::path root_;  // canonical
};

}  // namespace djambi::cli::serve
