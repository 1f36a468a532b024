#pragma once
// metrics.jsonl as a resume finds it. The trainer appends one JSON record per learner step, each
// line with one write (env/io/append_file.h), so a kill can leave only the last line cut short.
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace djambi {

struct MetricsHistory {
  struct Line {
    std::string text;
    std::optional<long long> step;  // of a whole record; none for a line that is not one
  };
  std::vector<Line> lines;  // every newline-terminated, non-empty line, in order
  std::string torn;         // the last line if cut short (no newline, or not a record); "" if none
  // The highest step recorded; 0 if none.
  long long last_step() const;
};

// Reads `path` (a missing file is an empty history); changes nothing.
MetricsHistory read_metrics(const std::string& path);

// Makes `path` hold the records of steps up to `step` only (the later steps are redone), and no
// torn last line, saying on `notices` what was dropped and why; rewrites the file atomically, and
// only if something is dropped. A line in the middle that is not a record (no kill writes one)
// is kept as found, with a notice. Returns the last record kept (null if none).
nlohmann::json keep_metrics_up_to(const std::string& path, const MetricsHistory& history, long long step,
                                  std::ostream& notices);

}  // namespace djambi
