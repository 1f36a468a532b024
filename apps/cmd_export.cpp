// export: a training checkpoint as a self-contained player bundle, or a bundle again with other
// default search settings; a learned evaluation's checkpoint as its .dje bundle. The network
// library runs it (apps/network/export.cpp).
#include <filesystem>
#include <memory>
#include <string>

#include "apps/cli_common.h"
#include "apps/commands.h"
#include "apps/network_library.h"
#include "env/io/number_text.h"
#include "mcts/search_config.h"

namespace djambi::cli {

namespace {

// What needs no network is checked before the network library is loaded: bad options are
// answered at once.
void check_export_options(const ExportOptions& o) {
  if (o.sims < 1 || o.sims > kMaxSimulations)
    throw UsageError("--sims must be in [1, " + std::to_string(kMaxSimulations) + "], got " + std::to_string(o.sims));
  // NaN fails both comparisons: written with !, so that it is refused too.
  if (!(o.c_puct >= 0 && o.c_puct <= kMaxCPuct))
    throw UsageError("--cpuct must be a number in [0, " + shortest_text(kMaxCPuct) + "], got " + shortest_text(o.c_puct));
  if (std::filesystem::is_directory(o.out))
    throw UsageError("--out '" + o.out + "' is a directory; the bundle is one file, e.g. NAME.djp");
  check_directory_path("--out", o.out, true);
  if (std::filesystem::exists(o.out) && !o.force)
    throw UsageError("'" + o.out + "' already exists; pass --force to replace it");
}

}  // namespace

void register_export_command(CLI::App& app) {
  auto o = std::make_shared<ExportOptions>();
  auto* cmd = app.add_subcommand("export", "Export a checkpoint as a player bundle (.djp)");
  cmd->footer("Example: djambi export runs/long/checkpoints/step-5000.pt --out best.djp --sims 400");
  cmd->add_option("checkpoint", o->checkpoint,
                  "Training checkpoint (runs/NAME/checkpoints/step-N.pt; a learned evaluation's becomes a .dje bundle), or a player bundle to write again with other defaults")
      ->required();
  cmd->add_option("--out", o->out, "Bundle to write, e.g. NAME.djp")->required();
  cmd->add_option("--sims", o->sims, "Default search playouts of the player")->capture_default_str();
  cmd->add_option("--cpuct", o->c_puct, "Default exploration constant")->capture_default_str();
  cmd->add_option("--reward", o->reward,
                  "Reward its search values finished games with: winner, rank or survival (default: the one the "
                  "checkpoint was trained with, else the game's own returns)");
  cmd->add_option("--draw-value", o->draw_value, "The winner reward's value of a draw, in [-1, 1] (default: the checkpoint's, else 0)");
  cmd->add_flag("--force", o->force, "Replace an existing file");
  cmd->callback([o] {
    check_export_options(*o);
    network_side().export_bundle(*o);
  });
}

}  // namespace djambi::cli
