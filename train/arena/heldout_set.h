#pragma once
// A held-out set of the learned evaluation (docs/LEARNED_EVAL.md, "A held-out set"): positions
// from games of `ab`, each with the share of its player to act that a deeper search found,
// written by scripts/heldout_set.py. Every checkpoint of a run that names one
// (evaluation.heldout) is measured against it, and so, once, is the hand-written evaluation:
// whether the learned evaluation predicts the deeper search better shows long before games can.
// `djambi heldout` measures any bundles against one afterwards.
// The file, text:
//   # djambi-zero held-out set
//   game NAME
//   variants LIST            (none, or section-9 names joined by commas)
//   labels SPEC              (the player spec whose searches gave the shares)
//   positions N
//   POSITION<TAB>SHARE       (N lines: a running game at a turn start; SHARE in [0, 1])
//   end
#include <memory>
#include <string>
#include <vector>

#include "env/game.h"
#include "mcts/games.h"
#include "mcts/learned_eval_share.h"

namespace djambi {

struct HeldOutSet {
  std::string path;
  std::string labels_spec;       // the player spec of the labelling searches
  std::vector<std::unique_ptr<GameState>> positions;  // running games at a turn start
  std::vector<float> labels;                           // the shares, as read, by position
  double hand_written_loss = 0;  // the hand-written evaluation's, the measure of learned_eval_loss
};

// Reads the set at `path` for runs of `game` with `features`. Throws std::invalid_argument naming
// the file and the problem: missing or unreadable, larger than 64 MB, not a held-out set, of
// another game or variant set, a malformed position or share, fewer or more positions than it
// says (a truncated file), no end line.
HeldOutSet read_heldout_set(const std::string& path, const Game& game, const LearnedEvalFeatures& features);

// The loss against a set of the shares `predicted` (one per position, the player to act's): the
// mean binary cross-entropy with the labels, as the learner's search loss is.
double heldout_loss(const HeldOutSet& set, const std::vector<float>& predicted);

// The loss of an evaluation giving the share of the player to act in a position (a bundle's,
// mcts/learned_eval_share.h, or LearnedEvalFeatures::hand_written_share).
double heldout_loss(const HeldOutSet& set, const PositionShare& share);

}  // namespace djambi
