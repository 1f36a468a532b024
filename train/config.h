#pragma once
// The training configuration: every setting of a run, read from YAML (configs/*.yaml) and
// "--set section.key=value" overrides, written back in full to runs/NAME/config.yaml.
//
// Every key is declared once, in the key table of config.cpp, with its dotted name, type,
// default, allowed range or choices and a one-line comment. The defaults, the validation, the
// YAML reader and writer and train_config_keys() are all driven by that table; a
// default-constructed TrainConfig holds the defaults.
//
// Errors are std::invalid_argument with a message that names the source (file path, source
// name or "--set ..."), the line where known, the dotted key and the problem, e.g.
//   configs/x.yaml: line 7: mcts.simz: unknown key (did you mean mcts.sims?)
#include <string>
#include <vector>

#include "mcts/search_config.h"

namespace djambi {

struct TrainConfig {
  struct Game {
    std::string name;                   // "djambi" | "tictactoe"
    std::vector<std::string> variants;  // RULES.md section 9 names (djambi only)
    std::string reward;                 // "winner" | "rank" | "survival" (env/rewards.h)
    double draw_value = 0;              // winner: the return of the players sharing a draw
  };
  struct Net {
    std::string preset;  // "small" | "default" | "large" (nets/net_config.h)
    int channels = 0;    // 0 = from the preset
    int blocks = 0;      // 0 = from the preset
    int value_hidden = 0;
    bool aux_head = false;  // each seat's material later and at the end (NetConfig::aux_outputs)
    int threads = 0;  // LibTorch intra-op threads
    std::string device;  // nets/device.h: auto | cpu | cuda | cuda:N
    std::string precision;  // of inference (nets/torch_evaluator.h): fp32 | bf16 | fp16
    std::string init;       // a bundle or checkpoint a new run starts from ("" = random weights)
  };
  struct Mcts {
    int sims = 0;       // playouts of a full search (recorded as a training sample)
    int fast_sims = 0;  // playouts of a fast search (playout cap randomisation)
    double full_search_fraction = 0;
    double c_puct = 0;
    double fpu_reduction = 0;
    double dirichlet_alpha = 0;
    double dirichlet_epsilon = 0;
    bool forced_playouts = false;
    double forced_playout_k = 0;
    bool paranoid = false;
    bool solver = false;
    double minimax_weight = 0;
    int minimax_quiescence = 0;
    std::string root;  // "puct" | "gumbel"
    int gumbel_considered = 0;
    double gumbel_c_visit = 0;
    double gumbel_c_scale = 0;
    double gumbel_noise_scale = 0;
    int leaves_per_round = 0;
  };
  struct Selfplay {
    int games = 0;  // played in parallel (0 = auto, run_setup.h)
    double temperature = 0;
    int temperature_decisions = 0;
    int max_decisions = 0;  // longer games are ruled a draw among the survivors (env/outcome.h)
    std::vector<std::string> opponents;  // fixed seats' player specs (mixed seats)
    double opponent_games = 0;           // share of games with fixed seats
    int fade_steps = 0;                  // learner steps over which that share falls (0 = fixed)
    double opponent_games_final = 0;     // ... to this share
    double fade_score = 0;               // or as the network's recent score rises to this (0 = not)
    std::vector<std::string> imitate;    // opponents whose decisions are samples too
    double heuristic_value = 0;          // weight of the heuristic evaluation in value targets
    std::string teacher;                 // a player spec labelling sample positions (empty: none)
    double teacher_share = 0;            // share of sample positions it analyses
    double teacher_policy = 0;           // weight of its policy in the policy target
    double teacher_value = 0;            // weight of its value in the value target
    double teacher_temperature = 0;      // of the softmax over its move scores (shares)
    int aux_turns = 0;                   // the auxiliary targets' horizon in whole turns
    int weights_every_steps = 0;         // learner steps between weight copies to self-play
    int pipeline_groups = 0;             // batches in flight in the search (0 = auto)
    std::string own_thread;              // "auto" | "on" | "off": self-play beside the learner
    std::string player;                  // "network" | "ab": what self-play plays and the run learns
  };
  // The learned evaluation of the alpha-beta player (selfplay.player: ab; docs/LEARNED_EVAL.md).
  struct Ab {
    int hidden = 0;            // the accumulator's width
    int head = 0;              // the dense head's width
    double lambda = 0;         // the search's share of the target, the rest the game's result
    int nodes = 0;             // nodes searched per decision in self-play and evaluation
    int random_turns = 0;      // turns played at random at the start of each self-play game
    bool quiet_samples = false;  // only positions whose searched turn kills nothing give samples
    bool interior_samples = false;  // each search's exact interior positions give samples too (TreeStrap)
    int interior_depth = 1;         // of those, only the ones searched this many whole turns deep or more
    int generation_steps = 0;  // learner steps between the bundles self-play plays with
    int teacher_steps = 0;     // before this step self-play searches with the hand-written evaluation
    std::string features;      // the feature set (the game's first when empty)
  };
  struct Replay {
    int window = 0;
    bool distinct = false;  // a sample whose input is one in the window already is dropped
    int min_samples = 0;
    int flush_every_games = 0;  // 0 = never
    bool symmetries = false;
  };
  struct Learner {
    int batch_size = 0;
    double learning_rate = 0;
    double weight_decay = 0;
    double momentum = 0;
    std::string optimizer;  // "sgd" | "adam"
    double train_ratio = 0;
    double value_loss_weight = 0;
    double aux_later_weight = 0;  // of the auxiliary head's material some turns later
    double aux_end_weight = 0;    // ... and at the end
    int max_steps = 0;       // 0 = unlimited
    double max_minutes = 0;  // 0 = unlimited
  };
  struct Evaluation {
    int every_steps = 0;  // 0 = never
    int games = 0;
    int sims = 0;
    std::vector<std::string> opponents;  // player specs (mcts/player.h)
    std::string heldout;                 // the learned evaluation's held-out set ("" = none)
  };
  struct Run {
    int checkpoint_every_steps = 0;
    int keep_checkpoints = 0;
    int seed = 0;
    int threads = 0;  // TBB threads (0 = auto)
    double actor_timeout_seconds = 0;  // mpirun: when a silent actor or learner is given up
  };

  Game game;
  Net net;
  Mcts mcts;
  Selfplay selfplay;
  Ab ab;
  Replay replay;
  Learner learner;
  Evaluation evaluation;
  Run run;

  TrainConfig();  // the defaults of the key table
};

bool operator==(const TrainConfig& a, const TrainConfig& b);
inline bool operator!=(const TrainConfig& a, const TrainConfig& b) { return !(a == b); }

TrainConfig default_train_config();

// Reads YAML on top of the defaults. Sections are mappings ("mcts:\n  sims: 200"); a top-level
// dotted key ("mcts.sims: 200") is accepted too. Keys left out keep their defaults. Throws
// std::invalid_argument naming the dotted key and the problem: unknown key (with the closest
// known key), wrong type, out of range or not a choice, a key given twice, malformed YAML (with
// its line), cross-key constraints. File errors name the path.
TrainConfig load_train_config(const std::string& path);
TrainConfig parse_train_config(const std::string& yaml_text, const std::string& source_name);

// "mcts.sims=200": the value is read as a YAML scalar or a flow list ("[a, b]"; "" is the empty
// list). Validates the key and the whole config afterwards; same errors as the readers.
void apply_override(TrainConfig& config, const std::string& assignment);
// Applies all, then validates once (so that e.g. replay.window and replay.min_samples can be
// lowered together in either order). `config` is left unchanged on error.
void apply_overrides(TrainConfig& config, const std::vector<std::string>& assignments);

// Checks every key's range or choices and the cross-key constraints; throws as above.
void validate_train_config(const TrainConfig& config);

// The fully resolved config as YAML: every key present, each preceded by its comment line;
// parse_train_config(to_yaml(c)) == c.
std::string to_yaml(const TrainConfig& config);

// The key table, for documentation and `--help` output.
struct ConfigKeyInfo {
  std::string name;           // dotted, e.g. "mcts.sims"
  std::string type;           // "int", "double", "bool", "string", "list of strings"
  std::string default_value;  // as YAML
  std::string allowed;        // e.g. "1 to 100000", "winner | rank | survival"
  std::string comment;        // one line
};
const std::vector<ConfigKeyInfo>& train_config_keys();

}  // namespace djambi
