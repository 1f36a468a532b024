#pragma once
// The one Djambi evaluation (docs/PLAYERS.md): material, chief safety, the throne and
// mobility, weighted by EvalWeights. `greedy` scores its moves with material_gain; the
// alpha-beta search (mcts/djambi/alphabeta.h) scores its leaves with player_scores.
#include <array>

#include "env/djambi/position.h"
#include "env/game.h"

namespace djambi {

// Whether a piece of this kind kills by moving onto its victim (chief, assassin, militant).
inline bool is_killer(Kind kind) {
  return kind == Kind::kChief || kind == Kind::kAssassin || kind == Kind::kMilitant;
}

// Material value of a living piece. A chief is worth the game to its player.
constexpr int piece_value(Kind kind) {
  switch (kind) {
    case Kind::kChief: return 100;
    case Kind::kAssassin: return 6;
    case Kind::kReporter: return 5;
    case Kind::kDiplomat: return 5;
    case Kind::kNecromobile: return 6;
    case Kind::kMilitant: return 2;
    default: return 0;
  }
}
constexpr int kNumKinds = 7;  // Kind::kEmpty to Kind::kMilitant, by index

// Enemy (and neutral) material killed minus the mover's own material killed between `before`
// and `after` (one turn of `mover`).
int material_gain(const Position& before, const Position& after, PlayerId mover);

// The weights are `ab`'s spec keys (docs/PLAYERS.md): material, value (by kind: assassin,
// reporter, diplomat, necromobile, militant), threat, throne, mobility.
struct EvalWeights {
  float material = 1.0f;       // per point of value of the living pieces a player controls
  std::array<float, kNumKinds> value{0, piece_value(Kind::kChief), piece_value(Kind::kAssassin), piece_value(Kind::kReporter),
                                     piece_value(Kind::kDiplomat), piece_value(Kind::kNecromobile),
                                     piece_value(Kind::kMilitant)};  // a living piece's points by kind
  float chief_threat = 20.0f;  // subtracted while another alive player's next move part can
                               // kill the player's chief (a killer reaches its square, or a
                               // reporter reaches a square orthogonally next to it)
  float throne = 15.0f;        // added while the player's own chief is on e5 (power)
  float mobility = 0.1f;       // per square the player's pieces reach with a plain move
};

// What the evaluation sees of one position, before weighting.
struct EvalTerms {
  std::array<int, 4> material{};      // piece_value of the living pieces each player controls
  std::array<std::array<int, kNumKinds>, 4> pieces{};  // those pieces, counted by kind
  std::array<bool, 4> threatened{};   // the chief can be killed by another player's next move part
  std::array<bool, 4> on_throne{};    // the player's chief stands on e5
  std::array<int, 4> mobility{};      // empty squares its pieces reach (zombies count for the holder)
};
EvalTerms eval_terms(const Position& pos);

// One score per player index (r b y g): the weighted terms, at least 1 for an alive player,
// 0 for a player that is out or not in the game.
std::array<float, 4> player_scores(const Position& pos, const EvalWeights& weights);

// The evaluation as values by seat on the winner reward's scale: a seat's share of the alive
// players' scores taken as its chance to win, 2 * share - 1 (-1 once out; -0.5 each in the
// four-player start, the mean of a winner-take-all return). A finished game: its returns.
// Throws std::invalid_argument for a game other than Djambi.
void heuristic_values(const GameState& state, float* by_seat);

}  // namespace djambi
