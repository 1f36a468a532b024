// bench nets: positions/s of each network preset (or of a player's network); the network library
// runs it (apps/network/bench_nets.cpp).
#include <memory>

#include "apps/cli_common.h"
#include "apps/commands.h"
#include "apps/network_library.h"

namespace djambi::cli {

void register_bench_nets_command(CLI::App* bench) {
  auto o = std::make_shared<BenchNetsOptions>();
  auto* cmd = bench->add_subcommand("nets", "Network positions/s: raw forward and through each evaluator");
  cmd->footer("Example: djambi bench nets --preset default --batch 64 --seconds 2");
  cmd->add_option("--preset", o->presets, "Network presets")->default_str(list_default(o->presets));
  cmd->add_option("--batch", o->batches, "Batch sizes")->default_str(list_default(o->batches));
  cmd->add_option("--seconds", o->seconds, "Time per measurement")->capture_default_str();
  cmd->add_option("--threads", o->threads, "LibTorch intra-op threads")->capture_default_str();
  cmd->add_flag("--json", o->json, "Print one JSON array");
  cmd->add_option("--precision", o->precision, "Inference precision: fp32, bf16 or fp16 (a GPU only)")
      ->capture_default_str()
      ->check(CLI::IsMember({"fp32", "bf16", "fp16"}));
  cmd->add_option("--weights", o->weights, "A player bundle or checkpoint to measure instead of the presets");
  cmd->callback([o] { network_side().bench_nets(*o); });
}

}  // namespace djambi::cli
