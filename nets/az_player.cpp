#include "nets/az_player.h"

#include <stdexcept>

#include "env/djambi_game.h"
#include "mcts/basic_players.h"
#include "mcts/queued_evaluator.h"
#include "nets/bundle.h"
#include "nets/checkpoint.h"
#include "nets/torch_evaluator.h"

namespace djambi {

namespace {

std::string variants_of(const Game& game) {
  const auto* djambi = dynamic_cast<const DjambiGame*>(&game);
  return djambi ? djambi->variants().to_string() : "";
}

}  // namespace

void add_az_player(PlayerFactory& factory) {
  factory.add("az", [](const PlayerSpec& spec, std::shared_ptr<const Game> game, uint64_t seed) {
    spec.check_keys({"sims", "time", "cpuct", "threads", "temperature"}, true);
    if (spec.argument.empty()) throw std::invalid_argument("bad player spec '" + spec.text + "': az needs a path, az:PATH");
    PlayerBundle loaded;
    try {
      loaded = load_player_bundle(spec.argument);
    } catch (const CheckpointError& e) {
      throw std::invalid_argument(e.what());
    }
    // The bundle's search settings, unless the spec overrides them.
    MctsPlayerOptions o;
    o.search = loaded.search;
    const SearchBudget budget = spec.get_budget(loaded.search.simulations);
    o.search.simulations = budget.visits;
    o.seconds = budget.seconds;
    o.search.c_puct = static_cast<float>(spec.get_double("cpuct", loaded.search.c_puct, 0.0, kMaxCPuct));
    o.search.seed = seed;
    o.threads = spec.get_int("threads", 1, 1, 256);
    o.temperature = static_cast<float>(spec.get_double("temperature", 0.0, 0.0, 10.0));
    o.search.leaves_per_round = 8;  // virtual loss keeps batches of 8 for the network
    const NetConfig& c = loaded.net->config;
    if (c.game != game->name() || c.variants != variants_of(*game))
      throw std::invalid_argument("player '" + spec.argument + "' plays " + c.game + " (variants: " +
                                  (c.variants.empty() ? "none" : c.variants) + "), not " + game->name() +
                                  " (variants: " + (variants_of(*game).empty() ? "none" : variants_of(*game)) + ")");
    std::shared_ptr<Evaluator> evaluator = std::make_shared<TorchEvaluator>(loaded.net, default_device());
    if (o.threads > 1)
      evaluator = std::make_shared<QueuedEvaluator>(evaluator, o.threads * o.leaves_per_worker, std::chrono::microseconds(2000));
    return std::make_unique<MctsPlayer>(spec.text, evaluator, o);
  });
}

PlayerFactory full_player_factory() {
  PlayerFactory factory = basic_player_factory();
  add_az_player(factory);
  return factory;
}

}  // namespace djambi
