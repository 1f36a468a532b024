#include "env/game_record.h"

#include <sstream>
#include <stdexcept>

#include "env/games.h"
#include "env/turn_text.h"

namespace djambi {

std::string format_record(const GameRecord& r) {
  std::string out = "# djambi-zero game record\n";
  out += "game " + r.game + "\n";
  out += "variants " + (r.variants.empty() ? std::string("none") : r.variants) + "\n";
  out += "players";
  for (const auto& p : r.players) out += " " + p;
  out += "\nstart " + r.start + "\n";
  for (size_t i = 0; i < r.moves.size(); ++i) {
    out += "move " + r.moves[i];
    if (i < r.comments.size() && !r.comments[i].empty()) out += " ; " + r.comments[i];
    out += "\n";
  }
  if (!r.result.empty()) out += "result " + r.result + "\n";
  return out;
}

std::vector<GameRecord> parse_records(const std::string& text) {
  std::vector<GameRecord> out;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  bool open = false;
  auto fail = [&](const std::string& why) {
    throw std::invalid_argument("game record line " + std::to_string(number) + ": " + why + ": '" + line + "'");
  };
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    const size_t space = line.find(' ');
    const std::string key = line.substr(0, space);
    const std::string value = space == std::string::npos ? "" : line.substr(space + 1);
    if (key == "game") {
      out.emplace_back();
      out.back().game = value;
      open = true;
      continue;
    }
    if (!open) fail("expected 'game' to start a record");
    GameRecord& r = out.back();
    if (key == "variants") {
      r.variants = value;
    } else if (key == "players") {
      std::istringstream words(value);
      std::string w;
      while (words >> w) r.players.push_back(w);
    } else if (key == "start") {
      r.start = value;
    } else if (key == "move") {
      const size_t semi = value.find(" ; ");
      if (value.empty() || value.substr(0, semi).empty()) fail("empty move");
      r.moves.push_back(value.substr(0, semi));
      r.comments.push_back(semi == std::string::npos ? "" : value.substr(semi + 3));
    } else if (key == "result") {
      r.result = value;
      open = false;
    } else {
      fail("unknown key '" + key + "'");
    }
  }
  return out;
}

RecordBuilder::RecordBuilder(const Game& game, const GameState& start, std::vector<std::string> players) {
  record_.game = game.name();
  record_.variants = variant_list_of(game);
  record_.players = std::move(players);
  record_.start = state_text(start);
}

void RecordBuilder::on_action(const GameState& before, Action action, const std::string& comment) {
  // Gather the decisions of a turn, then write the whole turn.
  if (turn_actions_.empty()) {
    turn_start_ = before.clone();
    turn_comment_ = comment;
  }
  turn_actions_.push_back(action);
  auto after = before.clone();
  after->apply_action(action);
  if (!after->is_terminal() && !after->at_turn_start()) return;
  record_.moves.push_back(turn_to_string(*turn_start_, turn_actions_));
  record_.comments.push_back(turn_comment_);
  turn_actions_.clear();
}

GameRecord RecordBuilder::finish(const GameState& end) {
  if (end.is_terminal()) record_.result = end.result_string();
  return record_;
}

std::unique_ptr<GameState> replay_record(const GameRecord& record, const ReplayCallback& on_turn) {
  std::shared_ptr<const Game> game = make_game(record.game, parse_variant_list(record.variants));
  std::unique_ptr<GameState> state;
  try {
    state = state_from_text(*game, record.start);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string("bad start: ") + e.what());
  }
  if (!record.players.empty() && static_cast<int>(record.players.size()) != state->num_players())
    throw std::invalid_argument("the record names " + std::to_string(record.players.size()) + " players; " +
                                record.game + " has " + std::to_string(state->num_players()));
  for (size_t i = 0; i < record.moves.size(); ++i) {
    const std::string where = "move " + std::to_string(i + 1) + " '" + record.moves[i] + "'";
    if (state->is_terminal()) throw std::invalid_argument(where + ": the game is already over");
    std::vector<Action> actions;
    try {
      actions = parse_turn(*state, record.moves[i]);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(where + ": " + e.what());
    }
    const int mover = state->current_player();
    apply_turn(*state, actions);
    if (on_turn) on_turn(*state, i, mover);
  }
  if (!record.result.empty()) {
    if (!state->is_terminal()) throw std::invalid_argument("the record says 'result " + record.result + "' but the game is not over");
    if (state->result_string() != record.result)
      throw std::invalid_argument("the record says 'result " + record.result + "' but the rules give '" +
                                  state->result_string() + "'");
  }
  return state;
}

}  // namespace djambi
