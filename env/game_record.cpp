#include "env/game_record.h"

#include <sstream>
#include <stdexcept>

#include "env/djambi_game.h"
#include "env/moves.h"
#include "env/notation.h"

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

RecordBuilder::RecordBuilder(const GameState& start, std::string game, std::string variants,
                             std::vector<std::string> players) {
  record_.game = std::move(game);
  record_.variants = variants.empty() ? "none" : std::move(variants);
  record_.players = std::move(players);
  const auto* djambi = dynamic_cast<const DjambiState*>(&start);
  record_.start = djambi ? format_position(djambi->position()) : start.to_string();
}

void RecordBuilder::on_action(const GameState& before, Action action, const std::string& comment) {
  const auto* djambi = dynamic_cast<const DjambiState*>(&before);
  if (!djambi) {
    record_.moves.push_back(before.action_to_string(action));
    record_.comments.push_back(comment);
    return;
  }
  // Djambi: gather the decisions of a turn, then write the whole move.
  if (djambi->at_turn_start()) {
    turn_start_ = djambi->position();
    turn_actions_.clear();
    turn_comment_ = comment;
  }
  turn_actions_.push_back(djambi->to_engine_action(action));
  auto after = before.clone();
  after->apply_action(action);
  if (!after->at_turn_start()) return;
  std::string text = "?";
  for (const LegalMove& m : legal_moves(turn_start_)) {
    if (m.num_actions == turn_actions_.size() && std::equal(turn_actions_.begin(), turn_actions_.end(), m.actions.begin())) {
      text = format_move(m.move);
      break;
    }
  }
  record_.moves.push_back(text);
  record_.comments.push_back(turn_comment_);
}

GameRecord RecordBuilder::finish(const GameState& end) {
  if (end.is_terminal()) record_.result = end.result_string();
  return record_;
}

}  // namespace djambi
