#include "train/config.h"

#include "env/io/bounded_read.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <variant>

#include "env/games.h"
#include "env/io/number_text.h"
#include "env/rewards.h"
#include "mcts/accumulator_net.h"
#include "mcts/games.h"
#include "mcts/player_spec.h"
#include "mcts/search_config.h"
#include "nets/device_name.h"

namespace djambi {

namespace {

enum class Type { kInt, kDouble, kBool, kString, kList };
using Value = std::variant<int, double, bool, std::string, std::vector<std::string>>;
using List = std::vector<std::string>;

// A problem with a value or a key; the caller adds where it was found.
struct Problem {
  std::string key;  // "" when the caller knows the key
  std::string text;
};

enum Bounds { kClosed, kOpenMin, kOpenMax };

// One declared key: everything about it is here, nowhere else.
struct Key {
  std::string name;
  Type type = Type::kInt;
  Value default_value;
  double min = 0, max = 0;  // int and double keys
  Bounds bounds = kClosed;
  std::vector<std::string> choices;  // string keys; empty = any (or what check_text allows)
  std::string allowed_text_of;       // list keys: what an element may be; string keys with check_text: what they may be
  std::string allowed_short;         // the same in a few words, for comments
  std::function<void(const std::string&)> check_text;  // list keys' elements, string keys; throws Problem
  std::string comment;
  std::function<Value(const TrainConfig&)> get;
  std::function<void(TrainConfig&, const Value&)> set;
};

template <class S, class T>
void bind(Key& key, S TrainConfig::*section, T S::*field) {
  key.get = [section, field](const TrainConfig& c) -> Value { return (c.*section).*field; };
  key.set = [section, field](TrainConfig& c, const Value& v) { (c.*section).*field = std::get<T>(v); };
}

template <class S>
Key int_key(const char* name, S TrainConfig::*sec, int S::*field, int def, int min, int max,
            const char* comment) {
  Key k;
  k.name = name;
  k.type = Type::kInt;
  k.default_value = def;
  k.min = min;
  k.max = max;
  k.comment = comment;
  bind(k, sec, field);
  return k;
}

template <class S>
Key double_key(const char* name, S TrainConfig::*sec, double S::*field, double def, double min,
               double max, Bounds bounds, const char* comment) {
  Key k;
  k.name = name;
  k.type = Type::kDouble;
  k.default_value = def;
  k.min = min;
  k.max = max;
  k.bounds = bounds;
  k.comment = comment;
  bind(k, sec, field);
  return k;
}

template <class S>
Key bool_key(const char* name, S TrainConfig::*sec, bool S::*field, bool def, const char* comment) {
  Key k;
  k.name = name;
  k.type = Type::kBool;
  k.default_value = def;
  k.comment = comment;
  bind(k, sec, field);
  return k;
}

template <class S>
Key choice_key(const char* name, S TrainConfig::*sec, std::string S::*field, const char* def,
               std::vector<std::string> choices, const char* comment) {
  Key k;
  k.name = name;
  k.type = Type::kString;
  k.default_value = std::string(def);
  k.choices = std::move(choices);
  k.comment = comment;
  bind(k, sec, field);
  return k;
}

// A string key whose values are checked by `check` rather than listed.
template <class S>
Key text_key(const char* name, S TrainConfig::*sec, std::string S::*field, const char* def, std::string allowed,
             std::function<void(const std::string&)> check, const char* comment) {
  Key k;
  k.name = name;
  k.type = Type::kString;
  k.default_value = std::string(def);
  k.allowed_text_of = allowed;
  k.allowed_short = std::move(allowed);
  k.check_text = std::move(check);
  k.comment = comment;
  bind(k, sec, field);
  return k;
}

template <class S>
Key list_key(const char* name, S TrainConfig::*sec, List S::*field, List def, std::string short_allowed,
             std::string allowed,
             std::function<void(const std::string&)> check_text, const char* comment) {
  Key k;
  k.name = name;
  k.type = Type::kList;
  k.default_value = std::move(def);
  k.allowed_text_of = std::move(allowed);
  k.allowed_short = std::move(short_allowed);
  k.check_text = std::move(check_text);
  k.comment = comment;
  bind(k, sec, field);
  return k;
}

void check_variant(const std::string& name) {
  try {
    parse_variants({name});
  } catch (const std::invalid_argument& e) {
    throw Problem{"", e.what()};
  }
}

void check_device(const std::string& name) {
  try {
    check_device_name(name);
  } catch (const std::invalid_argument& e) {
    throw Problem{"", e.what()};
  }
}

void check_player_spec(const std::string& spec) {
  try {
    parse_player_spec(spec);
  } catch (const std::invalid_argument& e) {
    throw Problem{"", e.what()};
  }
}

// "sec.field" and the member pointers of TrainConfig::sec::field.
#define DJ_KEY(sec, field) #sec "." #field, &TrainConfig::sec, &decltype(TrainConfig::sec)::field

// THE KEY TABLE. Defaults are for the reference machine: 2 CPU cores, no GPU.
const std::vector<Key>& keys() {
  static const std::vector<Key> table = [] {
    std::vector<Key> t;
    // game
    t.push_back(choice_key(DJ_KEY(game, name), "djambi", game_names(),
                           "Game to learn."));
    t.push_back(list_key(DJ_KEY(game, variants), {}, "section-9 variant names", "variant names of RULES.md section 9: " + all_variant_names(),
                         check_variant,
                         "Rule variants of RULES.md section 9 (djambi only), e.g. [two_players]."));
    t.push_back(choice_key(DJ_KEY(game, reward), "winner", {"winner", "rank", "survival"},
                           "How the final ranks become returns (env/rewards.h)."));
    t.push_back(double_key(DJ_KEY(game, draw_value), 0.0, -1, 1, kClosed,
                           "winner reward: the return of the players sharing a draw (below 0: a draw is worth less than trying to win)."));
    // net
    t.push_back(choice_key(DJ_KEY(net, preset), "default", {"small", "default", "large"},
                           "Network size: small (32 channels x 4 blocks), default (64 x 6), large (96 x 6)."));
    t.push_back(int_key(DJ_KEY(net, channels), 0, 0, 1024, "Residual tower width; 0 = from net.preset."));
    t.push_back(int_key(DJ_KEY(net, blocks), 0, 0, 64, "Residual blocks; 0 = from net.preset."));
    t.push_back(int_key(DJ_KEY(net, value_hidden), 64, 1, 4096, "Hidden units of the value head."));
    t.push_back(bool_key(DJ_KEY(net, aux_head), false,
                         "An auxiliary head beside the value head (KataGo's auxiliary targets): each seat's material (its living pieces' share of the start's) selfplay.aux_turns turns later and at the game's end, learnt with learner.aux_later_weight and aux_end_weight and unused in play."));
    t.push_back(int_key(DJ_KEY(net, threads), 2, 1, 256,
                        "LibTorch intra-op threads (they share the cores with run.threads)."));
    t.push_back(text_key(DJ_KEY(net, device), "auto", kDeviceNames, check_device,
                         "Where the network learns and plays: auto (the first CUDA GPU LibTorch sees, else the CPU), cpu, cuda or cuda:N (a run naming a GPU stops at start-up on a machine without it)."));
    t.push_back(choice_key(DJ_KEY(net, precision), "fp32", {"fp32", "bf16", "fp16"},
                           "Number format of the self-play and league networks' inference (learning stays fp32): bf16 or fp16 halve the memory traffic on a GPU; fp16 needs one (docs/GPU.md)."));
    t.push_back(text_key(DJ_KEY(net, init), "", "a path", [](const std::string&) {},
                         "A player bundle (.djp) or training checkpoint whose weights a new run starts from instead of random ones; its architecture and game must be this config's (checked before the run directory is made). A resumed run ignores it. Empty = random weights."));
    // mcts
    t.push_back(int_key(DJ_KEY(mcts, sims), 128, 1, 1000000,
                        "Playouts of a full search; its visits become the policy target."));
    t.push_back(int_key(DJ_KEY(mcts, fast_sims), 32, 1, 1000000,
                        "Playouts of a fast search (playout cap randomisation); not trained on."));
    t.push_back(double_key(DJ_KEY(mcts, full_search_fraction), 0.25, 0, 1, kOpenMin,
                           "Share of decisions searched in full; 1 disables playout cap randomisation."));
    t.push_back(double_key(DJ_KEY(mcts, c_puct), 1.5, 0, 100, kClosed,
                           "Exploration weight of the prior in PUCT."));
    t.push_back(double_key(DJ_KEY(mcts, fpu_reduction), 0.2, 0, 2, kClosed,
                           "An unvisited child is valued at its parent's value minus this."));
    t.push_back(double_key(DJ_KEY(mcts, dirichlet_alpha), 0.3, 0, 100, kOpenMin,
                           "Concentration of the Dirichlet noise at the root of full searches."));
    t.push_back(double_key(DJ_KEY(mcts, dirichlet_epsilon), 0.25, 0, 1, kClosed,
                           "Weight of the Dirichlet noise in the root priors (0 = no noise)."));
    t.push_back(bool_key(DJ_KEY(mcts, forced_playouts), true,
                         "KataGo forced playouts at the root of full searches, pruned from the policy target."));
    t.push_back(double_key(DJ_KEY(mcts, forced_playout_k), 2.0, 0, 100, kOpenMin,
                           "Forced playouts of a root child: sqrt(k * prior * total playouts)."));
    t.push_back(bool_key(DJ_KEY(mcts, paranoid), false,
                         "Paranoid search: every other seat minimises the root seat's value (else max^n)."));
    t.push_back(bool_key(DJ_KEY(mcts, solver), false,
                         "MCTS-Solver: finished games and what they force are proven and backed up exactly; a proven loss for the seat to act is not searched again, a proven win at the root is played (max^n only: ignored with paranoid)."));
    t.push_back(double_key(DJ_KEY(mcts, minimax_weight), 0.0, 0, 1, kClosed,
                           "Implicit minimax backups: a visited child is valued at (1 - w) x its mean value + w x the max^n value of the game's heuristic evaluation over its expanded subtree (0 = off; Djambi; max^n only)."));
    t.push_back(int_key(DJ_KEY(mcts, minimax_quiescence), 0, 0, kMaxMinimaxQuiescence,
                        "Implicit minimax: plies of kills-only quiescence search (the ab player's) before the heuristic values a new leaf, so that a kill in sight counts (0 = the static heuristic)."));
    t.push_back(choice_key(DJ_KEY(mcts, root), "puct", {"puct", "gumbel"},
                           "Root search: puct, or gumbel (Gumbel-top-k sampling of root moves, sequential halving of the playouts, the improved policy of completed Q-values as the target; learns with few playouts). Below the root both are PUCT."));
    t.push_back(int_key(DJ_KEY(mcts, gumbel_considered), 16, 1, 4096,
                        "gumbel: root moves sampled (without replacement) to share the playouts."));
    t.push_back(double_key(DJ_KEY(mcts, gumbel_c_visit), 50.0, 0, 100000, kClosed,
                           "gumbel: sigma(q) = (c_visit + most visits of a root move) * c_scale * q, q rescaled to [0, 1]."));
    t.push_back(double_key(DJ_KEY(mcts, gumbel_c_scale), 1.0, 0, 1000, kOpenMin,
                           "gumbel: the c_scale of sigma (how far search values move the policy away from the prior)."));
    t.push_back(double_key(DJ_KEY(mcts, gumbel_noise_scale), 1.0, 0, 100, kClosed,
                           "gumbel: scale of the root's Gumbel noise in full searches; the move played is a sample of the improved policy at this temperature (above 1: more exploration once the prior is sharp; the target is unchanged)."));
    t.push_back(int_key(DJ_KEY(mcts, leaves_per_round), 1, 1, 256,
                        "Leaves gathered per tree (with virtual loss) before each network batch."));
    // selfplay
    t.push_back(int_key(DJ_KEY(selfplay, games), 0, 0, 65536,
                        "Games played in parallel; their leaves share the network's batches. 0 = auto: 64 on the CPU, 2048 on a GPU (batches of 1024 in two pipeline groups)."));
    t.push_back(int_key(DJ_KEY(selfplay, pipeline_groups), 0, 0, 64,
                        "Batches of the games' search in flight at once: while the network evaluates one group of games' leaves, the CPU threads back up and gather the other groups'. 1 = none (tree work and network take turns); 0 = auto: 1 on the CPU (both would share its cores), 2 on a GPU."));
    t.push_back(choice_key(DJ_KEY(selfplay, own_thread), "auto", {"auto", "on", "off"},
                           "Self-play on a thread of its own beside the learner, so that learner steps do not stop it (it stays at most 64 rounds ahead of the learner, which keeps learner.train_ratio). auto = on with a GPU, off on the CPU (both would share its cores). mpirun's actors are other ranks."));
    t.push_back(double_key(DJ_KEY(selfplay, temperature), 1.0, 0, 10, kClosed,
                           "Temperature on the visit counts for the early decisions (0 = most visited)."));
    t.push_back(int_key(DJ_KEY(selfplay, temperature_decisions), 40, 0, 1000000,
                        "Decisions of a game chosen with temperature; the most visited after that."));
    t.push_back(int_key(DJ_KEY(selfplay, max_decisions), 1000, 1, 1000000,
                        "A game longer than this many decisions is stopped and ruled a draw among the players still in it, valued like the quiet-turn draw (game.draw_value)."));
    t.push_back(list_key(DJ_KEY(selfplay, opponents), {}, "player specs",
                         "player specs (mcts/player.h): random, greedy, mcts:sims=N, ab; league seats: past, az:PATH.djp, best",
                         check_player_spec,
                         "Opponents seated next to the network in mixed games; their turns give no samples. League seats are networks searching with mcts.fast_sims playouts: past (one of this run's kept checkpoints, drawn at random; the network itself until the first), az:PATH.djp or best (an exported player)."));
    t.push_back(double_key(DJ_KEY(selfplay, opponent_games), 0.0, 0, 1, kClosed,
                           "Share of games that seat 1 to players-1 of the opponents in random seats (0 = pure self-play)."));
    t.push_back(int_key(DJ_KEY(selfplay, fade_steps), 0, 0, 1000000000,
                        "A fading teacher: over this many learner steps the share of games with opponents falls linearly from opponent_games to opponent_games_final, and with it the share of imitated samples (0 = no fading)."));
    t.push_back(double_key(DJ_KEY(selfplay, opponent_games_final), 0.0, 0, 1, kClosed,
                           "The share of games with opponents once the teacher has faded (fade_steps or fade_score)."));
    t.push_back(double_key(DJ_KEY(selfplay, fade_score), 0.0, 0, 100, kClosed,
                           "A teacher fading by results: the share of games with opponents falls linearly from opponent_games to opponent_games_final as the network's score in its recent games with opponents rises from 0 to this (score: its wins over the wins of a player as strong as the seats beside it, about the last 256 such games; 1 = their equal). It rises again if the score falls. 0 = no fading by results; not with fade_steps."));
    t.push_back(int_key(DJ_KEY(selfplay, weights_every_steps), 1, 1, 1000000,
                        "Learner steps between copies of the weights to self-play, which plays with its own copy (1: after every step, as if they shared one network)."));
    t.push_back(list_key(DJ_KEY(selfplay, imitate), {}, "player specs", "specs listed in selfplay.opponents",
                         check_player_spec,
                         "Opponents whose decisions become samples too, the policy target being the decision they made (learning from a demonstrator)."));
    t.push_back(double_key(DJ_KEY(selfplay, heuristic_value), 0.0, 0, 1, kClosed,
                           "Weight of the heuristic evaluation (the one the ab player scores its leaves with) in every sample's value target, the rest being the game's return: a seat's share of the players' material, chief safety, throne and mobility, as 2 * share - 1 (Djambi only; 0 = returns only)."));
    t.push_back(text_key(DJ_KEY(selfplay, teacher), "", "a player spec that analyses (ab, mcts:sims=N), or empty",
                         [](const std::string& spec) {
                           if (!spec.empty()) check_player_spec(spec);
                         },
                         "Search-teacher targets (expert iteration; empty = none): this player analyses a share of the network's sample positions (teacher_share). Its root move scores (ab: a softmax at teacher_temperature over each first decision's best whole move) or visits become a policy target mixed with the search's visits, its value of the position a value target mixed with the game's return. It is not seated; e.g. ab:nodes=2000."));
    t.push_back(double_key(DJ_KEY(selfplay, teacher_share), 1.0, 0, 1, kClosed,
                           "Share of the network's sample positions the teacher analyses (those of a turn it does not search, such as a turn's later decisions for ab, keep their own targets)."));
    t.push_back(double_key(DJ_KEY(selfplay, teacher_policy), 0.5, 0, 1, kClosed,
                           "Weight of the teacher's policy in the policy target of a position it analysed, the rest being the search's visits."));
    t.push_back(double_key(DJ_KEY(selfplay, teacher_value), 0.5, 0, 1, kClosed,
                           "Weight of the teacher's value in the value target of a position it analysed, the rest being the game's return (after heuristic_value's blend). ab values the player to act only, as 2 * share - 1; a tree search every seat."));
    t.push_back(int_key(DJ_KEY(selfplay, aux_turns), 8, 1, 1000,
                        "Horizon of the auxiliary targets (net.aux_head), in whole turns of any player: 8 is two rounds of four players."));
    t.push_back(double_key(DJ_KEY(selfplay, teacher_temperature), 0.05, 0, 1, kOpenMin,
                           "Temperature of the softmax over the teacher's move scores, in shares (a move whose score is 0.05 lower gets 1/e of the weight at 0.05)."));
    t.push_back(choice_key(DJ_KEY(selfplay, player), "network", {"network", "ab"},
                           "What the run learns: network (a policy/value network guiding the tree search: sections net, mcts) or ab (the learned evaluation of the alpha-beta player: section ab; docs/LEARNED_EVAL.md)."));
    // ab
    t.push_back(int_key(DJ_KEY(ab, hidden), 64, 1, kMaxAccumulatorHidden,
                        "Width of the learned evaluation's accumulator (its first layer, per player)."));
    t.push_back(int_key(DJ_KEY(ab, head), 32, 1, kMaxAccumulatorHead,
                        "Width of the dense layer between the accumulator and each player's logit."));
    t.push_back(double_key(DJ_KEY(ab, lambda), 0.5, 0, 1, kClosed,
                           "Share of the target taken from the search's value of the position for the player to act; the rest from the game's result."));
    t.push_back(int_key(DJ_KEY(ab, nodes), 20000, 1, 1000000000,
                        "Nodes the alpha-beta player searches per decision in self-play and in evaluation games."));
    t.push_back(int_key(DJ_KEY(ab, random_turns), 8, 0, 100000,
                        "Turns played at random at the start of each self-play game, so that games differ."));
    t.push_back(bool_key(DJ_KEY(ab, quiet_samples), false,
                         "Only quiet positions give samples: a position whose searched turn kills a piece is left out (its value holds a tactic the features cannot see and the search's quiescence resolves before evaluating), as chess engines' NNUE data leaves out positions whose best move captures."));
    t.push_back(bool_key(DJ_KEY(ab, interior_samples), false,
                         "Every search also gives a sample of each interior position it valued exactly (inside its window, at depth >= 1, the root player to move: the player to act there), each once a game, TreeStrap-style: many times the data of the root positions alone (docs/LEARNED_EVAL.md). brs and paranoid searches."));
    t.push_back(int_key(DJ_KEY(ab, interior_depth), 1, 1, 64,
                        "With ab.interior_samples: only the interior positions searched at least this many whole turns deep give samples (1 = all of them). Most exact interior positions are a turn from the horizon, labelled by little more than the evaluation being learned; a deeper label holds more than the leaf evaluation sees."));
    t.push_back(int_key(DJ_KEY(ab, generation_steps), 200, 1, 1000000000,
                        "Learner steps per generation: self-play plays with the newest evaluation, written as a bundle every this many steps (the hand-written evaluation before the first)."));
    t.push_back(int_key(DJ_KEY(ab, teacher_steps), 0, 0, 1000000000,
                        "Learner steps during which self-play keeps searching with the hand-written evaluation (the teacher) although generations are written: the first learns a deeper hand-written evaluation, as first NNUE nets learned from their engine's searches (0 = the first generation takes over)."));
    t.push_back(text_key(DJ_KEY(ab, features), "", "a feature set of the game's learned evaluation", [](const std::string&) {},
                         "The learned evaluation's feature set (docs/LEARNED_EVAL.md): for Djambi djambi-pieces-1 (pieces by kind, controller and square) or djambi-pieces-1-on-eval (the same features correcting the hand-written evaluation: it starts as that evaluation). Empty = the game's first."));
    // replay
    t.push_back(int_key(DJ_KEY(replay, window), 50000, 1, 100000000,
                        "Samples kept in the replay buffer (the most recent)."));
    t.push_back(bool_key(DJ_KEY(replay, distinct), false,
                         "A sample whose input (observation) equals one in the window already is dropped: each position seen once by the learner, with its first label (the learned evaluation's interior samples, ab.interior_samples; samples then counts distinct positions)."));
    t.push_back(int_key(DJ_KEY(replay, min_samples), 5000, 1, 100000000,
                        "Samples in the replay buffer before the learner starts."));
    t.push_back(int_key(DJ_KEY(replay, flush_every_games), 64, 0, 1000000,
                        "Write new samples and game records to the run directory every this many games (0 = never)."));
    t.push_back(bool_key(DJ_KEY(replay, symmetries), true,
                         "Augment samples with the game's board symmetries (if it has any)."));
    // learner
    t.push_back(int_key(DJ_KEY(learner, batch_size), 128, 1, 65536, "Samples per learner step."));
    t.push_back(double_key(DJ_KEY(learner, learning_rate), 0.02, 0, 10, kOpenMin, "Optimiser step size."));
    t.push_back(double_key(DJ_KEY(learner, weight_decay), 1e-4, 0, 1, kClosed, "L2 weight decay."));
    t.push_back(double_key(DJ_KEY(learner, momentum), 0.9, 0, 1, kOpenMax, "SGD momentum (adam: beta1)."));
    t.push_back(choice_key(DJ_KEY(learner, optimizer), "sgd", {"sgd", "adam"}, "Optimiser."));
    t.push_back(double_key(DJ_KEY(learner, train_ratio), 4.0, 0, 1000, kOpenMin,
                           "Samples trained per sample generated by self-play (the replay ratio)."));
    t.push_back(double_key(DJ_KEY(learner, value_loss_weight), 1.0, 0, 100, kClosed,
                           "Weight of the value loss next to the policy loss."));
    t.push_back(double_key(DJ_KEY(learner, aux_later_weight), 1.0, 0, 100, kClosed,
                           "Weight of the auxiliary head's loss on each seat's material selfplay.aux_turns turns later (net.aux_head)."));
    t.push_back(double_key(DJ_KEY(learner, aux_end_weight), 1.0, 0, 100, kClosed,
                           "Weight of the auxiliary head's loss on each seat's material at the game's end (net.aux_head)."));
    t.push_back(int_key(DJ_KEY(learner, max_steps), 0, 0, 1000000000,
                        "Learner steps of the run (0 = unlimited)."));
    t.push_back(double_key(DJ_KEY(learner, max_minutes), 0, 0, 1000000, kClosed,
                           "Wall-time budget of the run in minutes (0 = unlimited)."));
    // evaluation
    t.push_back(int_key(DJ_KEY(evaluation, every_steps), 500, 0, 1000000000,
                        "Evaluate against the opponents every this many learner steps (0 = never)."));
    t.push_back(int_key(DJ_KEY(evaluation, games), 40, 1, 1000000,
                        "Games against each opponent per evaluation."));
    t.push_back(int_key(DJ_KEY(evaluation, sims), 64, 1, 1000000,
                        "Playouts of the network's search in evaluation games."));
    // The default suits every game (greedy and ab play Djambi only).
    t.push_back(list_key(DJ_KEY(evaluation, opponents), {"random"}, "player specs",
                         "player specs (mcts/player.h): random, greedy, mcts:sims=N, az:PATH.djp,sims=N",
                         check_player_spec,
                         "Opponents as player specs, e.g. [random, greedy, \"mcts:sims=200\"]."));
    t.push_back(text_key(DJ_KEY(evaluation, heldout), "", "a held-out set's path, or empty", [](const std::string&) {},
                         "The learned evaluation's held-out set (scripts/heldout_set.py, train/arena/heldout_set.h): at every checkpoint, metrics.jsonl gets heldout_loss, the evaluation's loss against its deep searches' shares, beside heldout_hand_written_loss, the hand-written evaluation's. Empty = none; selfplay.player ab only."));
    // run
    t.push_back(int_key(DJ_KEY(run, checkpoint_every_steps), 500, 1, 1000000000,
                        "Write a checkpoint every this many learner steps."));
    t.push_back(int_key(DJ_KEY(run, keep_checkpoints), 5, 1, 1000000,
                        "Checkpoints kept on disk (older ones are deleted)."));
    t.push_back(int_key(DJ_KEY(run, seed), 1, 0, 2147483647, "Seed of every random choice of the run."));
    t.push_back(int_key(DJ_KEY(run, threads), 0, 0, 256,
                        "TBB worker threads for the games' tree work (they share the cores with net.threads); 0 = auto: the machine's cores."));
    t.push_back(double_key(DJ_KEY(run, actor_timeout_seconds), 120, 0, 1000000, kOpenMin,
                           "mpirun: an actor rank silent this long after the learner's last answer is given up (the run goes on without it); an actor that waits ten times this long for the learner stops (docs/DISTRIBUTED.md)."));
    return t;
  }();
  return table;
}

#undef DJ_KEY

// The sections in order, with the comment written before each in to_yaml.
const std::vector<std::pair<std::string, std::string>>& sections() {
  static const std::vector<std::pair<std::string, std::string>> s = {
      {"game", "What is learned: the game, its rule variants, the reward."},
      {"net", "The policy/value network (nets/net_config.h)."},
      {"mcts", "The search of self-play (mcts/search_config.h)."},
      {"selfplay", "Self-play games."},
      {"ab", "The learned evaluation of the alpha-beta player (selfplay.player: ab)."},
      {"replay", "The replay buffer of training samples."},
      {"learner", "Training the network on replay samples."},
      {"evaluation", "Games of the current network against fixed opponents."},
      {"run", "Checkpoints, seed, threads."},
  };
  return s;
}

std::string section_of(const std::string& name) { return name.substr(0, name.find('.')); }

const Key* find_key(const std::string& name) {
  for (const Key& k : keys())
    if (k.name == name) return &k;
  return nullptr;
}

bool is_section(const std::string& name) {
  for (const auto& s : sections())
    if (s.first == name) return true;
  return false;
}

// ---- formatting ----

// The shortest text that reads back as `v`, with a decimal point so that YAML reads a double:
// "100.0", "0.25", "1e-05".
std::string format_double(double v) {
  std::string s = shortest_text(v);
  if (s.find_first_of(".eEn") == std::string::npos) s += ".0";  // n: inf, nan
  return s;
}

std::string format_number(const Key& k, double v) {
  if (k.type == Type::kInt) return std::to_string(static_cast<long long>(v));
  return format_double(v);
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// A string as a YAML scalar: plain when it cannot be read as anything else, else double-quoted.
std::string yaml_string(const std::string& s) {
  static const std::set<std::string> reserved = {"true", "false", "yes", "no", "on", "off",
                                                 "null", "y", "n", "~"};
  bool plain = !s.empty() && (std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_') &&
               !reserved.count(lower(s));
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' || c == '/'))
      plain = false;
  if (plain) return s;
  std::string out = "\"";
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (u < 0x20 || u == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", u);
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string yaml_value(const Value& v) {
  switch (v.index()) {
    case 0: return std::to_string(std::get<int>(v));
    case 1: return format_double(std::get<double>(v));
    case 2: return std::get<bool>(v) ? "true" : "false";
    case 3: return yaml_string(std::get<std::string>(v));
    default: {
      std::string out = "[";
      for (const auto& s : std::get<List>(v)) out += (out.size() > 1 ? ", " : "") + yaml_string(s);
      return out + "]";
    }
  }
}

const char* type_name(Type t) {
  switch (t) {
    case Type::kInt: return "int";
    case Type::kDouble: return "double";
    case Type::kBool: return "bool";
    case Type::kString: return "string";
    case Type::kList: return "list of strings";
  }
  return "?";
}

std::string join(const std::vector<std::string>& items, const char* sep) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

std::string range_text(const Key& k) {
  return std::string(k.bounds == kOpenMin ? "(" : "[") + format_number(k, k.min) + ", " +
         format_number(k, k.max) + (k.bounds == kOpenMax ? ")" : "]");
}

std::string allowed_text(const Key& k) {
  switch (k.type) {
    case Type::kInt:
    case Type::kDouble: return range_text(k);
    case Type::kBool: return "true | false";
    case Type::kString:
      return k.check_text ? k.allowed_text_of : k.choices.empty() ? "any text" : join(k.choices, " | ");
    case Type::kList: return k.allowed_text_of;
  }
  return "";
}

// The comment line written before a key.
std::string comment_line(const Key& k) {
  std::string what;
  switch (k.type) {
    case Type::kInt: what = "int in " + range_text(k); break;
    case Type::kDouble: what = "number in " + range_text(k); break;
    case Type::kBool: what = "true | false"; break;
    case Type::kString: what = k.check_text ? k.allowed_short : join(k.choices, " | "); break;
    case Type::kList: what = "list of " + k.allowed_short; break;
  }
  return k.comment + " (" + what + ")";
}

// ---- suggestions ----

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

std::string leaf_of(const std::string& name) {
  const size_t dot = name.rfind('.');
  return dot == std::string::npos ? name : name.substr(dot + 1);
}

bool is_abbreviation(const std::string& shorter, const std::string& longer) {
  if (shorter.empty() || longer.empty() || shorter[0] != longer[0]) return false;
  size_t j = 0;
  for (char c : longer)
    if (j < shorter.size() && c == shorter[j]) ++j;
  return j == shorter.size();
}

// The closest known name: a section or a dotted key.
std::string closest_name(const std::string& unknown) {
  const std::string u = lower(unknown);
  const std::string uleaf = leaf_of(u);
  const bool dotted = u.find('.') != std::string::npos;
  std::string best;
  size_t best_score = std::string::npos;
  auto consider = [&](const std::string& name) {
    size_t score = edit_distance(u, name);
    if (uleaf == leaf_of(name) && (dotted || name.find('.') != std::string::npos))
      score = std::min<size_t>(score, 1);  // the right key in another section
    if (dotted && name.find('.') != std::string::npos && section_of(u) == section_of(name) &&
        is_abbreviation(uleaf, leaf_of(name)))
      score = std::min<size_t>(score, 2);  // learner.lr -> learner.learning_rate
    if (score < best_score) {
      best_score = score;
      best = name;
    }
  };
  if (!dotted)
    for (const auto& s : sections()) consider(s.first);
  for (const Key& k : keys()) consider(k.name);
  return best;
}

std::string unknown_key_text(const std::string& name) {
  return "unknown key (did you mean " + closest_name(name) + "?)";
}

// ---- reading values ----

std::string describe(const YAML::Node& node) {
  if (node.IsNull()) return "nothing";
  if (node.IsScalar()) return "'" + node.Scalar() + "'";
  if (node.IsSequence()) return "a list";
  if (node.IsMap()) return "a mapping";
  return "an undefined value";
}

bool quoted(const YAML::Node& node) { return node.Tag() == "!"; }

void check_range(const Key& k, double v) {
  const bool below = k.bounds == kOpenMin ? !(v > k.min) : !(v >= k.min);
  const bool above = k.bounds == kOpenMax ? !(v < k.max) : !(v <= k.max);
  if (below || above) throw Problem{"", format_number(k, v) + " is out of range " + range_text(k)};
}

// Checks a value of the key's own type against its range, choices or element check.
void check_value(const Key& k, const Value& v) {
  switch (k.type) {
    case Type::kInt: check_range(k, std::get<int>(v)); break;
    case Type::kDouble: {
      const double d = std::get<double>(v);
      if (!std::isfinite(d)) throw Problem{"", "must be a finite number"};
      check_range(k, d);
      break;
    }
    case Type::kBool: break;
    case Type::kString: {
      const auto& s = std::get<std::string>(v);
      if (!k.choices.empty() && std::find(k.choices.begin(), k.choices.end(), s) == k.choices.end())
        throw Problem{"", "'" + s + "' is not one of: " + join(k.choices, ", ")};
      if (k.check_text) k.check_text(s);
      break;
    }
    case Type::kList: {
      const auto& list = std::get<List>(v);
      for (size_t i = 0; i < list.size(); ++i) {
        if (k.check_text) k.check_text(list[i]);
        for (size_t j = 0; j < i; ++j)
          if (list[j] == list[i]) throw Problem{"", "'" + list[i] + "' is listed twice"};
      }
      break;
    }
  }
}

Value convert(const Key& k, const YAML::Node& node) {
  Value v;
  switch (k.type) {
    case Type::kInt: {
      if (!node.IsScalar() || quoted(node)) throw Problem{"", "expected an integer, got " + describe(node)};
      const std::string& s = node.Scalar();
      const bool digits = s.find_first_not_of("+-0123456789") == std::string::npos && !s.empty();
      const std::optional<long long> n = parse_integer(s);
      if (!n && !digits) throw Problem{"", "expected an integer, got '" + s + "'"};
      if (!n || *n < static_cast<long long>(k.min) || *n > static_cast<long long>(k.max))  // !n: beyond long long
        throw Problem{"", s + " is out of range " + range_text(k)};
      v = static_cast<int>(*n);
      break;
    }
    case Type::kDouble: {
      if (!node.IsScalar() || quoted(node)) throw Problem{"", "expected a number, got " + describe(node)};
      const std::string& s = node.Scalar();
      const std::optional<double> d = parse_real(s);
      if (!d || !std::isfinite(*d)) throw Problem{"", "expected a number, got '" + s + "'"};
      v = *d;
      break;
    }
    case Type::kBool: {
      const std::string s = node.IsScalar() && !quoted(node) ? lower(node.Scalar()) : "";
      if (s == "true" || s == "yes" || s == "on") {
        v = true;
      } else if (s == "false" || s == "no" || s == "off") {
        v = false;
      } else {
        throw Problem{"", "expected true or false, got " + describe(node)};
      }
      break;
    }
    case Type::kString: {
      if (!node.IsScalar()) throw Problem{"", "expected a string, got " + describe(node)};
      v = node.Scalar();
      break;
    }
    case Type::kList: {
      List list;
      if (node.IsSequence()) {
        for (const auto& item : node) {
          if (!item.IsScalar())
            throw Problem{"", "expected a list of strings, got " + describe(item) + " in the list"};
          list.push_back(item.Scalar());
        }
      } else if (!node.IsNull()) {
        throw Problem{"", "expected a list such as [a, b], got " + describe(node)};
      }
      v = std::move(list);
      break;
    }
  }
  check_value(k, v);
  return v;
}

// ---- cross-key constraints ----

void check_cross(const TrainConfig& c) {
  if (c.game.draw_value != 0 && c.game.reward != "winner")
    throw Problem{"game.draw_value", "applies to the winner reward only, not to '" + c.game.reward + "'"};
  // The game's registry knows which of the game settings it takes (env/games.h).
  const GameDescription game = describe_game(c.game.name, parse_variants(c.game.variants),
                                             reward_scheme_from_name(c.game.reward),
                                             static_cast<float>(c.game.draw_value));
  try {
    make_game(game);
  } catch (const std::invalid_argument& e) {
    std::string key = "game.name";
    for (const auto& parameter : game.parameters)
      if (std::string(e.what()).find("'" + parameter.first + "'") != std::string::npos) key = "game." + parameter.first;
    throw Problem{key, e.what()};
  }
  if (c.mcts.full_search_fraction < 1.0 && c.mcts.fast_sims > c.mcts.sims)
    throw Problem{"mcts.fast_sims", std::to_string(c.mcts.fast_sims) + " exceeds mcts.sims (" +
                                        std::to_string(c.mcts.sims) + ")"};
  if (c.mcts.leaves_per_round > c.mcts.sims)
    throw Problem{"mcts.leaves_per_round", std::to_string(c.mcts.leaves_per_round) +
                                               " exceeds mcts.sims (" + std::to_string(c.mcts.sims) + ")"};
  if (c.replay.min_samples > c.replay.window)
    throw Problem{"replay.min_samples", std::to_string(c.replay.min_samples) + " exceeds replay.window (" +
                                            std::to_string(c.replay.window) + ")"};
  if (c.learner.batch_size > c.replay.window)
    throw Problem{"learner.batch_size", std::to_string(c.learner.batch_size) + " exceeds replay.window (" +
                                            std::to_string(c.replay.window) + ")"};
  if (c.learner.batch_size > c.replay.min_samples)
    throw Problem{"learner.batch_size", std::to_string(c.learner.batch_size) +
                                            " exceeds replay.min_samples (" +
                                            std::to_string(c.replay.min_samples) +
                                            "): the first batches would repeat samples"};
  if (c.evaluation.every_steps > 0 && c.evaluation.opponents.empty())
    throw Problem{"evaluation.opponents", "empty, but evaluation.every_steps is " +
                                              std::to_string(c.evaluation.every_steps) +
                                              " (set it to 0 to turn evaluation off)"};
  if (c.selfplay.opponent_games > 0 && c.selfplay.opponents.empty())
    throw Problem{"selfplay.opponents", "empty, but selfplay.opponent_games is above 0 (set it to 0 for pure self-play)"};
  if (c.selfplay.fade_steps > 0 && c.selfplay.fade_score > 0)
    throw Problem{"selfplay.fade_score", "set, and so is selfplay.fade_steps: the teacher fades by results or by steps, not both"};
  if (c.mcts.minimax_weight > 0 && !heuristic_of(c.game.name))
    throw Problem{"mcts.minimax_weight", "above 0, but the heuristic evaluation judges Djambi positions only"};
  if (c.selfplay.heuristic_value > 0 && !heuristic_of(c.game.name))
    throw Problem{"selfplay.heuristic_value", "above 0, but the heuristic evaluation judges Djambi positions only"};
  if (c.selfplay.player == "ab" && learned_eval_features_of(c.game.name).features == 0)
    throw Problem{"selfplay.player", "ab, but the alpha-beta player and its learned evaluation play Djambi only"};
  if (c.selfplay.player == "ab" && learned_eval_features_of(c.game.name, c.ab.features).features == 0)
    throw Problem{"ab.features", "'" + c.ab.features + "' is not a feature set of " + c.game.name + "'s learned evaluation"};
  // The learned evaluation's self-play seats ab alone and learns from its searches and results.
  if (c.selfplay.player == "ab" && c.selfplay.opponent_games > 0)
    throw Problem{"selfplay.opponent_games", "above 0, but selfplay.player ab seats no opponents (set it to 0)"};
  if (c.selfplay.player == "ab" && !c.selfplay.teacher.empty())
    throw Problem{"selfplay.teacher", "set, but selfplay.player ab takes its targets from its own search (ab.lambda)"};
  if (c.selfplay.player == "ab" && c.selfplay.heuristic_value > 0)
    throw Problem{"selfplay.heuristic_value", "above 0, but selfplay.player ab takes its targets from the search (ab.lambda)"};
  if (c.selfplay.player != "ab" && !c.evaluation.heldout.empty())
    throw Problem{"evaluation.heldout", "set, but a held-out set measures the learned evaluation (selfplay.player: ab)"};
  for (const auto& spec : c.selfplay.imitate)
    if (std::find(c.selfplay.opponents.begin(), c.selfplay.opponents.end(), spec) == c.selfplay.opponents.end())
      throw Problem{"selfplay.imitate", "'" + spec + "' is not one of selfplay.opponents"};
}

// ---- reading documents ----

std::string where(const std::string& source, const YAML::Mark& mark) {
  if (mark.is_null() || mark.line < 0) return source;
  return source + ": line " + std::to_string(mark.line + 1);
}

[[noreturn]] void fail(const std::string& where, const std::string& key, const std::string& text) {
  throw std::invalid_argument(where + ": " + (key.empty() ? "" : key + ": ") + text);
}

YAML::Mark mark_of(const YAML::Node& node, const YAML::Node& fallback) {
  const YAML::Mark m = node.Mark();
  return m.is_null() ? fallback.Mark() : m;
}

class Reader {
 public:
  Reader(TrainConfig& config, std::string source) : config_(config), source_(std::move(source)) {}

  void read(const YAML::Node& root) {
    if (root.IsNull()) return;
    if (!root.IsMap()) {
      std::vector<std::string> names;
      for (const auto& s : sections()) names.push_back(s.first);
      fail(where(source_, root.Mark()), "", "expected a mapping of sections (" + join(names, ", ") + "), got " +
                                                describe(root));
    }
    for (const auto& pair : root) {
      const YAML::Node& key = pair.first;
      const YAML::Node& value = pair.second;
      if (!key.IsScalar()) fail(where(source_, key.Mark()), "", "a key must be a name, got " + describe(key));
      const std::string name = key.Scalar();
      if (name.find('.') != std::string::npos) {
        set(name, key, value);
        continue;
      }
      if (!is_section(name)) fail(where(source_, key.Mark()), name, unknown_key_text(name));
      remember(name, key);
      if (value.IsNull()) continue;
      if (!value.IsMap())
        fail(where(source_, mark_of(value, key)), name,
             "expected a mapping of the section's keys, got " + describe(value));
      for (const auto& inner : value) {
        if (!inner.first.IsScalar())
          fail(where(source_, inner.first.Mark()), name, "a key must be a name, got " + describe(inner.first));
        set(name + "." + inner.first.Scalar(), inner.first, inner.second);
      }
    }
  }

  // Where a key was set, for messages about cross-key constraints.
  std::string where_key(const std::string& name) const {
    const auto it = lines_.find(name);
    return it == lines_.end() ? source_ : source_ + ": line " + std::to_string(it->second);
  }

 private:
  void remember(const std::string& name, const YAML::Node& key) {
    const int line = key.Mark().line + 1;
    const auto [it, fresh] = lines_.emplace(name, line);
    if (!fresh)
      fail(where(source_, key.Mark()), name, "given twice (first at line " + std::to_string(it->second) + ")");
  }

  void set(const std::string& name, const YAML::Node& key, const YAML::Node& value) {
    const Key* k = find_key(name);
    if (!k) fail(where(source_, key.Mark()), name, unknown_key_text(name));
    remember(name, key);
    try {
      k->set(config_, convert(*k, value));
    } catch (const Problem& p) {
      fail(where(source_, mark_of(value, key)), name, p.text);
    }
  }

  TrainConfig& config_;
  std::string source_;
  std::map<std::string, int> lines_;
};

// Receives a YAML stream's events and ignores all but the documents' starts.
struct DocumentCounter : YAML::EventHandler {
  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
};

YAML::Node load_yaml(const std::string& text, const std::string& source) {
  try {
    // A second document would otherwise be dropped without a word. Documents are counted up to
    // two only: yaml-cpp 0.7 reads some malformed texts as endless documents (YAML::LoadAll never
    // returns on them; found by tests/fuzz/fuzz_config).
    std::istringstream stream(text);
    YAML::Parser parser(stream);
    DocumentCounter counter;
    int documents = 0;
    while (documents < 2 && parser.HandleNextDocument(counter)) ++documents;
    if (documents > 1)
      throw std::invalid_argument(source + ": holds more than one YAML document (separated by ---); a config is one document");
    return YAML::Load(text);
  } catch (const YAML::Exception& e) {
    std::string where = source;
    if (!e.mark.is_null())
      where += ": line " + std::to_string(e.mark.line + 1) + ", column " + std::to_string(e.mark.column + 1);
    throw std::invalid_argument(where + ": malformed YAML: " + e.msg);
  }
}

std::string trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  const size_t e = s.find_last_not_of(" \t");
  return s.substr(b, e - b + 1);
}

}  // namespace

// ---- public ----

TrainConfig::TrainConfig() {
  for (const Key& k : keys()) k.set(*this, k.default_value);
}

TrainConfig default_train_config() { return TrainConfig(); }

bool operator==(const TrainConfig& a, const TrainConfig& b) {
  for (const Key& k : keys())
    if (k.get(a) != k.get(b)) return false;
  return true;
}

void validate_train_config(const TrainConfig& config) {
  try {
    for (const Key& k : keys()) {
      try {
        check_value(k, k.get(config));
      } catch (Problem& p) {
        p.key = k.name;
        throw;
      }
    }
    check_cross(config);
  } catch (const Problem& p) {
    throw std::invalid_argument(p.key + ": " + p.text);
  }
}


TrainConfig parse_train_config(const std::string& yaml_text, const std::string& source_name) {
  const YAML::Node root = load_yaml(yaml_text, source_name);
  TrainConfig config;
  Reader reader(config, source_name);
  reader.read(root);
  try {
    check_cross(config);
  } catch (const Problem& p) {
    fail(reader.where_key(p.key), p.key, p.text);
  }
  return config;
}

// A config is a few kilobytes of YAML; anything past this is not one (e.g. /dev/zero).
constexpr uint64_t kMaxConfigBytes = uint64_t{1} << 20;

TrainConfig load_train_config(const std::string& path) {
  std::string text;
  try {
    text = read_file_at_most(path, kMaxConfigBytes, "config file");
  } catch (const std::runtime_error& e) {
    throw std::invalid_argument(e.what());
  }
  return parse_train_config(text, path);
}

void apply_overrides(TrainConfig& config, const std::vector<std::string>& assignments) {
  TrainConfig work = config;
  std::vector<std::pair<std::string, std::string>> applied;  // key, source
  for (const auto& assignment : assignments) {
    const std::string source = "--set " + assignment;
    const size_t eq = assignment.find('=');
    if (eq == std::string::npos)
      throw std::invalid_argument(source + ": expected KEY=VALUE, e.g. mcts.sims=200");
    const std::string name = trim(assignment.substr(0, eq));
    const Key* k = find_key(name);
    if (!k) fail(source, name.empty() ? "(no key)" : name, name.empty() ? "expected KEY=VALUE, e.g. mcts.sims=200" : unknown_key_text(name));
    YAML::Node node;
    try {
      node = YAML::Load(trim(assignment.substr(eq + 1)));
    } catch (const YAML::Exception& e) {
      fail(source, name, "malformed value: " + e.msg);
    }
    try {
      k->set(work, convert(*k, node));
    } catch (const Problem& p) {
      fail(source, name, p.text);
    }
    applied.emplace_back(name, source);
  }
  try {
    check_cross(work);
  } catch (const Problem& p) {
    std::string source = applied.empty() ? "--set" : applied.back().second;
    for (const auto& [key, src] : applied)
      if (key == p.key) source = src;
    fail(source, p.key, p.text);
  }
  config = std::move(work);
}

void apply_override(TrainConfig& config, const std::string& assignment) {
  apply_overrides(config, {assignment});
}

std::string to_yaml(const TrainConfig& config) {
  std::string out =
      "# djambi-zero training config, fully resolved: every key is present (train/config.h).\n";
  for (const auto& [section, comment] : sections()) {
    out += "\n# " + comment + "\n" + section + ":\n";
    for (const Key& k : keys()) {
      if (section_of(k.name) != section) continue;
      out += "  # " + comment_line(k) + "\n";
      out += "  " + leaf_of(k.name) + ": " + yaml_value(k.get(config)) + "\n";
    }
  }
  return out;
}

const std::vector<ConfigKeyInfo>& train_config_keys() {
  static const std::vector<ConfigKeyInfo> infos = [] {
    std::vector<ConfigKeyInfo> v;
    for (const Key& k : keys())
      v.push_back({k.name, type_name(k.type), yaml_value(k.default_value), allowed_text(k), k.comment});
    return v;
  }();
  return infos;
}


}  // namespace djambi
