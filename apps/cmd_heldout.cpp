// heldout: learned evaluations measured against a held-out set (docs/LEARNED_EVAL.md, "A
// held-out set"): the loss of each bundle's shares against the set's deeper searches, beside the
// hand-written evaluation's; with --run, every generation a run kept, in step order, which is
// the run's curve without a game played.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <regex>

#include "apps/cli_common.h"
#include "apps/commands.h"
#include "mcts/games.h"
#include "mcts/learned_eval_share.h"
#include "train/arena/heldout_set.h"

namespace djambi::cli {

namespace {

struct HeldOutOptions {
  std::string set;
  std::vector<std::string> evals;  // learned-evaluation bundles (.dje)
  std::string run;                 // a run whose players/generation-STEP.dje are measured too
  std::string game = "djambi";
  std::vector<std::string> variants;
  bool json = false;
};

// RUN/players/generation-STEP.dje in step order, then RUN/players/final.dje if there.
std::vector<std::string> run_bundles(const std::string& run) {
  const std::filesystem::path players = std::filesystem::path(run) / "players";
  if (!std::filesystem::is_directory(players)) throw UsageError("--run: '" + players.string() + "' is not a directory");
  static const std::regex generation(R"(generation-(\d+)\.dje)");
  std::vector<std::pair<long long, std::string>> steps;
  for (const auto& entry : std::filesystem::directory_iterator(players)) {
    std::smatch m;
    const std::string name = entry.path().filename().string();
    if (std::regex_match(name, m, generation)) steps.emplace_back(std::stoll(m[1].str()), entry.path().string());
  }
  std::sort(steps.begin(), steps.end());
  std::vector<std::string> out;
  for (const auto& step : steps) out.push_back(step.second);
  if (std::filesystem::is_regular_file(players / "final.dje")) out.push_back((players / "final.dje").string());
  if (out.empty()) throw UsageError("--run: no generation-STEP.dje or final.dje in '" + players.string() + "'");
  return out;
}

void run_heldout(HeldOutOptions o) {
  const auto game = game_from(o.game, o.variants);
  const LearnedEvalFeatures features = learned_eval_features_of(game->name());
  if (features.features == 0) throw UsageError(game->name() + " has no learned evaluation");
  if (!o.run.empty())
    for (std::string& path : run_bundles(o.run)) o.evals.push_back(std::move(path));
  // Every bundle is loaded before the first is measured: a bad one is named at once.
  std::vector<PositionShare> shares;
  try {
    for (const std::string& path : o.evals) shares.push_back(learned_eval_share(path, *game));
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  HeldOutSet set;
  try {
    set = read_heldout_set(o.set, *game, features);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  nlohmann::json evaluations = nlohmann::json::array();
  if (!o.json)
    std::printf("held-out set %s: %zu positions labelled by %s\n%-56s %8s\n%-56s %8.4f\n", o.set.c_str(),
                set.positions.size(), set.labels_spec.c_str(), "evaluation", "loss", "hand-written",
                set.hand_written_loss);
  for (size_t i = 0; i < o.evals.size(); ++i) {
    const double loss = heldout_loss(set, shares[i]);
    if (o.json) evaluations.push_back({{"eval", o.evals[i]}, {"loss", loss}});
    else std::printf("%-56s %8.4f\n", o.evals[i].c_str(), loss);
  }
  if (o.json)
    std::printf("%s\n", nlohmann::json{{"set", o.set}, {"positions", set.positions.size()},
                                       {"labels", set.labels_spec}, {"hand_written_loss", set.hand_written_loss},
                                       {"evaluations", evaluations}}.dump(2).c_str());
}

}  // namespace

void register_heldout_command(CLI::App& app) {
  auto o = std::make_shared<HeldOutOptions>();
  auto* cmd = app.add_subcommand("heldout", "Learned evaluations' loss against a held-out set of deeper searches");
  cmd->footer(
      "The loss is the mean binary cross-entropy of each evaluation's share of the player to act\n"
      "against the set's (scripts/heldout_set.py makes one). Examples:\n"
      "  djambi heldout --set runs/heldout-1.txt --eval players/djambi.dje\n"
      "  djambi heldout --set runs/heldout-1.txt --run runs/ab-8 --json\n"
      "docs/LEARNED_EVAL.md, \"A held-out set\".");
  cmd->add_option("--set", o->set, "The held-out set (scripts/heldout_set.py)")->required();
  cmd->add_option("--eval", o->evals, "A learned evaluation's bundle (.dje), repeatable");
  cmd->add_option("--run", o->run, "A run directory: every players/generation-STEP.dje in step order, then final.dje");
  cmd->add_option("--game", o->game, "djambi")->capture_default_str();
  add_variant_option(cmd, &o->variants);
  cmd->add_flag("--json", o->json, "Print one JSON object");
  cmd->callback([o] { run_heldout(*o); });
}

}  // namespace djambi::cli
