#include "apps/bot_session.h"

#include <cstdio>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include "apps/analysis_json.h"
#include "apps/board_text.h"
#include "env/games.h"
#include "env/io/message_text.h"
#include "env/io/number_text.h"
#include "env/turn_text.h"
#include "mcts/search_config.h"

namespace djambi::cli {

namespace {

// 2: `analyze`; 3: `go infinite`, `stop` and `info progress` lines (version 1's and 2's
// commands are unchanged).
constexpr int kProtocolVersion = 3;
// A search writes no progress line before it has run this long (short searches none at all).
constexpr double kFirstProgressSeconds = 1.0;

std::vector<std::string> words_of(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}

std::string join(const std::vector<std::string>& words, size_t begin, size_t end) {
  std::string out;
  for (size_t i = begin; i < end; ++i) out += (i > begin ? " " : "") + words[i];
  return out;
}

// The number after `key` in a `go` command: positive and at most `max` (the bounds of player
// specs: a budget of `inf` would search until memory runs out, deaf to `quit`).
double number_after(const std::vector<std::string>& words, size_t i, double max) {
  if (i + 1 >= words.size()) throw std::invalid_argument(words[i] + " needs a number");
  const std::string& text = words[i + 1];
  const std::optional<double> v = parse_real(text);  // "inf" and 1e999 are too large, below
  if (!v || !(*v > 0)) throw std::invalid_argument(words[i] + " must be a positive number, got '" + text + "'");
  if (!(*v <= max))
    throw std::invalid_argument(words[i] + " must be at most " + shortest_text(max) + ", got '" + text + "'");
  return *v;
}

// The whole number after `key`, from 1 to `max`, read by parse_integer as player specs read
// theirs (sims=): decimal digits only, so "1e1", "0x10" and "2.5" are refused as in a spec.
int whole_number_after(const std::vector<std::string>& words, size_t i, int max) {
  if (i + 1 >= words.size()) throw std::invalid_argument(words[i] + " needs a number");
  const std::string& text = words[i + 1];
  const std::optional<long long> v = parse_integer(text);
  const bool digits = text.find_first_not_of("0123456789", text[0] == '+' || text[0] == '-' ? 1 : 0) == std::string::npos;
  if (!v && !digits) throw std::invalid_argument(words[i] + " must be a whole number in decimal digits, got '" + text + "'");
  if (v && *v < 1) throw std::invalid_argument(words[i] + " must be a positive number, got '" + text + "'");
  if (!v || *v > max)  // digits beyond long long are too large as well
    throw std::invalid_argument(words[i] + " must be at most " + std::to_string(max) + ", got '" + text + "'");
  return static_cast<int>(*v);
}

// One line: the position notation for Djambi, rows joined by '/' otherwise.
std::string one_line(const GameState& state) {
  std::string text = state.to_string();
  for (char& c : text)
    if (c == '\n') c = '/';
  return text;
}

}  // namespace

BotSession::BotSession(std::shared_ptr<const Game> game, std::unique_ptr<Player> player, std::string spec)
    : game_(std::move(game)), player_(std::move(player)), spec_(std::move(spec)), state_(game_->new_initial_state()) {}

BotSession::~BotSession() {
  {
    std::lock_guard<std::mutex> lock(write_mutex_);
    discard_progress_ = true;  // the stream of its progress lines may be gone already
  }
  stop_ = true;
  if (search_thread_.joinable()) search_thread_.join();
}

void BotSession::write(std::ostream& out, const std::string& lines) {
  if (lines.empty()) return;
  std::lock_guard<std::mutex> lock(write_mutex_);
  out << lines;
  out.flush();
}

SearchControl BotSession::control_for(std::ostream* out, bool unlimited) {
  SearchControl control;
  control.unlimited = unlimited;
  if (unlimited) control.stop = &stop_;
  // `analyze` searches as `go` does (the same slices of a tree search), writing nothing.
  control.progress = [this, out](const SearchAnalysis& a) {
    if (!out || a.seconds < kFirstProgressSeconds || a.lines.empty()) return;
    const std::string move = turn_to_string(*state_, a.lines.front().move);
    char number[64];
    std::string line = "info progress";
    if (a.visits >= 0) {  // tree search
      line += " visits " + std::to_string(a.visits);
      std::snprintf(number, sizeof number, " seconds %.2f", a.seconds);
      line += number;
      line += " move " + move + " value";
      for (float v : a.root_values) {
        std::snprintf(number, sizeof number, " %.3f", v);
        line += number;
      }
    } else {  // alpha-beta
      line += " depth " + std::to_string(a.depth) + " nodes " + std::to_string(a.nodes);
      std::snprintf(number, sizeof number, " seconds %.2f", a.seconds);
      line += number;
      line += " move " + move;
      if (a.root_score) {
        std::snprintf(number, sizeof number, " score %.4f", *a.root_score);
        line += number;
      }
    }
    line += "\n";
    std::lock_guard<std::mutex> lock(write_mutex_);
    if (discard_progress_) return;
    *out << line;
    out->flush();
  };
  return control;
}

std::string BotSession::final_lines(const std::vector<Action>& actions) const {
  std::string out;
  const std::string analysis = player_->last_analysis();
  if (!analysis.empty()) out += "info " + analysis + "\n";
  return out + "bestmove " + turn_to_string(*state_, actions) + "\n";
}

std::string BotSession::status() const {
  if (state_->is_terminal()) return "status over result " + state_->result_string();
  return "status running to_move " + seat_label(*state_, state_->current_player());
}

void BotSession::set_position(const std::vector<std::string>& words, std::ostream& out) {
  size_t moves_at = 1;
  while (moves_at < words.size() && words[moves_at] != "moves") ++moves_at;
  if (moves_at == 1) throw std::invalid_argument("position needs 'start' or a position");
  const std::string text = join(words, 1, moves_at);
  std::unique_ptr<GameState> state = state_from_text(*game_, text);
  std::vector<std::unique_ptr<GameState>> history;
  for (size_t i = moves_at + 1; i < words.size(); ++i) {
    if (state->is_terminal()) throw std::invalid_argument("move '" + words[i] + "': the game is already over");
    const std::vector<Action> actions = parse_turn(*state, words[i]);
    history.push_back(state->clone());
    apply_turn(*state, actions);
  }
  state_ = std::move(state);
  history_ = std::move(history);
  out << "ok\n";
}

void BotSession::play(const std::string& move, std::ostream& out) {
  if (state_->is_terminal()) throw std::invalid_argument("the game is over: " + state_->result_string());
  const std::vector<Action> actions = parse_turn(*state_, move);
  history_.push_back(state_->clone());
  for (Action a : actions) {
    player_->observe(*state_, a);
    state_->apply_action(a);
  }
  out << "ok\n";
}

void BotSession::read_search_words(const std::vector<std::string>& words, int* multipv, std::ostream& out) {
  SearchBudget budget;
  for (size_t i = 1; i < words.size(); i += 2) {
    if (words[i] == "visits") {
      budget.visits = whole_number_after(words, i, kMaxSimulations);
    } else if (words[i] == "time") {
      budget.seconds = number_after(words, i, kMaxSearchSeconds);
    } else if (words[i] == "multipv" && multipv) {
      *multipv = whole_number_after(words, i, kMaxMultipv);
    } else if (multipv) {
      throw std::invalid_argument(words[0] + " takes 'visits N', 'time SECONDS' and 'multipv K', not '" + words[i] + "'");
    } else {
      throw std::invalid_argument(words[0] + " takes 'visits N' and 'time SECONDS', not '" + words[i] + "'");
    }
  }
  if (state_->is_terminal()) throw std::invalid_argument("the game is over: " + state_->result_string());
  if ((budget.visits > 0 || budget.seconds > 0) && !player_->set_budget(budget) && !multipv)
    out << "info " << spec_ << " does not search; budget ignored\n";
}

namespace {

// Installs a control for the duration of one search, and takes it away after.
class ControlScope {
 public:
  ControlScope(Player& player, const SearchControl& control) : player_(player) { player_.set_control(control); }
  ~ControlScope() { player_.set_control(SearchControl{}); }
  ControlScope(const ControlScope&) = delete;
  ControlScope& operator=(const ControlScope&) = delete;

 private:
  Player& player_;
};

}  // namespace

void BotSession::go(const std::vector<std::string>& words, std::ostringstream& out) {
  if (words.size() >= 2 && words[1] == "infinite") {
    if (words.size() > 2) throw std::invalid_argument("go infinite takes nothing after it");
    if (state_->is_terminal()) throw std::invalid_argument("the game is over: " + state_->result_string());
    start_infinite();
    return;
  }
  read_search_words(words, nullptr, out);
  // Progress lines go to the session's stream at once, before the final lines in `out`.
  write(*sink_, out.str());
  out.str("");
  std::vector<Action> actions;
  {
    ControlScope scope(*player_, control_for(sink_, false));
    actions = player_->choose_turn(*state_);
  }
  out << final_lines(actions);
}

void BotSession::start_infinite() {
  stop_ = false;
  found_.clear();
  search_error_.clear();
  std::ostream* sink = sink_;
  search_thread_ = std::thread([this, sink] {
    try {
      ControlScope scope(*player_, control_for(sink, true));
      found_ = player_->choose_turn(*state_);
    } catch (const std::exception& e) {
      search_error_ = std::string("error ") + printable_message(e.what()) + "\n";
    } catch (...) {
      search_error_ = "error the search failed\n";
    }
  });
}

void BotSession::stop_search(std::ostream& out) {
  stop_ = true;
  search_thread_.join();
  if (!search_error_.empty()) {
    out << search_error_;
    return;
  }
  out << final_lines(found_);
}

void BotSession::finish(std::ostream& out) {
  if (!search_thread_.joinable()) return;
  std::ostringstream lines;
  stop_search(lines);
  write(out, lines.str());
}

void BotSession::analyze(const std::vector<std::string>& words, std::ostream& out) {
  int multipv = 1;
  read_search_words(words, &multipv, out);
  ControlScope scope(*player_, control_for(nullptr, false));
  const std::optional<SearchAnalysis> a = player_->analyze(*state_, multipv);
  if (!a) throw std::invalid_argument(spec_ + " does not search");
  out << "analysis " << json_line(analysis_json(*state_, *a, spec_, multipv)) << "\n";
}

bool BotSession::handle(const std::string& line, std::ostream& out) {
  // A message holding it would be cut at the NUL byte; no command has one.
  if (line.find('\0') != std::string::npos) {
    write(out, "error the line holds a NUL byte\n");
    return true;
  }
  const std::vector<std::string> words = words_of(line);
  if (words.empty() || words[0][0] == '#') return true;
  // The reply is gathered, then written whole (a running search writes lines of its own).
  std::ostringstream reply;
  sink_ = &out;
  bool more = true;
  if (search_thread_.joinable()) {
    const std::string& command = words[0];
    if (command == "stop" || command == "quit") {
      stop_search(reply);
      if (command == "quit") {
        reply << "bye\n";
        more = false;
      }
    } else if (command == "isready") {
      reply << "readyok\n";
    } else {
      reply << "error searching: send stop first\n";
    }
  } else {
    more = handle_words(words, reply);
  }
  write(out, reply.str());
  return more;
}

bool BotSession::handle_words(const std::vector<std::string>& words, std::ostringstream& out) {
  const std::string& command = words[0];
  try {
    auto expect_arguments = [&](size_t n) {
      if (words.size() != n + 1)
        throw std::invalid_argument(command + " takes " + std::to_string(n) + " argument" + (n == 1 ? "" : "s"));
    };
    if (command == "quit") {
      out << "bye\n";
      return false;
    } else if (command == "protocol") {
      expect_arguments(0);
      out << "protocol djambi-zero " << kProtocolVersion << "\n";
    } else if (command == "id") {
      expect_arguments(0);
      out << "id player " << spec_ << " game " << game_->name() << " variants " << variant_list_of(*game_) << "\n";
    } else if (command == "isready") {
      expect_arguments(0);
      out << "readyok\n";
    } else if (command == "newgame") {
      expect_arguments(0);
      state_ = game_->new_initial_state();
      history_.clear();
      out << "ok\n";
    } else if (command == "position") {
      set_position(words, out);
    } else if (command == "play") {
      expect_arguments(1);
      play(words[1], out);
    } else if (command == "undo") {
      expect_arguments(0);
      if (history_.empty()) throw std::invalid_argument("no move to undo");
      state_ = std::move(history_.back());
      history_.pop_back();
      out << "ok\n";
    } else if (command == "legal") {
      expect_arguments(0);
      const auto turns = state_->is_terminal() ? std::vector<TextTurn>{} : legal_turns(*state_);
      out << "legal " << turns.size();
      for (const TextTurn& t : turns) out << " " << t.text;
      out << "\n";
    } else if (command == "go") {
      go(words, out);
    } else if (command == "analyze") {
      analyze(words, out);
    } else if (command == "show") {
      expect_arguments(0);
      out << "position " << one_line(*state_) << "\n";
    } else if (command == "status") {
      expect_arguments(0);
      out << status() << "\n";
    } else if (command == "stop") {
      expect_arguments(0);
      throw std::invalid_argument("no search to stop");
    } else {
      throw std::invalid_argument("unknown command '" + command + "'");
    }
  } catch (const std::invalid_argument& e) {
    out << "error " << printable_message(e.what()) << "\n";
  }
  return true;
}

}  // namespace djambi::cli
