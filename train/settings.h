#pragma once
// From a config to what it sets: the one place where a TrainConfig (train/config.h, which only
// reads and checks) becomes the settings of the search, of self-play and of the learner, and
// the players it names.
#include <cstdint>
#include <memory>

#include <torch/torch.h>

#include "env/game.h"
#include "mcts/search_config.h"
#include "train/config.h"
#include "train/learned_eval_selfplay.h"
#include "train/learner.h"
#include "train/sample_codec.h"
#include "train/selfplay.h"

namespace djambi {

// Builds every player the config names (evaluation and self-play opponents) once, and checks
// its league seats (past, az:PATH, best: no options, not imitated, past only with
// checkpoints), so that a bad spec (an unknown option, a value out of range, a missing bundle, a
// player of another game) stops a run before it starts rather than at its first evaluation.
// Throws std::invalid_argument naming the key.
void build_config_players(const TrainConfig& config);

// A self-play search: full (mcts.sims, root noise, forced playouts if enabled) or fast
// (mcts.fast_sims, neither; its decision is not recorded as a training sample).
SearchConfig search_config(const TrainConfig& config, bool full_search);
// The trained network's search when evaluated against the opponents: evaluation.sims, no
// noise, no forced playouts.
SearchConfig evaluation_search_config(const TrainConfig& config);

// The share of self-play games with opponents (the fading teacher): selfplay.opponent_games
// falling linearly to opponent_games_final over fade_steps learner steps, or as the network's
// recent score against its opponents (train/recent_score.h) rises from 0 to fade_score.
double opponent_games_at(const TrainConfig& config, long long step, double recent_score);

// The self-play of an actor on `device` (the machine's share of games and pipeline groups,
// train/run_setup.h), its random choices from `seed`.
SelfPlaySettings selfplay_settings(const TrainConfig& config, torch::Device device, uint64_t seed);

// The learned evaluation's self-play (selfplay.player: ab), in the learner's process or on an
// actor rank: selfplay.games games a round (0: one a TBB thread), ab.nodes nodes a decision.
LearnedEvalSelfPlaySettings learned_eval_selfplay_settings(const TrainConfig& config, uint64_t seed);
// The shape of the samples the config's family makes (the network's or the learned evaluation's).
SampleShape run_sample_shape(const TrainConfig& config, const Game& game);
// The learner's settings; symmetries of `game` when replay.symmetries is set.
LearnerSettings learner_settings(const TrainConfig& config, std::shared_ptr<const Game> game);

}  // namespace djambi
