#include "train/selfplay.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <tbb/parallel_for.h>

#include "mcts/games.h"
#include "train/teacher.h"

namespace djambi {

SelfPlay::SelfPlay(std::shared_ptr<const Game> game, Evaluator& evaluator, const SelfPlaySettings& settings,
                   NetworkSeats* league)
    : game_(std::move(game)),
      settings_(settings),
      search_(evaluator, settings.search.leaves_per_round, settings.pipeline_groups),
      opponent_factory_(basic_player_factory()),
      league_(league),
      slots_(static_cast<size_t>(settings.games)),
      rng_(settings.seed) {
  if (settings_.heuristic_value > 0) {
    heuristic_ = heuristic_of(game_->name());
    if (!heuristic_) throw std::invalid_argument("the heuristic evaluation judges Djambi positions only");
  }
  if (!settings_.teacher.empty()) {
    // A bad spec, a player of another game or one that does not search fails here, not mid-run.
    const auto probe = opponent_factory_.create(settings_.teacher, game_, 0);
    if (!probe->analyze(*game_->new_initial_state(), 1))
      throw std::invalid_argument("selfplay.teacher: '" + settings_.teacher + "' does not search: it has no analysis to teach");
  }
  std::seed_seq teacher_seed{settings.seed, uint64_t{0x7eac4e5}};
  std::vector<uint64_t> teacher_seeds(slots_.size());
  teacher_seed.generate(teacher_seeds.begin(), teacher_seeds.end());
  for (size_t i = 0; i < slots_.size(); ++i) slots_[i].teacher_rng.seed(teacher_seeds[i]);
  for (Slot& slot : slots_) start_game(slot);
}

void SelfPlay::start_game(Slot& slot) {
  const int players = game_->num_players();
  SearchConfig search = settings_.search;
  search.seed = rng_();
  slot.tree = std::make_unique<Tree>(search, game_->new_initial_state());
  slot.fixed.clear();
  slot.fixed.resize(static_cast<size_t>(players));
  slot.league.assign(static_cast<size_t>(players), nullptr);
  slot.imitated.assign(static_cast<size_t>(players), 0);
  slot.imitation_samples = 0;
  slot.forced_decisions = 0;
  slot.taught_samples = 0;
  std::vector<std::string> names(static_cast<size_t>(players), "selfplay");
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  if (!settings_.opponents.empty() && players > 1 && uniform(rng_) < settings_.opponent_games) {
    std::vector<int> seats(static_cast<size_t>(players));
    std::iota(seats.begin(), seats.end(), 0);
    std::shuffle(seats.begin(), seats.end(), rng_);
    const int count = std::uniform_int_distribution<int>(1, players - 1)(rng_);
    std::uniform_int_distribution<size_t> pick(0, settings_.opponents.size() - 1);
    for (int k = 0; k < count; ++k) {
      const auto seat = static_cast<size_t>(seats[static_cast<size_t>(k)]);
      names[seat] = settings_.opponents[pick(rng_)];
      if (league_ && league_->plays(names[seat])) {
        SeatNetwork network = league_->pick(names[seat], rng_);
        names[seat] = network.evaluator ? network.name : "selfplay";
        slot.league[seat] = std::move(network.evaluator);
        continue;
      }
      slot.fixed[seat] = opponent_factory_.create(names[seat], game_, rng_());
      slot.imitated[seat] = std::count(settings_.imitate.begin(), settings_.imitate.end(), names[seat]) > 0;
    }
  }
  slot.record = std::make_unique<RecordBuilder>(*game_, slot.tree->root_state(), names);
  slot.samples.clear();
  slot.material.clear();
  record_material(slot);
  slot.decisions = 0;
}

void SelfPlay::record_material(Slot& slot) {
  std::vector<float> material(static_cast<size_t>(game_->num_players()));
  slot.tree->root_state().material(material.data());
  slot.material.push_back(std::move(material));
}

FinishedGame SelfPlay::finish_game(Slot& slot) {
  FinishedGame done;
  const GameState& end = slot.tree->root_state();
  const int players = game_->num_players();
  done.outcome = outcome_of(end);
  done.decisions = slot.decisions;
  done.record = slot.record->finish(end);
  for (size_t seat = 0; seat < slot.fixed.size(); ++seat)
    done.network_seats.push_back(!slot.fixed[seat] && !slot.league[seat]);
  done.imitation_samples = slot.imitation_samples;
  done.forced_decisions = slot.forced_decisions;
  done.taught_samples = slot.taught_samples;
  const float weight = settings_.heuristic_value;
  const float taught_weight = settings_.teacher_value;
  std::vector<float> target(static_cast<size_t>(players));
  for (PendingSample& pending : slot.samples) {
    for (int p = 0; p < players; ++p) {
      target[p] = done.outcome.returns[p];
      if (!pending.heuristic.empty()) target[p] = (1.0f - weight) * target[p] + weight * pending.heuristic[p];
      if (!pending.taught.empty() && !std::isnan(pending.taught[p]))
        target[p] = (1.0f - taught_weight) * target[p] + taught_weight * pending.taught[p];
    }
    set_value_target(pending.sample, target.data(), players, pending.seat);
    const size_t later = std::min(slot.material.size() - 1, static_cast<size_t>(pending.turn + settings_.aux_turns));
    set_aux_target(pending.sample, slot.material[later].data(), slot.material.back().data(), players, pending.seat);
    done.samples.push_back(std::move(pending.sample));
  }
  start_game(slot);
  return done;
}

void SelfPlay::add_sample(Slot& slot, std::vector<std::pair<int32_t, float>> policy, bool searched) {
  const GameState& state = slot.tree->root_state();
  std::vector<float> taught;
  if (searched && !settings_.teacher.empty() && settings_.teacher_share > 0 &&
      std::uniform_real_distribution<double>(0.0, 1.0)(slot.teacher_rng) < settings_.teacher_share) {
    if (!slot.teacher) slot.teacher = opponent_factory_.create(settings_.teacher, game_, slot.teacher_rng());
    const std::optional<SearchAnalysis> analysis = slot.teacher->analyze(state, kTeacherLines);
    const PolicyTarget lesson = analysis ? teacher_policy(*analysis, settings_.teacher_temperature) : PolicyTarget{};
    if (!lesson.empty()) {
      policy = mix_policies(policy, lesson, settings_.teacher_policy);
      taught = teacher_values(*analysis, state.current_player(), game_->num_players());
      ++slot.taught_samples;
    }
  }
  PendingSample pending{encode_sample(state, std::move(policy)), state.current_player(),
                        static_cast<int>(slot.material.size()) - 1, {}, std::move(taught)};
  if (heuristic_) {
    pending.heuristic.resize(static_cast<size_t>(game_->num_players()));
    heuristic_(state, pending.heuristic.data());
  }
  slot.samples.push_back(std::move(pending));
}

bool SelfPlay::over(const Slot& slot) const {
  return slot.tree->root_state().is_terminal() || slot.decisions >= settings_.max_decisions;
}

void SelfPlay::apply(Slot& slot, Action action) {
  const GameState& state = slot.tree->root_state();
  for (const auto& fixed : slot.fixed)
    if (fixed) fixed->observe(state, action);
  slot.record->on_action(state, action);
  slot.tree->advance(action);
  ++slot.decisions;
  if (slot.tree->root_state().at_turn_start()) record_material(slot);
}

void SelfPlay::play_until_network_choice(Slot& slot) {
  while (!over(slot)) {
    const GameState& state = slot.tree->root_state();
    const int seat = state.current_player();
    Player* player = slot.fixed[static_cast<size_t>(seat)].get();
    if (!player) {
      // A forced decision teaches nothing and needs no search (a league seat's neither).
      const std::vector<Action> legal = state.legal_actions();
      if (legal.size() != 1) return;
      apply(slot, legal.front());
      ++slot.forced_decisions;
      continue;
    }
    for (Action action : player->choose_turn(slot.tree->root_state())) {
      if (over(slot)) break;
      if (slot.imitated[static_cast<size_t>(seat)] && slot.tree->root_state().legal_actions().size() > 1) {
        add_sample(slot, {{action, 1.0f}}, false);
        ++slot.imitation_samples;
      }
      apply(slot, action);
    }
  }
}

std::vector<FinishedGame> SelfPlay::step() {
  std::vector<FinishedGame> finished;
  // Bring every game to a real choice of the network (a new game may open with fixed seats).
  tbb::parallel_for(size_t(0), slots_.size(), [&](size_t i) { play_until_network_choice(slots_[i]); });
  for (Slot& slot : slots_)
    while (over(slot)) {
      finished.push_back(finish_game(slot));
      play_until_network_choice(slot);
    }

  std::vector<Tree*> trees;
  std::vector<int> sims;
  // League seats to act, grouped by network in order of appearance (one batch per network).
  std::vector<std::pair<Evaluator*, std::vector<Tree*>>> league_searches;
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  for (Slot& slot : slots_) {
    const auto seat = static_cast<size_t>(slot.tree->root_state().current_player());
    if (Evaluator* network = slot.league[seat].get()) {
      SearchConfig search = settings_.search;
      search.root_noise = false;
      search.simulations = settings_.fast_sims;
      search.seed = rng_();
      slot.league_tree = std::make_unique<Tree>(search, slot.tree->root_state().clone());
      auto group = std::find_if(league_searches.begin(), league_searches.end(),
                                [&](const auto& g) { return g.first == network; });
      if (group == league_searches.end()) group = league_searches.insert(league_searches.end(), {network, {}});
      group->second.push_back(slot.league_tree.get());
      slot.full = false;
      continue;
    }
    slot.full = uniform(rng_) < settings_.full_search_fraction;
    slot.tree->set_root_noise(slot.full && settings_.search.root_noise);
    slot.tree->set_simulations(slot.full ? settings_.full_sims : settings_.fast_sims);
    trees.push_back(slot.tree.get());
    // Playouts kept from the previous decision count towards the budget.
    sims.push_back(std::max(1, (slot.full ? settings_.full_sims : settings_.fast_sims) - slot.tree->root_visits()));
  }
  search_.run(trees, sims);
  for (const auto& [network, league_trees] : league_searches)
    BatchedSearch(*network, settings_.search.leaves_per_round)
        .run(league_trees, std::vector<int>(league_trees.size(), settings_.fast_sims));

  std::vector<uint64_t> seeds(slots_.size());
  for (auto& s : seeds) s = rng_();
  tbb::parallel_for(size_t(0), slots_.size(), [&](size_t i) {
    Slot& slot = slots_[i];
    std::mt19937_64 rng(seeds[i]);
    const float temperature = slot.decisions < settings_.temperature_decisions ? settings_.temperature : 0.0f;
    if (slot.league_tree) {
      const Action action = slot.league_tree->choose_action(temperature, rng);
      slot.league_tree.reset();
      apply(slot, action);
      return;
    }
    Tree& tree = *slot.tree;
    if (slot.full) add_sample(slot, tree.policy_target(), true);
    apply(slot, tree.choose_action(temperature, rng));
  });
  decisions_ += static_cast<long long>(slots_.size());
  for (Slot& slot : slots_)
    if (over(slot)) finished.push_back(finish_game(slot));
  return finished;
}

}  // namespace djambi
