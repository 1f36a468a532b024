#pragma once
// The network-free players.
#include <chrono>
#include <memory>
#include <random>

#include "mcts/batched_search.h"
#include "mcts/player.h"

namespace djambi {

// Whether the turn of the player to act in `before` is over in `after`.
bool turn_over(const GameState& before, const GameState& after);
// Random decisions from `state` to the end of the turn.
std::vector<Action> random_turn(const GameState& state, std::mt19937_64& rng);

// Each decision uniform among the legal ones.
class RandomPlayer : public Player {
 public:
  explicit RandomPlayer(uint64_t seed) : rng_(seed) {}
  std::string name() const override { return "random"; }
  std::vector<Action> choose_turn(const GameState& state) override;

 private:
  std::mt19937_64 rng_;
};

// The spec keys of implicit minimax backups, `minimax` (the weight) and `quiescence` (plies of
// the heuristic's quiescence search), over `search`'s values, and the game's heuristic that they
// need; throws std::invalid_argument naming the spec for a game without one.
void apply_minimax_options(const PlayerSpec& spec, const Game& game, SearchConfig& search);

struct MctsPlayerOptions {
  SearchConfig search;          // search.simulations: the playouts of a decision (0 = no limit)
  double seconds = 0;           // >0: a decision's search also stops after this long
  int threads = 1;              // >1: tree-parallel search (the evaluator must be thread-safe)
  int leaves_per_worker = 8;    // leaves each thread gathers per evaluator call
  float temperature = 0.0f;     // 0: most visited decision
};

// PUCT search guided by any evaluator; keeps its tree between decisions.
class MctsPlayer : public Player {
 public:
  MctsPlayer(std::string name, std::shared_ptr<Evaluator> evaluator, const MctsPlayerOptions& options);
  std::string name() const override { return name_; }
  std::vector<Action> choose_turn(const GameState& state) override;
  void observe(const GameState& before, Action action) override;
  std::string last_analysis() const override { return analysis_; }
  // The lines come from the search of the turn's first decision; choose_turn searches again
  // before each later decision of a turn, which may then differ from those of the lines.
  std::optional<SearchAnalysis> analyze(const GameState& state, int multipv) override;
  bool set_budget(const SearchBudget& budget) override;
  // A stop flag or a progress callback makes the search run in short slices, looking at the flag
  // between them and calling progress about every control.progress_seconds.
  bool set_control(const SearchControl& control) override;
  // Runs the search from `state` and returns the chosen decision (no tree advance).
  Action search(const GameState& state);
  const Tree* tree() const { return tree_.get(); }

 private:
  void sync_tree(const GameState& state);
  // choose_turn; with `analysis`, the analysis of its first decision's search (up to `multipv` lines).
  std::vector<Action> turn(const GameState& state, std::optional<SearchAnalysis>* analysis, int multipv);
  // search(), within a turn whose decisions `before` are chosen already and whose search began
  // at `start` (for the progress reports).
  Action search_turn(const GameState& state, const std::vector<Action>& before,
                     std::chrono::steady_clock::time_point start);

  std::string name_;
  std::shared_ptr<Evaluator> evaluator_;
  MctsPlayerOptions options_;
  std::unique_ptr<Tree> tree_;
  std::mt19937_64 rng_;
  std::string analysis_;
  SearchControl control_;
  std::chrono::steady_clock::time_point last_progress_;
};

}  // namespace djambi
