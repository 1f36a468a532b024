#pragma once
// Settings of one search (see configs/ for how each is set from YAML).
#include <cstdint>

#include "env/rewards.h"
#include "mcts/games.h"

namespace djambi {

// Bounds of the search settings that come from outside: player specs, bundles, `export`, the
// bot's `go`. Numbers outside them, NaN and infinities are refused where they enter.
constexpr int kMaxSimulations = 10'000'000;
constexpr double kMaxSearchSeconds = 86'400.0;  // a day
constexpr double kMaxCPuct = 100.0;
constexpr double kMaxFpuReduction = 2.0;       // values lie in [-1, 1]
constexpr int kMaxMinimaxQuiescence = 16;       // plies

struct SearchConfig {
  int simulations = 200;        // playouts per decision
  float c_puct = 1.5f;          // exploration weight of the prior
  float fpu_reduction = 0.2f;   // an unvisited child is valued at its parent's value minus this
  bool paranoid = false;        // every other seat minimises the root seat's value (else max^n)
  // Root exploration noise (self-play only).
  bool root_noise = false;
  float dirichlet_alpha = 0.3f;
  float dirichlet_epsilon = 0.25f;
  // KataGo's forced playouts at the root, and pruning them from the policy target.
  bool forced_playouts = false;
  float forced_playout_k = 2.0f;
  // Gumbel root search instead of PUCT at the root (mcts/gumbel.h): the root's actions are
  // ranked by Gumbel noise (full searches only) plus their log prior, the best
  // `gumbel_considered` share the playouts by sequential halving, the move played is the
  // survivor, and the policy target is the improved policy of the completed Q-values. Below the
  // root the search stays PUCT. Root noise and forced playouts do not apply.
  bool gumbel = false;
  int gumbel_considered = 16;
  float gumbel_c_visit = 50.0f;
  float gumbel_c_scale = 1.0f;
  // Scale of the Gumbel noise (full searches): the move played is then a sample of the improved
  // policy at this temperature. Above 1 it keeps exploring once the prior is sharp; the policy
  // target does not depend on it.
  float gumbel_noise_scale = 1.0f;
  // MCTS-Solver (Winands et al. 2008; its max^n form, Nijssen and Winands 2011): finished games
  // and what follows from them are proven and backed up exactly. A node is proven when a child
  // is a proven win for the seat acting there, or when every child is proven (the best of them
  // for that seat); a proven loss for the seat to act is never selected again, and a proven win
  // at the root is played. Max^n only: paranoid values depend on the root seat.
  bool solver = false;
  // Implicit minimax backups (Lanctot et al. 2014): every node also keeps the max^n value of
  // `heuristic` over its expanded subtree (a leaf: the heuristic of its position; a finished
  // game: its values), and selection values a visited child at (1 - minimax_weight) x its mean
  // value + minimax_weight x that. 0: off. Max^n only: paranoid searches ignore it.
  float minimax_weight = 0.0f;
  // Implicit minimax: plies of the game's tactical quiescence search (Djambi: kills only, the
  // alpha-beta player's) before the heuristic values a new leaf; 0: the static heuristic.
  int minimax_quiescence = 0;
  // The game's heuristic evaluation (mcts/games.h, heuristic_of, with minimax_quiescence), set
  // where the search is made when minimax_weight > 0.
  HeuristicValues heuristic;
  // Leaves collected per tree (with virtual loss) before one evaluation.
  int leaves_per_round = 1;
  float virtual_loss = 1.0f;
  uint64_t seed = 1;
  // Values a finished game by its final ranks under this reward (env/rewards.h) instead of by
  // the returns of the game played: a player searches for what it was trained to want, e.g. a
  // draw worth -0.5, whatever reward the arena or the bot's game uses.
  bool own_reward = false;
  RewardScheme reward = RewardScheme::kWinner;
  float draw_value = 0.0f;
};

}  // namespace djambi
