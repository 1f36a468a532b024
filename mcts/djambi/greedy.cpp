#include "mcts/djambi/greedy.h"

#include <algorithm>
#include <stdexcept>

#include "env/djambi/game.h"
#include "env/djambi/moves.h"
#include "mcts/basic_players.h"
#include "mcts/djambi/eval.h"

namespace djambi {

namespace {

// Whether some other alive player could kill `player`'s chief with its next move part.
bool chief_threatened(const Position& pos, PlayerId player) {
  const Square chief = pos.chief[player];
  if (chief < 0) return false;
  ActionBuffer actions;
  for (int seat = 0; seat < pos.num_players(); ++seat) {
    const PlayerId q = pos.player(seat);
    if (q == player || !pos.alive(q)) continue;
    Position as_q = pos;
    as_q.to_move = q;
    as_q.after = kNobody;
    const Turn turn(as_q);
    const int n = turn.legal_actions(actions.data());
    for (int i = 0; i < n; ++i) {
      if (!action::is_move_part(actions[i])) continue;
      const Square from = static_cast<Square>(action::from_of(actions[i]));
      const Square to = action::to_of(actions[i]);
      const Kind kind = kind_of(pos.board[from]);
      if (to == chief && kind != Kind::kDiplomat) return true;
      if (kind == Kind::kReporter)
        for (int k = 0; k < 4; ++k)
          if (step(to, 2 * k) == chief) return true;
    }
  }
  return false;
}

}  // namespace

std::vector<Action> GreedyPlayer::choose_turn(const GameState& state) {
  const DjambiState* djambi = as_djambi(state);
  if (!djambi) throw std::invalid_argument("the greedy player plays Djambi only");
  if (!djambi->at_turn_start()) return random_turn(state, rng_);
  const Position& pos = djambi->position();
  const PlayerId me = djambi->turn().mover();
  auto moves = legal_moves(pos);
  std::shuffle(moves.begin(), moves.end(), rng_);
  struct Scored {
    int score;
    size_t index;
    Position after;
  };
  std::vector<Scored> scored;
  scored.reserve(moves.size());
  for (size_t i = 0; i < moves.size(); ++i) {
    Position after = pos;
    apply_move(after, moves[i]);
    int score = material_gain(pos, after, me);
    if (after.game_over() && after.alive(me) && after.num_alive() == 1) score = 1 << 20;  // a win
    scored.push_back({score, i, after});
  }
  std::stable_sort(scored.begin(), scored.end(), [](const Scored& a, const Scored& b) { return a.score > b.score; });
  size_t chosen = 0;
  for (size_t k = 0; k < scored.size(); ++k) {
    if (scored[k].score == 1 << 20 || !chief_threatened(scored[k].after, me)) {
      chosen = k;
      break;
    }
  }
  const LegalMove& m = moves[scored[chosen].index];
  std::vector<Action> out;
  for (int i = 0; i < m.num_actions; ++i) out.push_back(djambi->to_view_action(m.actions[i]));
  return out;
}

}  // namespace djambi
