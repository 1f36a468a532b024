#pragma once
// Depth-limited search over whole turns for N-player Djambi (docs/PLAYERS.md, "ab"):
//   paranoid : every other alive player minimises the root player's value (alpha-beta).
//   brs      : Best-Reply Search (Schadd & Winands 2011): between two turns of the root player
//              only the single best reply among all opponents is searched (alpha-beta).
//   maxn     : a value per player, each maximising its own, with shallow pruning.
// Values are shares: a player's score (player_scores) over the alive players' total, so they
// lie in [0, 1] and sum to 1 (max^n's shallow pruning needs that bound). Iterative deepening
// under a depth, node or time limit; a transposition table keyed by the position hash; kills
// first (by victim value), then the table's move, killer moves and history; a kills-only
// quiescence search at the horizon.
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "mcts/djambi/eval.h"
#include "mcts/djambi/learned_eval.h"
#include "mcts/djambi/search_moves.h"

namespace djambi {

enum class AbAlgorithm { kParanoid, kBestReply, kMaxN };
AbAlgorithm ab_algorithm_from_name(const std::string& name);  // throws std::invalid_argument
const char* ab_algorithm_name(AbAlgorithm algo);

struct AlphaBetaOptions {
  AbAlgorithm algorithm = AbAlgorithm::kBestReply;
  int max_depth = 0;          // whole turns; 0: deepen until the time or node limit
  double seconds = 0;         // >0: stop deepening after this long (the last whole depth counts)
  uint64_t max_nodes = 0;     // >0: stop after this many nodes
  int placements = 3;         // candidates per placement of a lifted piece (0: all)
  int quiescence = 4;         // plies of kills-only search at the horizon (0: none)
  bool pruning = true;        // false: plain minimax / max^n without cut-offs (tests)
  int tt_log2 = 19;           // transposition table of 2^tt_log2 entries (0: none)
  uint64_t seed = 0;          // the root's first move order (ties between equal moves)
  EvalWeights weights;         // the hand-written evaluation's
  // A learned evaluation (mcts/djambi/learned_eval.h) in place of the hand-written one; null:
  // the hand-written one. Finished games are scored exactly either way.
  std::shared_ptr<const AccumulatorNet> learned;
  // Keep the interior positions the search valued exactly (AlphaBetaResult::labelled): the
  // training data of a learned evaluation, TreeStrap-style (scalar algorithms only).
  bool label_interior = false;
  // Set from another thread: the search stops soon (looked at every 1024 nodes, as the clock),
  // playing the best found so far; never before the first whole depth is complete.
  const std::atomic<bool>* stop = nullptr;
};

struct AlphaBetaResult;
// Called on the search's thread after each whole depth completed and about every
// `seconds` (between depths, with the last completed depth's `depth`, the best move so far and
// the nodes and time so far).
struct AlphaBetaProgress {
  std::function<void(const AlphaBetaResult&)> report;
  double seconds = 1.0;
};

// One whole move of a principal variation, and who makes it (under brs, a reply need not come
// from the player whose turn it is in the game).
struct PvStep {
  SearchMove move;
  PlayerId mover = kNobody;
};

// A root move of an analysing search (AlphaBetaSearch::set_analysis).
struct AlphaBetaLine {
  SearchMove move;
  float value = 0;              // the root player's share after it
  int depth = 0;                // of the iteration that found `value`
  std::vector<PvStep> pv;       // the moves after it, as far as the search followed them
};

// An interior node of a search valued exactly (inside its window), where the root player is to
// move: its value is that player's share at `depth` whole turns, as the root's is.
struct LabelledPosition {
  Position position;
  float value = 0;
  int depth = 0;
};

struct AlphaBetaResult {
  SearchMove move;                // engine actions of the chosen whole move
  float value = 0;                // the root player's share after it, as searched
  int depth = 0;                  // the deepest completed iteration
  uint64_t nodes = 0;             // positions visited, quiescence included
  double seconds = 0;
  int root_moves = 0;             // whole moves searched at the root
  // With set_analysis(K): the K best root moves, best first (`move` and `value` are the
  // first's), with exact values, from the deepest iteration that searched at least K root moves
  // (or all of them).
  std::vector<AlphaBetaLine> lines;
  // With AlphaBetaOptions::label_interior: every interior position of the searches of this
  // decision at depth >= 1 with the root player to move whose value was exact, each once (at the
  // deepest depth it was searched to), the root left out.
  std::vector<LabelledPosition> labelled;
};

class AlphaBetaSearch {
 public:
  explicit AlphaBetaSearch(const AlphaBetaOptions& options);
  const AlphaBetaOptions& options() const { return options_; }
  void set_limits(int max_depth, double seconds, uint64_t max_nodes);
  // multipv > 0: the searches keep principal variations and the exact values of the `multipv`
  // best root moves (AlphaBetaResult::lines), searching the others against the multipv-th best
  // value (1: the same search as without). 0 (the default): neither.
  void set_analysis(int multipv) { multipv_ = multipv; }
  // The stop flag (AlphaBetaOptions::stop) and the progress reports of the searches to come.
  void set_control(const std::atomic<bool>* stop, AlphaBetaProgress progress) {
    options_.stop = stop;
    progress_ = std::move(progress);
  }
  // Searches the turn of `root.to_move` (a running game, at a turn start).
  AlphaBetaResult search(const Position& root);
  // The hand-written static value of a position (shares per player index; terminal
  // positions exact).
  std::array<float, 4> evaluate(const Position& pos, int ply) const;
  // The max^n value (shares per player index) of a kills-only quiescence search of
  // options().quiescence plies from `pos` (a running game, at a turn start): what the static
  // evaluation says once the kills in sight are played out. Each player to move may take one of
  // its kills or stand on the static value.
  std::array<float, 4> quiescence_values(const Position& pos);
  // Accumulators brought along the line and computed afresh by the learned evaluation.
  uint64_t learned_updates() const { return learned_ ? learned_->updates() : 0; }
  uint64_t learned_refreshes() const { return learned_ ? learned_->refreshes() : 0; }

 private:
  using Values = std::array<float, 4>;
  struct TtEntry {
    uint64_t key = 0;
    float value = 0;
    Action best = -1;
    int8_t depth = -1;
    uint8_t bound = 0;  // 0 exact, 1 lower, 2 upper
  };
  struct Ordered {
    Action first;
    int score;
  };

  // The static value of `pos`, the position at `ply` of the line searched (entered there).
  Values leaf_values(const Position& pos, int ply);
  // Marks `pos` as the position at `ply` of the line searched now (for the learned evaluation).
  void enter(int ply, const Position& pos) {
    if (learned_) learned_->enter(ply, pos);
  }

  // Scalar searches (paranoid, brs): the root player's share; below depth 0, kills-only
  // quiescence. `min_turn` (brs): every opponent's reply is searched from this node, and the
  // root player moves after it.
  float alphabeta(const Position& pos, int depth, float alpha, float beta, int ply, bool min_turn);
  // max^n; below depth 0 its kills-only quiescence. `parent` (another player, or kNobody) has
  // `parent_best` secured already: shallow pruning.
  Values maxn(const Position& pos, int depth, int ply, PlayerId parent, float parent_best);

  // First move parts of `turn`, best first (kills_only: those that may kill).
  void order_moves(const Turn& turn, int ply, Action tt_move, bool kills_only, std::vector<Ordered>& out) const;
  void note_cutoff(Action first, int ply, int depth);
  // The principal variation at `ply`: `move` by `mover`, then the one found at ply + 1.
  void note_pv(int ply, const SearchMove& move, PlayerId mover);
  // The positions whose turns a scalar node searches: at a brs reply node, one per alive
  // opponent of the root player, set to move; otherwise `pos` itself. Returns how many.
  int mover_positions(const Position& pos, bool reply, std::array<Position, 3>& out) const;
  // Where the search goes on after `child`: after a brs reply, the root player is set to move.
  Position next_position(const SearchChild& child, bool reply) const;
  // Whether brs's alternation applies at `pos` (more than one opponent alive).
  bool best_reply_node(const Position& pos) const;
  // Game over, or the root player out (its share is final).
  bool terminal(const Position& pos) const;
  bool out_of_budget();
  uint64_t tt_key(const Position& pos, bool min_turn) const;
  TtEntry* tt_probe(uint64_t key);
  void tt_store(uint64_t key, int depth, float value, uint8_t bound, Action best);

  AlphaBetaOptions options_;
  std::unique_ptr<LearnedEval> learned_;  // when options_.learned is set
  std::vector<TtEntry> tt_;
  std::vector<std::array<Action, 2>> killers_;
  std::vector<int> history_;
  PlayerId root_player_ = 0;
  uint64_t nodes_ = 0;
  bool aborted_ = false;
  std::chrono::steady_clock::time_point start_;
  std::vector<std::vector<SearchChild>> child_stack_;  // per ply, reused between nodes
  std::vector<std::vector<Ordered>> order_stack_;
  int multipv_ = 0;
  std::vector<std::vector<PvStep>> pv_;  // per ply, when multipv_ > 0
  AlphaBetaProgress progress_;
  AlphaBetaResult* current_ = nullptr;  // the result of the search running, for progress reports
  std::chrono::steady_clock::time_point last_progress_;
  int iteration_ = 0;                   // the depth being searched
  // With options_.label_interior: the positions labelled so far in this search, by key.
  std::unordered_map<uint64_t, LabelledPosition> labelled_;
  void label(uint64_t key, const Position& pos, float value, int depth);
  // Reports `current_` to progress_ (with the nodes and time so far).
  // Only the periodic reports restart the period: a report after each whole depth does not delay
  // the next periodic one (a reader that drops early reports still sees one a second).
  void report_progress(std::chrono::steady_clock::time_point now, bool periodic);
};

}  // namespace djambi
