#include "env/game_record.h"

#include <cstring>
#include <istream>
#include <sstream>
#include <stdexcept>

#include "env/games.h"
#include "env/turn_text.h"

namespace djambi {

namespace {

constexpr const char* kUnfinished = "unfinished";

// Builds records from lines, one at a time.
class RecordParser {
 public:
  void add(const std::string& line) {
    ++number_;
    if (line.empty() || line[0] == '#') return;
    const size_t space = line.find(' ');
    const std::string key = line.substr(0, space);
    const std::string value = space == std::string::npos ? "" : line.substr(space + 1);
    if (key == "game") {
      records_.emplace_back();
      records_.back().game = value;
      records_.back().cut_short = true;  // until its result line
      open_ = true;
      return;
    }
    if (!open_) fail(line, "expected 'game' to start a record");
    GameRecord& r = records_.back();
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
      if (value.empty() || value.substr(0, semi).empty()) fail(line, "empty move");
      r.moves.push_back(value.substr(0, semi));
      r.comments.push_back(semi == std::string::npos ? "" : value.substr(semi + 3));
    } else if (key == "result") {
      if (value.empty()) fail(line, "empty result");
      r.result = value == kUnfinished ? "" : value;
      r.cut_short = false;
      open_ = false;
    } else {
      fail(line, "unknown key '" + key + "'");
    }
  }
  [[noreturn]] void fail(const std::string& line, const std::string& why) const {
    throw std::invalid_argument("game record line " + std::to_string(number_) + ": " + why + ": '" + line + "'");
  }
  int number() const { return number_; }
  std::vector<GameRecord> take() { return std::move(records_); }

 private:
  std::vector<GameRecord> records_;
  int number_ = 0;
  bool open_ = false;
};

}  // namespace

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
  // Always a result line, so that a record without one shows it was cut short.
  out += "result " + (r.result.empty() ? std::string(kUnfinished) : r.result) + "\n";
  return out;
}

std::vector<GameRecord> parse_records(std::istream& in) {
  RecordParser parser;
  std::string line;
  std::vector<char> chunk(size_t{1} << 16);
  uint64_t total = 0;
  auto end_line = [&] {
    if (!line.empty() && line.back() == '\r') line.pop_back();  // written on Windows
    parser.add(line);
    line.clear();
  };
  while (in) {
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    const size_t got = static_cast<size_t>(in.gcount());
    total += got;
    if (total > kMaxRecordTextBytes)
      throw std::invalid_argument("more than " + std::to_string(kMaxRecordTextBytes >> 20) +
                                  " MiB of records; split the file");
    for (size_t at = 0; at < got;) {
      const char* newline = static_cast<const char*>(std::memchr(chunk.data() + at, '\n', got - at));
      const size_t end = newline ? static_cast<size_t>(newline - chunk.data()) : got;
      if (line.size() + (end - at) > kMaxRecordLineBytes + 1)  // + 1: a '\r' before the '\n'
        throw std::invalid_argument("game record line " + std::to_string(parser.number() + 1) + ": longer than " +
                                    std::to_string(kMaxRecordLineBytes >> 20) + " MiB");
      line.append(chunk.data() + at, end - at);
      at = end;
      if (newline) {
        end_line();
        ++at;
      }
    }
  }
  if (in.bad()) throw std::invalid_argument("read error after game record line " + std::to_string(parser.number()));
  if (!line.empty()) end_line();
  return parser.take();
}

std::vector<GameRecord> parse_records(const std::string& text) {
  std::istringstream in(text);
  return parse_records(in);
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
  if (record.cut_short)
    throw std::invalid_argument("the record ends without a 'result' line (after " + std::to_string(record.moves.size()) +
                                " moves): it was cut short");
  const std::string said = "the record says 'result " + (record.result.empty() ? kUnfinished : record.result) + "'";
  if (record.result.empty() && state->is_terminal())
    throw std::invalid_argument(said + " but the game is over: " + state->result_string());
  if (!record.result.empty()) {
    if (!state->is_terminal()) throw std::invalid_argument(said + " but the game is not over");
    if (state->result_string() != record.result)
      throw std::invalid_argument(said + " but the rules give '" + state->result_string() + "'");
  }
  return state;
}

}  // namespace djambi
