#include "apps/bot_session.h"

#include <cmath>
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

// 2: `analyze` (version 1's commands are unchanged).
constexpr int kProtocolVersion = 2;
// The most lines `analyze` answers (more than any Djambi position has whole moves to show).
constexpr int kMaxMultipv = 1000;

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
      const double v = number_after(words, i, kMaxSimulations);
      if (v != std::floor(v)) throw std::invalid_argument("visits must be a whole number");
      budget.visits = static_cast<int>(v);
    } else if (words[i] == "time") {
      budget.seconds = number_after(words, i, kMaxSearchSeconds);
    } else if (words[i] == "multipv" && multipv) {
      const double v = number_after(words, i, kMaxMultipv);
      if (v != std::floor(v)) throw std::invalid_argument("multipv must be a whole number");
      *multipv = static_cast<int>(v);
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

void BotSession::go(const std::vector<std::string>& words, std::ostream& out) {
  read_search_words(words, nullptr, out);
  const std::vector<Action> actions = player_->choose_turn(*state_);
  const std::string analysis = player_->last_analysis();
  if (!analysis.empty()) out << "info " << analysis << "\n";
  out << "bestmove " << turn_to_string(*state_, actions) << "\n";
}

void BotSession::analyze(const std::vector<std::string>& words, std::ostream& out) {
  int multipv = 1;
  read_search_words(words, &multipv, out);
  const std::optional<SearchAnalysis> a = player_->analyze(*state_, multipv);
  if (!a) throw std::invalid_argument(spec_ + " does not search");
  out << "analysis " << json_line(analysis_json(*state_, *a, spec_, multipv)) << "\n";
}

bool BotSession::handle(const std::string& line, std::ostream& out) {
  // A message holding it would be cut at the NUL byte; no command has one.
  if (line.find('\0') != std::string::npos) {
    out << "error the line holds a NUL byte\n";
    return true;
  }
  const std::vector<std::string> words = words_of(line);
  if (words.empty() || words[0][0] == '#') return true;
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
    } else {
      throw std::invalid_argument("unknown command '" + command + "'");
    }
  } catch (const std::invalid_argument& e) {
    out << "error " << printable_message(e.what()) << "\n";
  }
  return true;
}

}  // namespace djambi::cli
