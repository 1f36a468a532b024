#pragma once
// Djambi's learned evaluation for the alpha-beta search (docs/LEARNED_EVAL.md): the features
// of a position seen by each player, and the accumulators the search keeps up to date along
// the line it is searching.
//
// Feature set "djambi-pieces-1", per perspective p, the board turned so that p's home corner is
// a1 (as the network's observation is), relations counted in turn order from p (0 p itself,
// 1 the next player, 2 the one across, 3 the previous; 4 a zombie party, whoever holds power):
//   living piece   ((kind - 1) * 5 + relation of its controller) * 81 + square   2,430 features
//   corpse         2430 + square                                                    81
//   to move        2511 + relation of the player to move                             4
//   extra turn     2515, while a power turn follows another player's turn            1
// Whether a chief holds power is where it stands (e5); the quiet-turn counter is not seen.
//
// Feature set "djambi-pieces-1-on-eval": the same features, and each player's logit is added to
// the log of its hand-written score (mcts/djambi/eval.h, default weights), so that the net
// learns a correction of the hand-written evaluation; with zero output weights it is that
// evaluation (its shares are the scores over their total).
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "env/djambi/position.h"
#include "mcts/accumulator_net.h"
#include "mcts/eval_bundle.h"

namespace djambi {

constexpr const char* kLearnedEvalFeatureSet = "djambi-pieces-1";
constexpr const char* kLearnedEvalOnEvalFeatureSet = "djambi-pieces-1-on-eval";
constexpr int kLearnedEvalFeatures = 2516;
// The most features active at once for one perspective: a piece or corpse per square, the
// player to move and the extra turn.
constexpr int kMaxActiveFeatures = kNumSquares + 2;

// The active features of `pos` seen by `perspective`, written to `out` (kMaxActiveFeatures
// room); returns how many. Ascending for the board, then to move, then extra turn.
int learned_eval_features(const Position& pos, PlayerId perspective, int* out);

// The base logits of the -on-eval feature set by player index: the log of each alive player's
// hand-written score (at least 1, so at least 0), 0 for the others.
std::array<float, 4> learned_eval_base_logits(const Position& pos);

// Values by player index of `pos` (a running game) computed from scratch: the softmax of the
// alive players' logits, 0 for the others.
std::array<float, 4> learned_eval_shares(const AccumulatorNet& net, const Position& pos);

// The net of the bundle at `path`, for games of `variants` (on_base set for the -on-eval feature
// set). Throws std::runtime_error naming the file: unreadable or corrupt, or made for another
// game, feature set or variant set.
std::shared_ptr<const AccumulatorNet> load_learned_eval(const std::string& path, Variants variants);

// The evaluation of one search, along the line it searches. Positions are entered by ply as the
// search reaches them; an evaluation brings the accumulators down from the nearest shallower ply
// already computed, ply by ply, each from its parent's by adding and removing the rows of the
// squares that differ (a refresh where the controllers of parties differ, or where many squares
// do). Not thread-safe: one per search.
class LearnedEval {
 public:
  LearnedEval(std::shared_ptr<const AccumulatorNet> net, int max_ply);
  // `pos` (which must outlive its use here: the search's own frame) is the position at `ply`
  // of the line searched now; what `ply` held before is forgotten.
  void enter(int ply, const Position& pos) {
    Slot& s = slots_[static_cast<size_t>(ply)];
    s.pos = &pos;
    s.computed = 0;
    s.changed = kNotCompared;
  }
  // The values by player index of the position entered at `ply`.
  std::array<float, 4> shares(int ply);
  // Player p's accumulator at `ply` (computed if it is not yet), hidden floats.
  const float* accumulator(int ply, PlayerId p);
  // Accumulators brought from a shallower ply, and computed from scratch.
  uint64_t updates() const { return updates_; }
  uint64_t refreshes() const { return refreshes_; }

 private:
  static constexpr int kNotCompared = -1, kRefresh = -2;
  struct Slot {
    const Position* pos = nullptr;
    uint8_t computed = 0;  // bit p: player p's accumulator is up to date
    // The squares that differ from the parent's position, found once for every player:
    // `changed` of them, or kNotCompared, or kRefresh (controllers differ, or too many squares).
    int changed = kNotCompared;
    std::array<int8_t, kNumSquares> squares{};
    std::vector<float> acc;  // 4 x hidden
  };
  void compute(int ply, PlayerId p);
  void bring(int ply, PlayerId p);  // from the parent's (or afresh at ply 0)
  void compare_with_parent(int ply);
  float* acc(Slot& s, PlayerId p) { return s.acc.data() + static_cast<size_t>(p) * hidden_; }

  std::shared_ptr<const AccumulatorNet> net_;
  size_t hidden_;
  std::vector<Slot> slots_;
  uint64_t updates_ = 0, refreshes_ = 0;
};

}  // namespace djambi
