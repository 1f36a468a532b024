// train: a new run from a config (plus overrides), or --resume an existing run directory; the
// network library runs it (apps/network/train.cpp).
#include <memory>

#include "apps/cli_common.h"
#include "apps/commands.h"
#include "apps/network_library.h"

namespace djambi::cli {

void register_train_command(CLI::App& app) {
  auto o = std::make_shared<TrainOptions>();
  auto* cmd = app.add_subcommand("train", "Self-play training: a new run, or --resume one");
  cmd->footer(
      "Examples:\n  djambi train --config configs/djambi-quick.yaml --run runs/quick\n"
      "  djambi train --config configs/djambi.yaml --run runs/long --set mcts.sims=200\n"
      "  djambi train --resume runs/long\n"
      "  mpirun -np 3 djambi train --config configs/djambi.yaml --run runs/dist   (learner + 2 actors, "
      "docs/DISTRIBUTED.md)");
  cmd->add_option("--config", o->config_path, "YAML config (configs/*.yaml); defaults when omitted");
  cmd->add_option("--run", o->run_dir, "Run directory to create (must not exist or be empty)");
  cmd->add_option("--resume", o->resume_dir, "Run directory to continue");
  cmd->add_option("--set", o->overrides, "Override a key, e.g. --set mcts.sims=200 (repeatable)");
  add_variant_option(cmd, &o->variants);
  cmd->callback([o] { network_side().train(*o); });
}

}  // namespace djambi::cli
