#pragma once
// One search tree over the generic game interface: PUCT selection with one value per seat at
// every node. A node's acting seat maximises its own value (max^n), which needs no special
// case for extra turns, eliminated players or several decisions in a row by one player; the
// `paranoid` option makes every other seat minimise the root seat's value instead.
//
// The tree does no evaluation itself: select_leaf() hands out leaves (with virtual loss on
// their paths) and expand_and_backup() takes their evaluations, so that one batch can serve
// many leaves of one tree, or of many trees (batched_search.h).
//
// Several threads may select, expand, back up and abandon in one tree at once (tree-parallel
// search): nodes never move (StableArena), and a pool of mutexes indexed by node id (as in
// KataGo) guards them, a thread holding at most one at a time. The lock of node n guards n's
// expansion and the statistics and priors of n's children; the root's lock also guards the
// root's own statistics and the state of a Gumbel root search. The other members (root noise,
// re-rooting, the queries below) are for one thread at a time, between searches.
#include <array>
#include <memory>
#include <mutex>
#include <random>
#include <vector>

#include "env/game.h"
#include "mcts/search_config.h"
#include "mcts/stable_arena.h"

namespace djambi {

constexpr int kMaxPlayers = 4;
using SeatValues = std::array<float, kMaxPlayers>;

// A node's visit statistics. They belong to the edge from its parent: guarded by the parent's
// lock (the root's by its own), and read with the parent's other children when one is selected.
struct NodeStats {
  int32_t visits = 0;
  int32_t virtual_visits = 0;  // playouts under way through this node
  SeatValues value_sum{};      // per seat, over `visits`
};

struct Node {
  Action action = -1;        // the action that leads here from the parent (set once)
  float prior = 0.0f;        // guarded by the parent's lock (root noise changes it)
  NodeStats stats;
  // Guarded by this node's own lock: its expansion.
  int32_t first_child = -1;
  int32_t num_children = 0;
  int8_t to_act = kTerminalPlayer;  // seat deciding here (valid once expanded)
  bool expanded = false;
  bool terminal = false;
  SeatValues terminal_values{};
  // Solver: the node's value is known exactly (a finished game, or proven from its children).
  // Guarded like `stats`: by the parent's lock (the root's by its own).
  bool proven = false;
  SeatValues proven_values{};
  // Implicit minimax backups: the heuristic's max^n value of the node's expanded subtree.
  // Guarded like `stats`.
  bool has_minimax = false;
  SeatValues minimax{};
};

// A leaf handed out for evaluation.
struct Leaf {
  std::vector<int32_t> path;           // node indices from the root to the leaf
  std::unique_ptr<GameState> state;    // the leaf's position (null when terminal: already backed up)
};

class Tree {
 public:
  Tree(const SearchConfig& config, std::unique_ptr<GameState> root_state);

  const GameState& root_state() const { return *root_state_; }
  const Node& root() const { return nodes_[root_]; }
  int32_t root_index() const { return root_; }
  const Node& node(int32_t i) const { return nodes_[i]; }
  int root_visits() const { return nodes_[root_].stats.visits; }
  int num_players() const { return players_; }

  enum class Selection {
    kEvaluate,   // `leaf` holds a position to evaluate; its path carries virtual loss
    kTerminal,   // the playout ended in a finished game, already backed up
    kCollision,  // the leaf is already waiting for an evaluation; nothing was changed
  };
  // Descends from the root to a leaf. Thread-safe.
  Selection select_leaf(Leaf& leaf);
  // Adds root noise (when configured) for a new search from this root. Call before a search.
  void prepare_search();
  // Turns root noise (and with it forced playouts) on or off for the next searches: playout cap
  // randomisation explores only in its full searches.
  void set_root_noise(bool on) { config_.root_noise = on; }
  // The playouts the next search from this root will make in all (counting those the reused
  // tree holds): Gumbel's sequential halving shares out what is left of it. 0 = no fixed count.
  void set_simulations(int simulations) { config_.simulations = simulations; }
  // Expands the leaf with dense priors [num_actions] and backs up its per-seat values.
  // Thread-safe.
  void expand_and_backup(const Leaf& leaf, const float* priors, const float* values);
  // Removes the virtual loss of a leaf that will not be evaluated (its evaluation failed).
  // Thread-safe.
  void abandon(const Leaf& leaf);

  // Visit counts of the root's children, as (action, visits).
  std::vector<std::pair<Action, int>> root_visit_counts() const;
  // The policy target: visit shares of the root's children (forced playouts pruned when on);
  // Gumbel: the improved policy.
  std::vector<std::pair<Action, float>> policy_target() const;
  // Mean value of the root per seat (its proven value once the solver has proven it).
  SeatValues root_values() const;
  // Whether the solver has proven the root's value.
  bool root_proven() const { return nodes_[root_].proven; }
  // The most visited action (ties to the higher prior), or one drawn with probability
  // proportional to visits^(1/temperature). Gumbel: the survivor of the sequential halving, or
  // (temperature > 0 in a search without Gumbel noise) one drawn from the improved policy.
  Action choose_action(float temperature, std::mt19937_64& rng) const;

  // Re-roots the tree at the child reached by `action` (tree reuse); the rest is dropped.
  void advance(Action action);

 private:
  // The value of a finished game to each seat (the game's returns, or config_'s own reward).
  SeatValues terminal_values(const GameState& end) const;
  int32_t select_child(const Node& parent, const NodeStats& parent_stats, bool at_root) const;
  float child_utility(const Node& parent, const NodeStats& child) const;
  bool solving() const { return config_.solver && !config_.paranoid; }
  bool minimaxing() const { return config_.minimax_weight > 0.0f && config_.heuristic && !config_.paranoid; }
  // Implicit minimax: sets path.back()'s minimax value to `values` and recomputes each
  // ancestor's from its expanded children. Thread-safe.
  void back_up_minimax(const std::vector<int32_t>& path, SeatValues values);
  // Solver: marks path.back() proven with `values` and goes up the path while that proves the
  // parent too. Thread-safe.
  void prove(const std::vector<int32_t>& path, SeatValues values);
  // Solver: the root child to play whatever the visits say (a proven win for the seat to act),
  // or -1.
  int32_t proven_choice() const;
  // Solver: whether `child` of `parent` is a proven loss for the seat acting at `parent`.
  static bool proven_loss(const Node& parent, const Node& child);
  void expand(int32_t node_index, const GameState& state, const float* priors);
  void add_root_noise();
  // Takes the virtual visit of `path` back and, with `values`, counts the playout.
  void backup(const std::vector<int32_t>& path, const SeatValues* values);
  std::mutex& lock_of(int32_t node) const { return locks_[static_cast<uint32_t>(node) % kLocks]; }
  // The lock that guards the statistics of path[k].
  std::mutex& stats_lock(const std::vector<int32_t>& path, size_t k) const { return lock_of(path[k == 0 ? 0 : k - 1]); }
  // Gumbel root search: the state of the current search from this root (under the root's lock
  // while a search runs). `root_stats`: the root's statistics before this playout's virtual visit.
  void start_gumbel(const NodeStats& root_stats);
  int32_t select_gumbel_root_child(const NodeStats& root_stats);
  std::vector<float> gumbel_completed_q() const;
  std::vector<float> gumbel_improved_policy() const;
  int32_t gumbel_choice() const;
  struct GumbelRoot {
    bool ready = false;
    std::vector<float> score;       // per root child: Gumbel noise + log prior; -inf if not considered
    std::vector<int> base_visits;   // per root child: visits before this search
    int base_root_visits = 0;
    int budget = 0;                 // playouts of this search
    float value = 0.0f;             // the root's value to the seat to act when the search began
    std::vector<int> sequence;      // gumbel::considered_visit_sequence
  };

  static constexpr uint32_t kLocks = 64;  // more than threads: two seldom want one lock
  SearchConfig config_;
  std::unique_ptr<GameState> root_state_;
  StableArena<Node> nodes_;
  mutable std::array<std::mutex, kLocks> locks_;
  int32_t root_ = 0;
  int root_seat_ = 0;
  int players_ = 0;
  int num_actions_ = 0;
  bool noise_added_ = false;
  GumbelRoot gumbel_;
  std::mt19937_64 rng_;
};

}  // namespace djambi
