#include "train/selfplay.h"

#include <tbb/parallel_for.h>

namespace djambi {

SelfPlay::SelfPlay(std::shared_ptr<const Game> game, Evaluator& evaluator, const SelfPlaySettings& settings)
    : game_(std::move(game)),
      settings_(settings),
      search_(evaluator, settings.search.leaves_per_round),
      slots_(static_cast<size_t>(settings.games)),
      rng_(settings.seed) {
  for (Slot& slot : slots_) start_game(slot);
}

void SelfPlay::start_game(Slot& slot) {
  SearchConfig search = settings_.search;
  search.seed = rng_();
  slot.tree = std::make_unique<Tree>(search, game_->new_initial_state());
  slot.record = std::make_unique<RecordBuilder>(*game_, slot.tree->root_state(),
                                                std::vector<std::string>(static_cast<size_t>(game_->num_players()), "selfplay"));
  slot.samples.clear();
  slot.decisions = 0;
}

FinishedGame SelfPlay::finish_game(Slot& slot) {
  FinishedGame done;
  const GameState& end = slot.tree->root_state();
  const int players = game_->num_players();
  done.returns.assign(static_cast<size_t>(players), 0.0f);
  if (end.is_terminal()) end.returns(done.returns.data());
  done.adjudicated = !end.is_terminal();
  done.decisions = slot.decisions;
  done.record = slot.record->finish(end);
  for (auto& [sample, seat] : slot.samples) {
    set_value_target(sample, done.returns.data(), players, seat);
    done.samples.push_back(std::move(sample));
  }
  start_game(slot);
  return done;
}

std::vector<FinishedGame> SelfPlay::step() {
  std::vector<Tree*> trees;
  std::vector<int> sims;
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  for (Slot& slot : slots_) {
    slot.full = uniform(rng_) < settings_.full_search_fraction;
    slot.tree->set_root_noise(slot.full && settings_.search.root_noise);
    trees.push_back(slot.tree.get());
    // Playouts kept from the previous decision count towards the budget.
    sims.push_back(std::max(1, (slot.full ? settings_.full_sims : settings_.fast_sims) - slot.tree->root_visits()));
  }
  search_.run(trees, sims);

  std::vector<uint64_t> seeds(slots_.size());
  for (auto& s : seeds) s = rng_();
  std::vector<uint8_t> ended(slots_.size(), 0);
  tbb::parallel_for(size_t(0), slots_.size(), [&](size_t i) {
    Slot& slot = slots_[i];
    Tree& tree = *slot.tree;
    const GameState& state = tree.root_state();
    if (slot.full) slot.samples.emplace_back(encode_sample(state, tree.policy_target()), state.current_player());
    std::mt19937_64 rng(seeds[i]);
    const float temperature = slot.decisions < settings_.temperature_decisions ? settings_.temperature : 0.0f;
    const Action action = tree.choose_action(temperature, rng);
    slot.record->on_action(state, action);
    tree.advance(action);
    ++slot.decisions;
    ended[i] = tree.root_state().is_terminal() || slot.decisions >= settings_.max_decisions;
  });
  decisions_ += static_cast<long long>(slots_.size());
  std::vector<FinishedGame> finished;
  for (size_t i = 0; i < slots_.size(); ++i)
    if (ended[i]) finished.push_back(finish_game(slots_[i]));
  return finished;
}

}  // namespace djambi
