#include "mcts/djambi/eval.h"

#include <algorithm>
#include <stdexcept>

#include "env/djambi/game.h"

namespace djambi {

int material_gain(const Position& before, const Position& after, PlayerId mover) {
  // Pieces move; a piece counts as killed when its party has fewer of its kind alive after.
  std::array<std::array<int, 8>, kNumParties> alive_before{}, alive_after{};
  for (Cell c : before.board)
    if (is_living(c)) ++alive_before[party_of(c)][static_cast<int>(kind_of(c))];
  for (Cell c : after.board)
    if (is_living(c)) ++alive_after[party_of(c)][static_cast<int>(kind_of(c))];
  int gain = 0;
  for (int q = 0; q < kNumParties; ++q) {
    const bool own = before.controller[q] == mover;
    for (int k = 1; k <= 6; ++k) {
      const int killed = alive_before[q][k] - alive_after[q][k];
      gain += (own ? -1 : 1) * killed * piece_value(static_cast<Kind>(k));
    }
  }
  return gain;
}

// One pass over every living piece's rays: material, mobility, the chiefs a killer reaches and
// the squares each player's reporters reach. An approximation of the next move part (it does
// not check that an entry into e5 can exit), cheap enough for every leaf of a search.
EvalTerms eval_terms(const Position& pos) {
  EvalTerms t;
  const RayTable& ray = rays();
  const PlayerId holder = pos.holder();
  const bool militants_spare_chiefs = pos.variants.has(Variant::kMilitantSparesChiefs);
  std::array<uint8_t, kNumSquares> reporter_reach{};  // bit p: a reporter of p can stop there
  for (int from = 0; from < kNumSquares; ++from) {
    const Cell c = pos.board[from];
    if (!is_living(c)) continue;
    PlayerId ctrl = pos.controller[party_of(c)];
    if (ctrl == kNobody) ctrl = holder;
    if (ctrl == kNobody) continue;  // neutral zombies: nobody moves them
    const Kind kind = kind_of(c);
    t.material[ctrl] += piece_value(kind);
    ++t.pieces[ctrl][static_cast<int>(kind)];
    const int reach = kind == Kind::kMilitant ? 2 : kMaxDistance;
    for (int dir = 0; dir < kNumDirections; ++dir) {
      const int len = std::min<int>(reach, ray.length[from][dir]);
      for (int i = 0; i < len; ++i) {
        const Square to = ray.square[from][dir][i];
        const Cell target = pos.board[to];
        if (target == kEmptyCell) {
          if (to == kCentre && kind != Kind::kChief) continue;  // crossed, not reached
          ++t.mobility[ctrl];
          if (kind == Kind::kReporter) reporter_reach[to] |= static_cast<uint8_t>(1u << ctrl);
          continue;
        }
        if (is_chief(target) && is_killer(kind)) {
          const PlayerId victim = pos.controller[party_of(target)];
          const bool militant_barred =
              kind == Kind::kMilitant && (to == kCentre || militants_spare_chiefs);
          if (victim != kNobody && victim != ctrl && !militant_barred) t.threatened[victim] = true;
        }
        break;  // nothing jumps
      }
    }
  }
  for (int party = 0; party < kNumParties; ++party) {
    const Square chief = pos.chief[party];
    if (chief < 0) continue;
    const PlayerId p = pos.controller[party];
    if (p == kNobody) continue;
    if (chief == kCentre) t.on_throne[p] = true;  // a living chief's party is its player's
    for (int k = 0; k < 4; ++k) {
      const Square n = step(chief, 2 * k);
      if (n != kNoSquare && (reporter_reach[n] & ~(1u << p))) t.threatened[p] = true;
    }
  }
  return t;
}

std::array<float, 4> player_scores(const Position& pos, const EvalWeights& w) {
  const EvalTerms t = eval_terms(pos);
  std::array<float, 4> score{};
  for (int seat = 0; seat < pos.num_players(); ++seat) {
    const PlayerId p = pos.player(seat);
    if (!pos.alive(p)) continue;
    float material = 0;
    for (int k = 1; k < kNumKinds; ++k) material += w.value[k] * static_cast<float>(t.pieces[p][k]);
    const float s = w.material * material - (t.threatened[p] ? w.chief_threat : 0.0f) +
                    (t.on_throne[p] ? w.throne : 0.0f) + w.mobility * static_cast<float>(t.mobility[p]);
    score[p] = std::max(1.0f, s);
  }
  return score;
}

void heuristic_values(const GameState& state, float* by_seat) {
  const DjambiState* djambi = as_djambi(state);
  if (!djambi) throw std::invalid_argument("the heuristic evaluation judges Djambi positions only");
  if (state.is_terminal()) {
    state.returns(by_seat);
    return;
  }
  const Position& pos = djambi->position();
  const std::array<float, 4> scores = player_scores(pos, EvalWeights{});
  float total = 0;
  for (float s : scores) total += s;
  for (int seat = 0; seat < pos.num_players(); ++seat) by_seat[seat] = 2.0f * scores[pos.player(seat)] / total - 1.0f;
}

}  // namespace djambi
