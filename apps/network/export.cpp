// export: a training checkpoint as a self-contained player bundle (nets/bundle.h), or a bundle
// again with other default search settings; a learned evaluation's checkpoint as its .dje
// bundle (docs/LEARNED_EVAL.md).
#include <cstdio>
#include <map>
#include <memory>
#include <optional>

#include "apps/cli_common.h"
#include "apps/network/commands.h"
#include "mcts/eval_bundle.h"
#include "nets/accumulator_checkpoint.h"
#include "nets/bundle.h"
#include "nets/checkpoint.h"
#include "train/export.h"

namespace djambi::cli {

namespace {

// A learned evaluation's checkpoint as the bundle `ab,eval=PATH` loads (it has no search
// settings of its own: the ab spec sets them).
void export_learned_eval(const ExportOptions& o) {
  EvalBundle bundle;
  try {
    const AccumulatorCheckpoint header = read_accumulator_checkpoint(o.checkpoint);
    AccumulatorModel model(header.shape);
    bundle.info = load_accumulator_checkpoint(o.checkpoint, model, nullptr).info;
    bundle.net = to_accumulator_net(model);
  } catch (const CheckpointError& e) {
    throw UsageError(e.what());
  }
  write_eval_bundle(o.out, bundle);
  std::printf("exported step %lld of %s (learned evaluation %dx%dx%d) to %s; play it as ab,eval=%s\n",
              bundle.info.step, o.checkpoint.c_str(), bundle.net.shape.features, bundle.net.shape.hidden,
              bundle.net.shape.head, o.out.c_str(), o.out.c_str());
}

}  // namespace

// The options were checked before the library was loaded (apps/cmd_export.cpp).
void run_export(const ExportOptions& o) {
  if (is_accumulator_checkpoint(o.checkpoint)) return export_learned_eval(o);
  LoadedCheckpoint loaded;
  try {
    loaded = load_checkpoint(o.checkpoint);
  } catch (const CheckpointError& e) {
    throw UsageError(e.what());
  }
  SearchConfig search;
  search.simulations = o.sims;
  search.c_puct = static_cast<float>(o.c_puct);
  // The reward its search values finished games with: the options over the checkpoint's.
  std::map<std::string, std::string> reward = loaded.metadata;
  if (!o.reward.empty() || o.draw_value) {
    reward.emplace("reward", "winner");
    reward.emplace("draw_value", "0");
    if (!o.reward.empty()) reward["reward"] = o.reward;
    if (o.draw_value) reward["draw_value"] = std::to_string(*o.draw_value);
  }
  try {
    apply_reward_metadata(reward, search);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string(o.reward.empty() && !o.draw_value ? "checkpoint " + o.checkpoint : "--reward/--draw-value") +
                     ": " + e.what());
  }
  // A bundle re-exported with other defaults keeps the checkpoint it first came from.
  const auto first_source = loaded.metadata.find("source");
  const std::string source = first_source != loaded.metadata.end() ? first_source->second : o.checkpoint;
  export_player(loaded.net, search, o.out, loaded.step, source);
  std::printf("exported step %lld of %s (%s) to %s; play it as az:%s\n", static_cast<long long>(loaded.step),
              o.checkpoint.c_str(), loaded.net->config.describe().c_str(), o.out.c_str(), o.out.c_str());
}

}  // namespace djambi::cli
