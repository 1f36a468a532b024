// analyze: measures of multi-player play over game records (docs/ANALYSIS.md), written as
// analysis.json, report.md and PNG plots.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>

#include "apps/cli_common.h"
#include "apps/commands.h"
#include "env/io/atomic_file.h"
#include "train/analysis/djambi/record_analysis.h"
#include "train/analysis/djambi/report.h"

namespace djambi::cli {

namespace {

struct AnalyzeOptions {
  std::vector<std::string> files;
  std::string out;
  bool plots = true;
};

// The plots come from scripts/plot_analysis.py (matplotlib); without it the report stands alone.
void draw_plots(const std::string& dir) {
  const std::string script = std::string(DJAMBI_SOURCE_DIR) + "/scripts/plot_analysis.py";
  if (!std::filesystem::exists(script)) {
    std::fprintf(stderr, "analyze: no plots (%s is not here)\n", script.c_str());
    return;
  }
  // Run through its own interpreter line (Debian's python3, which has matplotlib).
  const std::string command = "'" + script + "' '" + dir + "'";
  if (std::system(command.c_str()) != 0)
    std::fprintf(stderr, "analyze: the plots failed (%s); the report and analysis.json are written\n", command.c_str());
}

void run_analyze(const AnalyzeOptions& o) {
  if (o.out.find('\'') != std::string::npos) throw UsageError("--out must not contain a quote");
  check_directory_path("--out", o.out);
  if (std::filesystem::exists(o.out) && !std::filesystem::is_empty(o.out))
    throw UsageError("'" + o.out + "' exists and is not empty; the analysis writes into a new directory");
  // Every record is read and replayed before anything is written: a bad file gives no report.
  std::vector<GameRecord> records;
  for (const std::string& file : o.files) {
    std::vector<GameRecord> read = read_record_file(file);
    if (read.empty()) throw UsageError(file + ": no game record in it");
    records.insert(records.end(), std::make_move_iterator(read.begin()), std::make_move_iterator(read.end()));
  }
  RecordAnalysis analysis;
  try {
    analysis = analyze_records(records);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  const nlohmann::json json = analysis_json(analysis, o.files);
  std::filesystem::create_directories(o.out);
  write_file_atomically(o.out + "/analysis.json", json.dump(2) + "\n");
  write_file_atomically(o.out + "/report.md", analysis_markdown(json));
  if (o.plots) draw_plots(o.out);
  std::printf("%zu games analysed; analysis.json and report.md in %s\n", analysis.games, o.out.c_str());
}

}  // namespace

void register_analyze_command(CLI::App& app) {
  auto o = std::make_shared<AnalyzeOptions>();
  auto* cmd = app.add_subcommand("analyze", "Measures of multi-player play over game records (docs/ANALYSIS.md)");
  cmd->add_option("records", o->files, "Game record files (arena games.txt, a run's games/, human play)")
      ->required();
  cmd->add_option("--out", o->out, "New directory for analysis.json, report.md and the plots (default runs/analysis-DATE-TIME)");
  cmd->add_flag("!--no-plots", o->plots, "Skip the PNG plots (scripts/plot_analysis.py, matplotlib)");
  cmd->footer("Example: djambi analyze runs/arena-*/games.txt --out runs/analysis");
  cmd->callback([o] {
    AnalyzeOptions options = *o;
    if (options.out.empty()) options.out = timestamped("runs/analysis-%Y%m%d-%H%M%S");
    run_analyze(options);
  });
}

}  // namespace djambi::cli
