#include "env/djambi/game.h"

#include <algorithm>
#include <stdexcept>

#include "env/djambi/hash.h"
#include "env/djambi/moves.h"
#include "env/djambi/notation.h"
#include "env/djambi/observation.h"
#include "env/djambi/view.h"
#include "env/games.h"

namespace djambi {

DjambiState::DjambiState(const Position& start, RewardScheme scheme, float draw_value)
    : turn_(start), ranking_(start), scheme_(scheme), draw_value_(draw_value) {}

Action DjambiState::to_engine_action(Action view_action) const {
  return rotate_action(view_action, 4 - view_rotation(turn_.mover()));
}

Action DjambiState::to_view_action(Action engine_action) const {
  return rotate_action(engine_action, view_rotation(turn_.mover()));
}

std::array<int, 4> DjambiState::seat_ranks() const {
  const auto by_player = ranking_.ranks(position());
  std::array<int, 4> ranks{};
  for (int seat = 0; seat < num_players(); ++seat) ranks[seat] = by_player[position().player(seat)];
  return ranks;
}

std::unique_ptr<GameState> DjambiState::clone() const { return std::make_unique<DjambiState>(*this); }

int DjambiState::current_player() const {
  return is_terminal() ? kTerminalPlayer : seat_of(turn_.mover());
}

int DjambiState::legal_actions(Action* out) const {
  const int n = turn_.legal_actions(out);
  const int rotation = view_rotation(turn_.mover());
  if (rotation == 0) return n;
  for (int i = 0; i < n; ++i) out[i] = rotate_action(out[i], rotation);
  std::sort(out, out + n);
  return n;
}

void DjambiState::legal_mask(uint8_t* mask) const {
  std::fill(mask, mask + action::kNumActions, uint8_t{0});
  ActionBuffer legal;  // on the stack: no allocation per call
  const int n = turn_.legal_actions(legal.data());
  const int rotation = view_rotation(turn_.mover());
  for (int i = 0; i < n; ++i) mask[rotate_action(legal[i], rotation)] = 1;
}

void DjambiState::apply_action(Action action) {
  if (turn_.apply(to_engine_action(action))) ranking_.record(turn_.last_turn());
}

void DjambiState::returns(float* out) const {
  if (is_terminal())
    adjudicated_returns(out);
  else
    std::fill(out, out + num_players(), 0.0f);
}

void DjambiState::adjudicated_returns(float* out) const {
  const auto ranks = seat_ranks();
  returns_from_ranks(scheme_, ranks.data(), num_players(), out, draw_value_);
}

void DjambiState::material(float* out) const {
  constexpr float kPiecesAtStart = 36.0f;  // nine per party
  const Position& pos = position();
  for (int seat = 0; seat < num_players(); ++seat) {
    const PlayerId player = pos.player(seat);
    int pieces = 0;
    for (Cell cell : pos.board) pieces += is_living(cell) && pos.controls(player, cell);
    out[seat] = static_cast<float>(pieces) / kPiecesAtStart;
  }
}

ObservationShape DjambiState::observation_shape() const { return kDjambiObservationShape; }

void DjambiState::observation(float* out) const { write_djambi_observation(turn_, out); }

uint64_t DjambiState::hash() const { return hash_turn(turn_); }

std::string DjambiState::to_string() const {
  std::string out = format_position(position());
  if (turn_.at_turn_start()) return out;
  static constexpr const char* kPhaseNames[] = {"move", "place", "report", "exit"};
  out += " [mid-turn: ";
  out += kPhaseNames[static_cast<int>(turn_.phase())];
  out += ", moving piece on " + square_name(turn_.moving_piece()) + "]";
  return out;
}

std::string DjambiState::action_to_string(Action view_action) const {
  const Action a = to_engine_action(view_action);
  if (action::is_move_part(a)) {
    const Square to = action::to_of(a);
    return square_name(action::from_of(a)) + (position().board[to] == kEmptyCell ? "-" : "x") +
           square_name(to);
  }
  if (action::is_place(a)) return ">" + square_name(action::placed_square_of(a));
  if (action::is_report(a))
    return "+" + square_name(step(turn_.moving_piece(), 2 * action::report_direction_of(a)));
  if (a == action::kNoKill) return "(no kill)";
  return "pass";
}

void DjambiState::ranks(int* out) const {
  const auto r = seat_ranks();
  std::copy(r.begin(), r.begin() + num_players(), out);
}

namespace {

// Every decision of a turn is the mover's, so one frame serves the whole turn.
std::vector<Action> view_actions(const DjambiState& state, const LegalMove& move) {
  std::vector<Action> out;
  for (int i = 0; i < move.num_actions; ++i) out.push_back(state.to_view_action(move.actions[i]));
  return out;
}

}  // namespace

std::vector<TextTurn> DjambiState::legal_turns() const {
  std::vector<TextTurn> out;
  for (const LegalMove& m : legal_moves(position())) out.push_back({format_move(m.move), view_actions(*this, m)});
  return out;
}

std::vector<Action> DjambiState::parse_turn(const std::string& text) const {
  const Move move = parse_move(text);  // NotationError: "malformed move '...': why"
  LegalMove found;
  if (!find_legal_move(position(), move, &found)) throw std::invalid_argument("illegal move '" + text + "'");
  return view_actions(*this, found);
}

std::string DjambiState::result_string() const {
  return ranking_.result_line(position()).substr(std::string("result ").size());
}

DjambiGame::DjambiGame(Variants variants, RewardScheme scheme, float draw_value)
    : variants_(variants), scheme_(scheme), draw_value_(draw_value) {}

GameDescription DjambiGame::description() const {
  return describe_game(name(), variants_, scheme_, draw_value_);
}

ObservationShape DjambiGame::observation_shape() const { return kDjambiObservationShape; }

std::unique_ptr<GameState> DjambiGame::new_initial_state() const {
  return std::make_unique<DjambiState>(Position::start(variants_), scheme_, draw_value_);
}

const DjambiState* as_djambi(const GameState& state) { return dynamic_cast<const DjambiState*>(&state); }

}  // namespace djambi
