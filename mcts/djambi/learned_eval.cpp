#include "mcts/djambi/learned_eval.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "env/djambi/view.h"
#include "mcts/djambi/eval.h"

namespace djambi {

namespace {

constexpr int kRelations = 5;  // four players by turn order, and zombies
constexpr int kCorpseBase = 6 * kRelations * kNumSquares;
constexpr int kToMoveBase = kCorpseBase + kNumSquares;
constexpr int kExtraTurn = kToMoveBase + 4;
static_assert(kExtraTurn + 1 == kLearnedEvalFeatures, "the feature layout of learned_eval.h");
// More squares changed than this: a refresh costs less than removing and adding each.
constexpr int kMostChangedSquares = 16;

// Squares as each player sees them (view.h), computed once.
struct Views {
  std::array<std::array<int16_t, kNumSquares>, 4> square{};
  Views() {
    for (int p = 0; p < 4; ++p)
      for (int sq = 0; sq < kNumSquares; ++sq) square[p][sq] = static_cast<int16_t>(rotate_square(sq, view_rotation(static_cast<PlayerId>(p))));
  }
};
const Views& views() {
  static const Views v;
  return v;
}

int relation(PlayerId perspective, PlayerId player) {
  return player == kNobody ? 4 : (player - perspective + 4) % 4;
}

// The feature of square `sq` holding `cell` for `perspective`, or -1 for an empty square.
int cell_feature(const Position& pos, PlayerId perspective, int sq, Cell cell) {
  if (cell == kEmptyCell) return -1;
  const int seen = views().square[perspective][sq];
  if (cell == kCorpseCell) return kCorpseBase + seen;
  const int kind = static_cast<int>(kind_of(cell)) - 1;
  return (kind * kRelations + relation(perspective, pos.controller[party_of(cell)])) * kNumSquares + seen;
}

std::array<bool, 4> alive_players(const Position& pos) {
  std::array<bool, 4> alive{};
  for (int seat = 0; seat < pos.num_players(); ++seat) alive[pos.player(seat)] = pos.alive(pos.player(seat));
  return alive;
}

}  // namespace

int learned_eval_features(const Position& pos, PlayerId perspective, int* out) {
  int n = 0;
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const int f = cell_feature(pos, perspective, sq, pos.board[sq]);
    if (f >= 0) out[n++] = f;
  }
  out[n++] = kToMoveBase + relation(perspective, pos.to_move);
  if (pos.after != kNobody) out[n++] = kExtraTurn;
  return n;
}

std::array<float, 4> learned_eval_base_logits(const Position& pos) {
  std::array<float, 4> logits{};
  const std::array<float, 4> scores = player_scores(pos, EvalWeights{});
  for (int p = 0; p < 4; ++p)
    if (scores[p] > 0) logits[p] = std::log(scores[p]);
  return logits;
}

std::array<float, 4> learned_eval_shares(const AccumulatorNet& net, const Position& pos) {
  std::array<float, 4> logits{}, shares{};
  if (net.on_base) logits = learned_eval_base_logits(pos);
  const std::array<bool, 4> alive = alive_players(pos);
  std::vector<float> acc(static_cast<size_t>(net.shape.hidden));
  int features[kMaxActiveFeatures];
  for (PlayerId p = 0; p < 4; ++p) {
    if (!alive[p]) continue;
    net.refresh(features, learned_eval_features(pos, p, features), acc.data());
    logits[p] += net.logit(acc.data());
  }
  shares_from_logits(logits, alive, shares);
  return shares;
}

std::shared_ptr<const AccumulatorNet> load_learned_eval(const std::string& path, Variants variants) {
  EvalBundle bundle = read_eval_bundle(path);
  auto refuse = [&](const std::string& what, const std::string& theirs, const std::string& ours) {
    throw std::runtime_error(path + ": a learned evaluation for " + what + " '" + theirs + "', not '" + ours + "'");
  };
  if (bundle.info.game != "djambi") refuse("the game", bundle.info.game, "djambi");
  const bool on_base = bundle.info.feature_set == kLearnedEvalOnEvalFeatureSet;
  if (bundle.info.feature_set != kLearnedEvalFeatureSet && !on_base)
    refuse("the feature set", bundle.info.feature_set,
           std::string(kLearnedEvalFeatureSet) + "' or '" + kLearnedEvalOnEvalFeatureSet);
  if (bundle.info.variants != variants.to_string()) refuse("the variant set", bundle.info.variants, variants.to_string());
  if (bundle.net.shape.features != kLearnedEvalFeatures)
    throw std::runtime_error(path + ": " + std::to_string(bundle.net.shape.features) + " features where " +
                             kLearnedEvalFeatureSet + " has " + std::to_string(kLearnedEvalFeatures));
  bundle.net.on_base = on_base;
  return std::make_shared<const AccumulatorNet>(std::move(bundle.net));
}

LearnedEval::LearnedEval(std::shared_ptr<const AccumulatorNet> net, int max_ply)
    : net_(std::move(net)), hidden_(static_cast<size_t>(net_->shape.hidden)), slots_(static_cast<size_t>(max_ply) + 1) {
  for (Slot& s : slots_) s.acc.resize(4 * hidden_);
}

const float* LearnedEval::accumulator(int ply, PlayerId p) {
  compute(ply, p);
  return acc(slots_[static_cast<size_t>(ply)], p);
}

void LearnedEval::compute(int ply, PlayerId p) {
  const uint8_t bit = static_cast<uint8_t>(1u << p);
  // From the nearest shallower ply of this line with p's accumulator, every ply on the way is
  // computed too: the siblings of a leaf then start from their parent's accumulator.
  int from = ply;
  while (from >= 0 && !(slots_[static_cast<size_t>(from)].computed & bit)) --from;
  for (int k = from + 1; k <= ply; ++k) bring(k, p);
}

void LearnedEval::compare_with_parent(int ply) {
  Slot& slot = slots_[static_cast<size_t>(ply)];
  const Position& pos = *slot.pos;
  const Position& before = *slots_[static_cast<size_t>(ply - 1)].pos;
  if (before.controller != pos.controller) {
    slot.changed = kRefresh;
    return;
  }
  // Eight squares at a time: most of the board is the same.
  int n = 0;
  for (int at = 0; at < kNumSquares; at += 8) {
    const int width = std::min(8, kNumSquares - at);
    uint64_t x = 0, y = 0;
    std::memcpy(&x, before.board.data() + at, static_cast<size_t>(width));
    std::memcpy(&y, pos.board.data() + at, static_cast<size_t>(width));
    if (x == y) continue;
    for (int sq = at; sq < at + width; ++sq)
      if (before.board[sq] != pos.board[sq]) {
        if (n == kMostChangedSquares) {
          slot.changed = kRefresh;
          return;
        }
        slot.squares[static_cast<size_t>(n++)] = static_cast<int8_t>(sq);
      }
  }
  slot.changed = n;
}

void LearnedEval::bring(int ply, PlayerId p) {
  Slot& slot = slots_[static_cast<size_t>(ply)];
  const Position& pos = *slot.pos;
  float* out = acc(slot, p);
  if (ply > 0 && slot.changed == kNotCompared) compare_with_parent(ply);
  if (ply == 0 || slot.changed == kRefresh) {
    int features[kMaxActiveFeatures];
    net_->refresh(features, learned_eval_features(pos, p, features), out);
    ++refreshes_;
  } else {
    Slot& parent = slots_[static_cast<size_t>(ply - 1)];
    const Position& before = *parent.pos;
    std::copy_n(acc(parent, p), hidden_, out);
    for (int i = 0; i < slot.changed; ++i) {
      const int sq = slot.squares[static_cast<size_t>(i)];
      const int gone = cell_feature(before, p, sq, before.board[sq]);
      const int come = cell_feature(pos, p, sq, pos.board[sq]);
      if (gone >= 0) net_->remove(gone, out);
      if (come >= 0) net_->add(come, out);
    }
    if (before.to_move != pos.to_move) {
      net_->remove(kToMoveBase + relation(p, before.to_move), out);
      net_->add(kToMoveBase + relation(p, pos.to_move), out);
    }
    if ((before.after != kNobody) != (pos.after != kNobody)) {
      if (pos.after != kNobody)
        net_->add(kExtraTurn, out);
      else
        net_->remove(kExtraTurn, out);
    }
    ++updates_;
  }
  slot.computed |= static_cast<uint8_t>(1u << p);
}

std::array<float, 4> LearnedEval::shares(int ply) {
  const Position& pos = *slots_[static_cast<size_t>(ply)].pos;
  const std::array<bool, 4> alive = alive_players(pos);
  std::array<float, 4> logits{}, out{};
  if (net_->on_base) logits = learned_eval_base_logits(pos);
  for (PlayerId p = 0; p < 4; ++p)
    if (alive[p]) logits[p] += net_->logit(accumulator(ply, p));
  shares_from_logits(logits, alive, out);
  return out;
}

}  // namespace djambi
