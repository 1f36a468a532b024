#include "train/run/metrics_log.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <ostream>

#include "env/io/atomic_file.h"
#include "env/io/bounded_read.h"

namespace djambi {

using nlohmann::json;

namespace {

// The step of a whole record; none for anything else.
std::optional<long long> step_of(const std::string& line) {
  const json record = json::parse(line, nullptr, false);
  if (!record.is_object() || !record.contains("step") || !record["step"].is_number_integer()) return std::nullopt;
  return record["step"].get<long long>();
}

std::string preview(const std::string& text) {
  return text.size() <= 60 ? text : text.substr(0, 60) + "...";
}

}  // namespace

long long MetricsHistory::last_step() const {
  long long last = 0;
  for (const Line& line : lines)
    if (line.step) last = std::max(last, *line.step);
  return last;
}

// A line a log interval (about 1 KB): a week-long run writes a few megabytes.
constexpr uint64_t kMaxMetricsBytes = uint64_t{1} << 28;

MetricsHistory read_metrics(const std::string& path) {
  std::error_code ec;
  const std::string text =
      std::filesystem::exists(path, ec) ? read_file_at_most(path, kMaxMetricsBytes, "metrics file") : std::string();
  MetricsHistory history;
  size_t at = 0;
  while (at < text.size()) {
    const size_t end = text.find('\n', at);
    if (end == std::string::npos) {  // no newline: the append was cut short
      history.torn = text.substr(at);
      break;
    }
    std::string line = text.substr(at, end - at);
    at = end + 1;
    if (!line.empty()) history.lines.push_back({line, step_of(line)});
  }
  // A newline-terminated last line that is not a record counts as torn too, whatever cut it.
  if (history.torn.empty() && !history.lines.empty() && !history.lines.back().step) {
    history.torn = history.lines.back().text;
    history.lines.pop_back();
  }
  return history;
}

json keep_metrics_up_to(const std::string& path, const MetricsHistory& history, long long step,
                        std::ostream& notices) {
  std::string kept;
  json last;
  long long dropped = 0, first_dropped = 0;
  for (size_t i = 0; i < history.lines.size(); ++i) {
    const MetricsHistory::Line& line = history.lines[i];
    if (line.step && *line.step > step) {
      if (dropped++ == 0) first_dropped = *line.step;
      continue;
    }
    if (line.step)
      last = json::parse(line.text);
    else
      notices << "resume: " << path << " line " << i + 1 << " is not a metrics record; kept as it is: '"
              << preview(line.text) << "'\n";
    kept += line.text + "\n";
  }
  if (!history.torn.empty())
    notices << "resume: " << path << ": dropped its last line, cut short when the run was stopped: '"
            << preview(history.torn) << "'\n";
  if (dropped > 0)
    notices << "resume: " << path << ": dropped the " << dropped << " records from step " << first_dropped
            << " on, past the checkpoint (those steps are redone)\n";
  if (dropped > 0 || !history.torn.empty()) write_file_atomically(path, kept);
  return last;
}

}  // namespace djambi
