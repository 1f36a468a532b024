// bench mcts: simulations/s of rollout-MCTS and of network-guided MCTS; the network library runs
// it (apps/network/bench_mcts.cpp).
#include <memory>

#include "apps/cli_common.h"
#include "apps/commands.h"
#include "apps/network_library.h"

namespace djambi::cli {

void register_bench_mcts_command(CLI::App* bench) {
  auto o = std::make_shared<BenchMctsOptions>();
  auto* cmd = bench->add_subcommand("mcts", "Simulations/s: rollout-MCTS and network MCTS in both parallel modes");
  cmd->footer("Example: djambi bench mcts --games 128 --sims 64");
  cmd->add_option("--preset", o->preset, "Network preset")->capture_default_str();
  cmd->add_option("--games", o->games, "Games searched together (many-games mode)")->capture_default_str();
  cmd->add_option("--sims", o->sims, "Simulations per game (many-games mode)")->capture_default_str();
  cmd->add_option("--rollout-sims", o->rollout_sims, "Simulations of the rollout-MCTS")->capture_default_str();
  cmd->add_option("--threads", o->threads, "Threads (TBB and LibTorch)")->capture_default_str();
  cmd->add_option("--leaves-per-worker", o->leaves_per_worker, "Leaves per thread per call (one-game mode)")
      ->capture_default_str();
  cmd->add_option("--groups", o->groups,
                  "Pipeline groups of the many-games search (batches in flight); 0 = as selfplay.pipeline_groups' "
                  "auto: 1 on the CPU, 2 on a GPU")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  cmd->add_flag("--json", o->json, "Print one JSON object");
  cmd->callback([o] { network_side().bench_mcts(*o); });
}

}  // namespace djambi::cli
