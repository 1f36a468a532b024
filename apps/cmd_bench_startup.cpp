// bench startup: how long the djambi binary takes to answer as a user, a script or a GUI starts
// it (a whole process each time, timed from outside), and its peak memory; beside another djambi
// binary (--against), both measured in turn in one run.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "apps/cli_common.h"
#include "apps/commands.h"
#include "apps/timed_process.h"

namespace djambi::cli {

namespace {

struct BenchStartupOptions {
  int runs = 10;
  std::string against;
  bool json = false;
};

struct StartupCase {
  const char* name;
  std::vector<std::string> arguments;
  const char* input;
  bool to_bestmove;  // timed to the first bestmove line rather than to the exit
};

const std::vector<StartupCase>& startup_cases() {
  static const std::vector<StartupCase> cases{
      {"start", {"start"}, "", false},
      {"bot ab, go visits 1000", {"bot", "ab"}, "go visits 1000\nquit\n", false},
      {"bot best, go visits 1 to bestmove", {"bot", "best"}, "go visits 1\nquit\n", true},
  };
  return cases;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void run_bench_startup(const BenchStartupOptions& o) {
  if (o.runs < 1 || o.runs > 1000) throw UsageError("--runs must be from 1 to 1000, got " + std::to_string(o.runs));
  std::vector<std::string> binaries{std::filesystem::canonical("/proc/self/exe").string()};
  if (!o.against.empty()) {
    if (!std::filesystem::is_regular_file(o.against)) throw UsageError("--against '" + o.against + "' is not a file");
    binaries.push_back(o.against);
  }
  const auto& cases = startup_cases();
  // seconds[b][c]: one entry a run; the binaries take turns, so that both see the same machine.
  std::vector<std::vector<std::vector<double>>> seconds(binaries.size(), std::vector<std::vector<double>>(cases.size()));
  std::vector<std::vector<long>> peak(binaries.size(), std::vector<long>(cases.size(), 0));
  Progress progress("startup runs", static_cast<uint64_t>(o.runs));
  for (int r = 0; r < o.runs; ++r) {
    for (size_t c = 0; c < cases.size(); ++c) {
      for (size_t b = 0; b < binaries.size(); ++b) {
        std::vector<std::string> argv{binaries[b]};
        argv.insert(argv.end(), cases[c].arguments.begin(), cases[c].arguments.end());
        const TimedRun run = run_timed(argv, cases[c].input, cases[c].to_bestmove ? "bestmove" : "");
        if (run.exit_status != 0 || (cases[c].to_bestmove && run.seconds_to_marker < 0))
          throw std::runtime_error("'" + binaries[b] + "' failed '" + cases[c].name + "' (exit status " +
                                   std::to_string(run.exit_status) + ")");
        seconds[b][c].push_back(cases[c].to_bestmove ? run.seconds_to_marker : run.seconds);
        peak[b][c] = std::max(peak[b][c], run.peak_kilobytes);
      }
    }
    progress.update(static_cast<uint64_t>(r + 1));
  }
  progress.finish();
  if (o.json) {
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (size_t b = 0; b < binaries.size(); ++b)
      for (size_t c = 0; c < cases.size(); ++c)
        rows.push_back({{"binary", binaries[b]},
                        {"case", cases[c].name},
                        {"runs", o.runs},
                        {"median_seconds", median(seconds[b][c])},
                        {"min_seconds", *std::min_element(seconds[b][c].begin(), seconds[b][c].end())},
                        {"peak_megabytes", peak[b][c] / 1024.0}});
    std::printf("%s\n", rows.dump().c_str());
    return;
  }
  for (size_t b = 0; b < binaries.size(); ++b) std::printf("binary %zu: %s\n", b + 1, binaries[b].c_str());
  std::printf("median of %d runs (whole process, from its start), and peak memory\n%-36s", o.runs, "");
  for (size_t b = 0; b < binaries.size(); ++b) std::printf("  %20s %zu", "binary", b + 1);
  std::printf("\n");
  for (size_t c = 0; c < cases.size(); ++c) {
    std::printf("%-36s", cases[c].name);
    for (size_t b = 0; b < binaries.size(); ++b)
      std::printf("  %9.1f ms %7.1f MB", 1e3 * median(seconds[b][c]), peak[b][c] / 1024.0);
    std::printf("\n");
  }
}

}  // namespace

void register_bench_startup_command(CLI::App* bench) {
  auto o = std::make_shared<BenchStartupOptions>();
  auto* cmd = bench->add_subcommand("startup", "Start-up time and peak memory of whole djambi processes");
  cmd->footer("Example: djambi bench startup --runs 20 --against /usr/local/bin/djambi");
  cmd->add_option("--runs", o->runs, "Runs of each case (the median is reported)")->capture_default_str();
  cmd->add_option("--against", o->against, "Another djambi binary, measured in turn with this one");
  cmd->add_flag("--json", o->json, "Print one JSON array");
  cmd->callback([o] { run_bench_startup(*o); });
}

}  // namespace djambi::cli
