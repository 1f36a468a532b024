#pragma once
// What a search found, for people and programs (the bot protocol's `analyze`, docs/PROTOCOL.md):
// its best whole moves with their statistics and principal variations. Game-generic: a move is
// the list of decisions of one whole turn (env/turn_text.h writes it in the game's notation).
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "env/game.h"

namespace djambi {

class Tree;

// One of the best whole moves from the root.
struct SearchLine {
  std::vector<Action> move;                // the decisions of one whole turn from the root
  int visits = -1;                         // tree search: the playouts through the whole move (-1: none counted)
  std::optional<float> prior;              // tree search: the product of the priors of its decisions
  std::optional<float> score;              // alpha-beta: the mover's share after it (0 to 1), as searched
  int depth = 0;                           // alpha-beta: the depth of `score`
  std::vector<float> values;               // the value expected for each seat (empty: not known)
  std::vector<std::vector<Action>> pv;     // whole turns from the root, `move` first, as far as known
};

struct SearchAnalysis {
  std::vector<Action> chosen;       // the turn the player plays from the root (what choose_turn answers)
  std::vector<SearchLine> lines;    // the best whole moves, best first
  std::vector<float> root_values;   // tree search: the root's value for each seat (empty: not known)
  std::optional<float> root_score;  // alpha-beta: the mover's share as searched
  int depth = 0;                    // alpha-beta: the deepest whole depth searched
  int64_t visits = -1;              // tree search: the root's playouts (-1: not a tree search)
  int64_t nodes = -1;               // alpha-beta: positions searched (-1: not counted)
  double seconds = 0;               // the time the search took
};

// How a search is steered while it runs (Player::set_control; the bot protocol's `go infinite`,
// `stop` and periodic `info` lines). The default steers nothing.
struct SearchControl {
  // Set (from any thread) while the search runs: it ends soon and plays the best it has found so
  // far; it still searches at least one whole depth (alpha-beta) or one playout (tree search), so
  // its move is legal and founded even when the flag was set before it began.
  const std::atomic<bool>* stop = nullptr;
  // Called on the search's thread with what it has found so far: about every `progress_seconds`,
  // and (alpha-beta) after each whole depth completed. `seconds` counts from the start of the
  // turn's search; tree search fills `visits`, `root_values` and one line, alpha-beta `depth`,
  // `nodes`, `root_score` and one line (the move it would play now, with its score).
  std::function<void(const SearchAnalysis&)> progress;
  double progress_seconds = 1.0;
  // The search ignores its budget (playouts, time, depth, nodes) and runs until `stop` is set
  // (or it has nothing left to search); the budget stays for the searches after.
  bool unlimited = false;

  bool stopped() const { return stop && stop->load(std::memory_order_relaxed); }
  bool active() const { return stop || progress || unlimited; }
};

// The analysis of the root of `tree` (a search done, between searches): up to `multipv` whole
// moves of the seat to act, in the order of the tree's choice: `first` (the decision the
// search chose, -1: none) first, then the others by visits (ties to the higher prior), the
// later decisions of a turn by visits too. A turn's later decisions the tree never visited
// follow the highest prior. Principal variations follow the most visited decisions, as far as
// they make whole turns.
SearchAnalysis analysis_of_tree(const Tree& tree, Action first, int multipv);

}  // namespace djambi
