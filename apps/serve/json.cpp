#include "apps/serve/json.h"

#include <stdexcept>

#include "apps/serve/decisions.h"
#include "env/djambi/game.h"
#include "env/djambi/notation.h"
#include "env/games.h"
#include "env/outcome.h"

namespace djambi::cli::serve {

namespace {

using nlohmann::json;

constexpr const char* kKindNames[] = {"empty", "chief", "assassin", "reporter", "diplomat", "necromobile", "militant", "corpse"};

std::string letter(PlayerId p) { return p == kNobody ? "-" : std::string(1, player_letter(p)); }

const DjambiState& djambi_of(const GameState& state) {
  const DjambiState* djambi = as_djambi(state);
  if (!djambi) throw std::invalid_argument("djambi serve shows Djambi games only");
  return *djambi;
}

json piece_json(const Position& pos, Cell c) {
  json p;
  p["kind"] = kKindNames[static_cast<int>(kind_of(c))];
  p["letter"] = std::string(1, c == kCorpseCell ? 'X' : piece_letter(kind_of(c)));
  p["alive"] = is_living(c);
  if (is_living(c)) {
    const int party = party_of(c);
    p["party"] = std::string(1, kPartyLetters[party]);
    p["controller"] = letter(pos.controller[party]);
    p["zombie"] = pos.controller[party] == kNobody;
  }
  return p;
}

json decision_json(const Decision& d) {
  json j{{"id", d.id}, {"type", d.type}};
  if (!d.from.empty()) j["from"] = d.from;
  if (!d.to.empty()) j["to"] = d.to;
  if (d.type == "move" || d.type == "exit") j["capture"] = d.capture;
  return j;
}

const char* phase_name(const GameState& state) {
  if (state.is_terminal()) return "over";
  const Turn& turn = djambi_of(state).turn();
  switch (turn.phase()) {
    case Phase::kPlace:
      return "place";
    case Phase::kReport:
      return "report";
    default:
      return turn.part() == 1 ? "exit" : "move";
  }
}

}  // namespace

json variants_json(const Game& game) {
  json list = json::array();
  const std::string names = variant_names_of(game);
  for (size_t start = 0; start < names.size();) {
    const size_t comma = names.find(',', start);
    const size_t end = comma == std::string::npos ? names.size() : comma;
    list.push_back(names.substr(start, end - start));
    start = end + 1;
  }
  return list;
}

json board_json(const GameState& state) {
  const DjambiState& djambi = djambi_of(state);
  const Position& pos = djambi.position();
  json pieces = json::array();
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const Cell c = pos.board[sq];
    if (c == kEmptyCell) continue;
    json p = piece_json(pos, c);
    p["square"] = square_name(sq);
    pieces.push_back(std::move(p));
  }
  json controllers = json::object();
  for (int party = 0; party < kNumParties; ++party)
    controllers[std::string(1, kPartyLetters[party])] = letter(pos.controller[party]);
  json players = json::array();
  for (int seat = 0; seat < pos.num_players(); ++seat) {
    const PlayerId p = pos.player(seat);
    json parties = json::array();
    for (int party = 0; party < kNumParties; ++party)
      if (pos.controller[party] == p) parties.push_back(std::string(1, kPartyLetters[party]));
    players.push_back({{"seat", letter(p)}, {"alive", pos.alive(p)}, {"parties", parties}});
  }
  const Turn& turn = djambi.turn();
  json b{{"pieces", pieces},
         {"controllers", controllers},
         {"players", players},
         {"throne", square_name(kCentre)},
         {"holder", pos.holder() == kNobody ? json() : json(letter(pos.holder()))},
         {"to_move", state.is_terminal() ? json() : json(letter(turn.mover()))},
         {"after", pos.after == kNobody ? json() : json(letter(pos.after))},
         {"quiet", pos.quiet},
         {"turn", pos.turn},
         {"in_hand", turn.lifted() == kEmptyCell ? json() : piece_json(pos, turn.lifted())},
         {"moving", turn.at_turn_start() ? json() : json(square_name(turn.moving_piece()))}};
  if (turn.at_turn_start()) b["position"] = format_position(pos);
  return b;
}

json result_json(const GameState& state) {
  if (!state.is_terminal()) return nullptr;
  const Position& pos = djambi_of(state).position();
  const Outcome outcome = outcome_of(state);  // the project's one rule of who won
  json by_seat = json::object();
  for (int seat = 0; seat < state.num_players(); ++seat)
    by_seat[letter(pos.player(seat))] = outcome.ranks[static_cast<size_t>(seat)];
  const json winner = outcome.draw() ? json() : json(letter(pos.player(outcome.winner)));
  return {{"text", state.result_string()}, {"ranks", by_seat}, {"winner", winner}};
}

json game_json(const ServeGame& game) {
  const GameState& state = game.state();
  const Position& pos = djambi_of(state).position();
  json seats = json::array();
  for (int seat = 0; seat < state.num_players(); ++seat)
    seats.push_back({{"seat", letter(pos.player(seat))},
                     {"player", game.seat_names()[static_cast<size_t>(seat)]},
                     {"human", game.is_human(seat)}});
  json moves = json::array();
  for (size_t i = 0; i < game.turns().size(); ++i) {
    const PlayedTurn& t = game.turns()[i];
    moves.push_back({{"n", i + 1}, {"seat", letter(pos.player(t.seat))}, {"text", t.text}, {"comment", t.comment}, {"squares", t.squares}});
  }
  json decisions = json::array();
  for (const Decision& d : legal_decisions(state)) decisions.push_back(decision_json(d));
  const int seat = state.current_player();
  json current{{"phase", phase_name(state)}, {"pending", game.pending_text()}};
  current["seat"] = seat == kTerminalPlayer ? json() : json(letter(pos.player(seat)));
  current["human"] = seat != kTerminalPlayer && game.is_human(seat);
  return {{"id", game.id()},
          {"game", game.game().name()},
          {"variants", variants_json(game.game())},
          {"seats", seats},
          {"board", board_json(state)},
          {"current", current},
          {"decisions", decisions},
          {"moves", moves},
          {"over", state.is_terminal()},
          {"result", result_json(state)}};
}

}  // namespace djambi::cli::serve
