#include "train/settings.h"

#include <algorithm>
#include <stdexcept>

#include "env/games.h"
#include "mcts/games.h"
#include "nets/az_player.h"
#include "train/learned_eval_samples.h"
#include "train/league.h"
#include "train/run_setup.h"

namespace djambi {

void build_config_players(const TrainConfig& c) {
  const PlayerFactory factory = full_player_factory();
  const auto game = make_game(c.game.name, parse_variants(c.game.variants));
  for (const auto& spec : c.selfplay.opponents) {
    if (!League::names_a_network(spec, c.game.name)) continue;
    const PlayerSpec parsed = parse_player_spec(spec);
    if (!parsed.options.empty() || (parsed.kind == "past" && !parsed.argument.empty()))
      throw std::invalid_argument("selfplay.opponents: '" + spec +
                                  "': a league seat searches like the fast self-play searches (mcts.fast_sims) and "
                                  "takes no options");
    if (std::count(c.selfplay.imitate.begin(), c.selfplay.imitate.end(), spec))
      throw std::invalid_argument("selfplay.imitate: '" + spec + "': a league seat's decisions are not imitated (only players')");
    if (parsed.kind == "past" && c.run.checkpoint_every_steps <= 0)
      throw std::invalid_argument("selfplay.opponents: 'past' seats kept checkpoints, but run.checkpoint_every_steps is 0");
  }
  for (const auto* key : {"evaluation.opponents", "selfplay.opponents"}) {
    const auto& specs = std::string(key) == "evaluation.opponents" ? c.evaluation.opponents : c.selfplay.opponents;
    for (const auto& spec : specs) {
      if (spec == "past") continue;  // the run's own checkpoints (train/league.h)
      try {
        factory.create(spec, game, 0);
      } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(std::string(key) + ": " + e.what());
      }
    }
  }
}

SearchConfig search_config(const TrainConfig& config, bool full_search) {
  const auto& m = config.mcts;
  SearchConfig s;
  s.simulations = full_search ? m.sims : m.fast_sims;
  s.c_puct = static_cast<float>(m.c_puct);
  s.fpu_reduction = static_cast<float>(m.fpu_reduction);
  s.paranoid = m.paranoid;
  s.solver = m.solver;
  s.minimax_weight = static_cast<float>(m.minimax_weight);
  s.minimax_quiescence = m.minimax_quiescence;
  if (s.minimax_weight > 0) s.heuristic = heuristic_of(config.game.name, s.minimax_quiescence);  // checked with the config
  // KataGo: only full searches explore (noise, forced playouts); fast ones just play.
  s.root_noise = full_search && m.dirichlet_epsilon > 0;
  s.dirichlet_alpha = static_cast<float>(m.dirichlet_alpha);
  s.dirichlet_epsilon = static_cast<float>(m.dirichlet_epsilon);
  s.forced_playouts = full_search && m.forced_playouts;
  s.forced_playout_k = static_cast<float>(m.forced_playout_k);
  s.gumbel = m.root == "gumbel";
  s.gumbel_considered = m.gumbel_considered;
  s.gumbel_c_visit = static_cast<float>(m.gumbel_c_visit);
  s.gumbel_c_scale = static_cast<float>(m.gumbel_c_scale);
  s.gumbel_noise_scale = static_cast<float>(m.gumbel_noise_scale);
  // Gumbel's exploration is its noise: on in every full search (Dirichlet settings do not apply).
  if (s.gumbel) s.root_noise = full_search;
  s.leaves_per_round = std::min(m.leaves_per_round, s.simulations);
  s.seed = static_cast<uint64_t>(config.run.seed);
  return s;
}

SearchConfig evaluation_search_config(const TrainConfig& config) {
  SearchConfig s = search_config(config, true);
  s.simulations = config.evaluation.sims;
  s.root_noise = false;
  s.forced_playouts = false;
  s.leaves_per_round = std::min(config.mcts.leaves_per_round, s.simulations);
  s.own_reward = true;  // an exported player keeps searching for the reward it learned
  s.reward = reward_scheme_from_name(config.game.reward);
  s.draw_value = static_cast<float>(config.game.draw_value);
  return s;
}

double opponent_games_at(const TrainConfig& config, long long step, double recent_score) {
  const auto& s = config.selfplay;
  double done = 0;  // how far the teacher has faded, 0 to 1
  if (s.fade_steps > 0) done = std::min(1.0, static_cast<double>(step) / s.fade_steps);
  if (s.fade_score > 0) done = std::clamp(recent_score / s.fade_score, 0.0, 1.0);
  return s.opponent_games + (s.opponent_games_final - s.opponent_games) * done;
}

LearnedEvalSelfPlaySettings learned_eval_selfplay_settings(const TrainConfig& c, uint64_t seed) {
  LearnedEvalSelfPlaySettings s;
  s.games = c.selfplay.games > 0 ? c.selfplay.games : tree_threads(c);
  s.search = "nodes=" + std::to_string(c.ab.nodes);
  s.feature_set = c.ab.features;
  s.random_turns = c.ab.random_turns;
  s.quiet_samples = c.ab.quiet_samples;
  s.interior_samples = c.ab.interior_samples;
  s.interior_depth = c.ab.interior_depth;
  s.max_decisions = c.selfplay.max_decisions;
  s.seed = seed;
  return s;
}

SampleShape run_sample_shape(const TrainConfig& c, const Game& game) {
  if (c.selfplay.player == "ab") {
    const LearnedEvalFeatures f = learned_eval_features_of(game.name(), c.ab.features);
    return learned_eval_sample_shape(game.num_players(), f.max_active, static_cast<bool>(f.base));
  }
  return sample_shape_of(game);
}

SelfPlaySettings selfplay_settings(const TrainConfig& c, torch::Device device, uint64_t seed) {
  const MachineSettings machine = machine_settings(c, device);
  SelfPlaySettings sp;
  sp.games = machine.games;
  sp.pipeline_groups = machine.pipeline_groups;
  sp.search = search_config(c, true);
  sp.full_sims = c.mcts.sims;
  sp.fast_sims = c.mcts.fast_sims;
  sp.full_search_fraction = c.mcts.full_search_fraction;
  sp.temperature = static_cast<float>(c.selfplay.temperature);
  sp.temperature_decisions = c.selfplay.temperature_decisions;
  sp.max_decisions = c.selfplay.max_decisions;
  sp.opponents = c.selfplay.opponents;
  sp.opponent_games = c.selfplay.opponent_games;
  sp.imitate = c.selfplay.imitate;
  sp.heuristic_value = static_cast<float>(c.selfplay.heuristic_value);
  sp.teacher = c.selfplay.teacher;
  sp.teacher_share = c.selfplay.teacher_share;
  sp.teacher_policy = static_cast<float>(c.selfplay.teacher_policy);
  sp.teacher_value = static_cast<float>(c.selfplay.teacher_value);
  sp.teacher_temperature = static_cast<float>(c.selfplay.teacher_temperature);
  sp.aux_turns = c.selfplay.aux_turns;
  sp.seed = seed;
  return sp;
}

LearnerSettings learner_settings(const TrainConfig& config, std::shared_ptr<const Game> game) {
  LearnerSettings ls;
  ls.optimizer = config.learner.optimizer;
  ls.learning_rate = config.learner.learning_rate;
  ls.momentum = config.learner.momentum;
  ls.weight_decay = config.learner.weight_decay;
  ls.value_loss_weight = config.learner.value_loss_weight;
  ls.aux_later_weight = config.learner.aux_later_weight;
  ls.aux_end_weight = config.learner.aux_end_weight;
  if (config.replay.symmetries) ls.augment_with_symmetries_of = std::move(game);
  ls.seed = static_cast<uint64_t>(config.run.seed);
  return ls;
}

}  // namespace djambi
