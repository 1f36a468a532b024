#pragma once
// One run of a program, timed from outside as a user or a GUI sees it: its wall time from the
// spawn to its exit, to the first line of its output that starts with a given word, and its
// peak memory (bench startup).
#include <string>
#include <vector>

namespace djambi::cli {

struct TimedRun {
  int exit_status = -1;            // the exit code, or 128 + the signal that ended it
  double seconds = 0;              // spawn to exit
  double seconds_to_marker = -1;   // spawn to the first output line starting with the marker; -1: none
  long peak_kilobytes = 0;         // its largest resident set
};

// Runs `argv` (argv[0] a path) with `input` on its standard input and its standard output read
// (and dropped; standard error goes to /dev/null). Throws std::runtime_error when it cannot be
// started.
TimedRun run_timed(const std::vector<std::string>& argv, const std::string& input, const std::string& marker);

}  // namespace djambi::cli
