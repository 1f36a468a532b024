// train: a new run from a config (plus overrides), or --resume an existing run directory.
#include <cstdio>
#include <memory>

#include "apps/cli_common.h"
#include "apps/commands.h"
#include "train/trainer.h"

namespace djambi::cli {

namespace {

struct TrainOptions {
  std::string config_path;
  std::string run_dir;
  std::string resume_dir;
  std::vector<std::string> overrides;
  std::vector<std::string> variants;
};

void run_train(const TrainOptions& o) {
  TrainOutcome outcome;
  if (!o.resume_dir.empty()) {
    if (!o.config_path.empty() || !o.run_dir.empty() || !o.overrides.empty() || !o.variants.empty())
      throw UsageError("--resume continues a run with its own config.yaml; it takes no --config, --run, --set or --variant");
    check_directory_path("--resume", o.resume_dir);
    outcome = train_resume(o.resume_dir);
  } else {
    if (o.run_dir.empty()) throw UsageError("give --run DIR for a new run (or --resume DIR)");
    check_directory_path("--run", o.run_dir);
    TrainConfig config = o.config_path.empty() ? default_train_config() : load_train_config(o.config_path);
    std::vector<std::string> overrides = o.overrides;
    if (!o.variants.empty()) {  // --variant is a shorthand for --set game.variants=[...]
      std::string list;
      for (const auto& v : o.variants) list += (list.empty() ? "" : ", ") + v;
      overrides.push_back("game.variants=[" + list + "]");
    }
    apply_overrides(config, overrides);
    outcome = train_new(o.run_dir, config);
  }
  std::printf("trained %lld steps; checkpoint %s\n", outcome.steps, outcome.final_checkpoint.c_str());
}

}  // namespace

void register_train_command(CLI::App& app) {
  auto o = std::make_shared<TrainOptions>();
  auto* cmd = app.add_subcommand("train", "Self-play training: a new run, or --resume one");
  cmd->footer(
      "Examples:\n  djambi train --config configs/djambi-quick.yaml --run runs/quick\n"
      "  djambi train --config configs/djambi.yaml --run runs/long --set mcts.sims=200\n"
      "  djambi train --resume runs/long");
  cmd->add_option("--config", o->config_path, "YAML config (configs/*.yaml); defaults when omitted");
  cmd->add_option("--run", o->run_dir, "Run directory to create (must not exist or be empty)");
  cmd->add_option("--resume", o->resume_dir, "Run directory to continue");
  cmd->add_option("--set", o->overrides, "Override a key, e.g. --set mcts.sims=200 (repeatable)");
  add_variant_option(cmd, &o->variants);
  cmd->callback([o] { run_train(*o); });
}

}  // namespace djambi::cli
