#include "apps/serve/games.h"

#include <sys/random.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include <nlohmann/json.hpp>

#include "apps/serve/decisions.h"
#include "apps/serve/json.h"
#include "env/djambi/game.h"
#include "env/games.h"
#include "env/turn_text.h"

namespace djambi::cli::serve {

SearchPool::SearchPool(size_t threads) {
  for (size_t i = 0; i < std::max<size_t>(1, threads); ++i) threads_.emplace_back([this] { work(); });
}

SearchPool::~SearchPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    ending_ = true;
    for (Task& t : running_) t.stop();
  }
  queue_.close();  // the workers drain what waits without running it (ending_), then end
  for (std::thread& t : threads_) t.join();
}

void SearchPool::submit(std::function<void()> run, std::function<void()> stop) {
  queue_.push({std::move(run), std::move(stop)});  // refused once the pool ends
}

void SearchPool::work() {
  while (std::optional<Task> next = queue_.pop()) {
    std::list<Task>::iterator task;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (ending_) continue;
      running_.push_front(std::move(*next));
      task = running_.begin();
    }
    try {
      task->run();
    } catch (...) {
      // run_bot_turn reports its own failures; nothing else may end the thread.
    }
    std::lock_guard<std::mutex> lock(mutex_);
    running_.erase(task);
  }
}

ServeGame::ServeGame(std::string id, std::shared_ptr<const Game> game, const std::vector<std::string>& seats,
                     const PlayerFactory& factory, uint64_t seed)
    : id_(std::move(id)),
      game_(std::move(game)),
      state_(game_->new_initial_state()) {
  if (!as_djambi(*state_)) throw ApiError(400, "djambi serve plays Djambi only, not " + game_->name());
  if (static_cast<int>(seats.size()) != state_->num_players())
    throw ApiError(400, "this game has " + std::to_string(state_->num_players()) + " seats, " +
                            std::to_string(seats.size()) + " were given");
  for (size_t s = 0; s < seats.size(); ++s) {
    seat_names_.push_back(seats[s]);
    if (seats[s] == "human") {
      bots_.emplace_back();
      continue;
    }
    try {
      bots_.push_back(factory.create(seats[s], game_, seed + s));
    } catch (const std::invalid_argument& e) {
      throw ApiError(400, e.what());
    }
    // Every search of this bot can be stopped (cancel, or the game dropped).
    SearchControl control;
    control.stop = &stop_;
    bots_.back()->set_control(control);
  }
  turn_start_ = state_->clone();
  record_.game = game_->name();
  record_.variants = variant_list_of(*game_);
  record_.players = seats;
  record_.start = state_text(*state_);
  refresh_snapshot();
}

std::shared_ptr<const nlohmann::json> ServeGame::snapshot() const {
  std::lock_guard<std::mutex> lock(snapshot_mutex_);
  return snapshot_;
}

void ServeGame::refresh_snapshot() {
  auto made = std::make_shared<nlohmann::json>(game_json(*this));
  (*made)["thinking"] = thinking_;
  std::lock_guard<std::mutex> lock(snapshot_mutex_);
  snapshot_ = std::move(made);
}

std::string ServeGame::pending_text() const {
  std::string out;
  auto walk = turn_start_->clone();
  int moves = 0;
  for (Action a : pending_) {
    const Decision d = describe_decision(*walk, a);
    if (d.type == "move" || d.type == "exit") {
      out += (moves++ ? "," : "") + d.from + (d.capture ? "x" : "-") + d.to;
    } else if (d.type == "place") {
      out += ">" + d.to;
    } else if (d.type == "report") {
      out += "+" + d.to;
    }
    walk->apply_action(a);
  }
  return out;
}

void ServeGame::check_person_to_move() const {
  if (state_->is_terminal()) throw ApiError(409, "the game is over: " + state_->result_string());
  if (!is_human(state_->current_player())) throw ApiError(409, "a bot is to move, not a person");
}

void ServeGame::decide(Action action) {
  check_person_to_move();
  const std::vector<Action> legal = state_->legal_actions();
  if (!std::binary_search(legal.begin(), legal.end(), action))
    throw ApiError(400, "decision " + std::to_string(action) + " is not legal here");
  pending_.push_back(action);
  state_->apply_action(action);
  if (state_->at_turn_start() || state_->is_terminal()) {
    const std::vector<Action> turn = std::move(pending_);
    pending_.clear();
    commit_turn(turn, "");
  }
  refresh_snapshot();
}

void ServeGame::play_move(const std::string& text) {
  check_person_to_move();
  if (!pending_.empty()) throw ApiError(409, "a turn is half made: finish or cancel it first");
  std::vector<Action> actions;
  try {
    actions = parse_turn(*state_, text);
  } catch (const std::invalid_argument& e) {
    throw ApiError(400, e.what());
  }
  apply_turn(*state_, actions);
  commit_turn(actions, "");
  refresh_snapshot();
}

void ServeGame::start_bot_turn(SearchPool& pool) {
  if (thinking_) return;
  if (!bot_error_.empty()) {
    const std::string error = std::move(bot_error_);
    bot_error_.clear();
    throw ApiError(500, "the bot's turn failed: " + error);
  }
  if (state_->is_terminal()) throw ApiError(409, "the game is over: " + state_->result_string());
  if (!bots_[static_cast<size_t>(state_->current_player())]) throw ApiError(409, "a person is to move, not a bot");
  thinking_ = true;
  stop_.store(abandoned_.load());
  refresh_snapshot();
  // The search reads a copy of the state: the game's own stays the mutex's.
  std::shared_ptr<const GameState> from(state_->clone());
  std::shared_ptr<ServeGame> self = shared_from_this();
  pool.submit([self, from] { self->run_bot_turn(*from); }, [self] { self->stop_thinking(); });
}

void ServeGame::run_bot_turn(const GameState& state) {
  std::vector<Action> actions;
  std::string comment, error;
  Player* bot = bots_[static_cast<size_t>(state.current_player())].get();
  if (!abandoned_.load()) {
    try {
      actions = bot->choose_turn(state);
      comment = bot->last_analysis();
    } catch (const std::exception& e) {
      error = e.what();
    } catch (...) {
      error = "an unknown error";
    }
  }
  std::lock_guard<std::mutex> lock(mutex_);
  if (!abandoned_.load()) {
    if (error.empty()) {
      try {
        apply_turn(*state_, actions);
        commit_turn(actions, comment);
      } catch (const std::exception& e) {
        error = e.what();
      }
    }
    bot_error_ = error;
  }
  thinking_ = false;
  refresh_snapshot();
  turn_done_.notify_all();
}

bool ServeGame::wait_bot_turn(std::unique_lock<std::mutex>& lock, double seconds) {
  const bool done = turn_done_.wait_for(lock, std::chrono::duration<double>(seconds), [this] { return !thinking_; });
  if (done && !bot_error_.empty()) {
    const std::string error = std::move(bot_error_);
    bot_error_.clear();
    throw ApiError(500, "the bot's turn failed: " + error);
  }
  return done;
}

void ServeGame::cancel_turn() {
  if (pending_.empty()) return;
  state_ = turn_start_->clone();
  pending_.clear();
  refresh_snapshot();
}

// The bots and the record hear a person's decisions only once the turn is whole, so that a
// cancelled half turn leaves no trace in a search tree.
void ServeGame::commit_turn(const std::vector<Action>& actions, const std::string& comment) {
  PlayedTurn played;
  played.seat = turn_start_->current_player();
  played.text = turn_to_string(*turn_start_, actions);
  played.comment = comment;
  auto walk = turn_start_->clone();
  for (Action a : actions) {
    for (const std::string& sq : decision_squares(describe_decision(*walk, a)))
      if (std::find(played.squares.begin(), played.squares.end(), sq) == played.squares.end()) played.squares.push_back(sq);
    for (auto& bot : bots_)
      if (bot) bot->observe(*walk, a);
    walk->apply_action(a);
  }
  record_.moves.push_back(played.text);
  record_.comments.push_back(comment);
  turns_.push_back(std::move(played));
  turn_start_ = std::move(walk);
}

std::string ServeGame::record_text() const {
  GameRecord record = record_;
  if (state_->is_terminal()) record.result = state_->result_string();
  return format_record(record);
}

GameStore::GameStore(size_t max_sessions, size_t max_games_per_session, size_t max_games, double idle_seconds)
    : max_sessions_(std::max<size_t>(1, max_sessions)),
      max_games_(std::max<size_t>(1, max_games_per_session)),
      max_live_(std::max<size_t>(1, max_games)),
      idle_(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(std::max(0.0, idle_seconds)))) {}

void GameStore::set_clock(std::function<Clock::time_point()> clock) {
  std::lock_guard<std::mutex> lock(mutex_);
  clock_ = std::move(clock);
}

std::string GameStore::new_token() {
  // getrandom(2) rather than std::random_device, which the standard lets be a plain PRNG. A
  // request of 16 bytes is never cut short once the pool is ready; EINTR may come before.
  unsigned char bytes[16];
  ssize_t got = -1;
  do {
    got = getrandom(bytes, sizeof bytes, 0);
  } while (got < 0 && errno == EINTR);
  if (got != static_cast<ssize_t>(sizeof bytes))
    throw std::runtime_error(std::string("no random bytes from the kernel (getrandom): ") + std::strerror(errno));
  char text[2 * sizeof bytes + 1];
  for (size_t i = 0; i < sizeof bytes; ++i) std::snprintf(text + 2 * i, 3, "%02x", bytes[i]);
  return text;
}

std::string GameStore::new_session() {
  const std::string token = new_token();
  std::lock_guard<std::mutex> lock(mutex_);
  issued_.insert(token);
  issued_order_.push_back(token);
  while (issued_order_.size() > kMaxIssued) {
    issued_.erase(issued_order_.front());
    issued_order_.pop_front();
  }
  return token;
}

bool GameStore::has_session(const std::string& session) {
  std::lock_guard<std::mutex> lock(mutex_);
  return sessions_.count(session) != 0 || issued_.count(session) != 0;
}

bool GameStore::is_token(const std::string& text) {
  return text.size() == 32 && text.find_first_not_of("0123456789abcdef") == std::string::npos;
}

GameStore::Session& GameStore::touch(const std::string& session) {
  auto it = std::find(order_.begin(), order_.end(), session);
  if (it != order_.end()) order_.erase(it);
  order_.push_front(session);
  while (order_.size() > max_sessions_) {
    if (auto dropped = sessions_.find(order_.back()); dropped != sessions_.end()) {
      for (Kept& kept : dropped->second.games) kept.game->abandon();
      live_ -= dropped->second.games.size();
      sessions_.erase(dropped);
    }
    order_.pop_back();
  }
  return sessions_[session];
}

bool GameStore::evict_idle() {
  const Clock::time_point now = clock_();
  Session* oldest_session = nullptr;
  std::list<Kept>::iterator oldest;
  for (auto& [token, s] : sessions_) {
    if (s.games.empty()) continue;
    auto last = std::prev(s.games.end());  // the session's least recently used
    if (now - last->used <= idle_) continue;
    if (!oldest_session || last->used < oldest->used) {
      oldest_session = &s;
      oldest = last;
    }
  }
  if (!oldest_session) return false;
  // A game in the middle of a request lives on through its shared_ptr until the request ends.
  oldest->game->abandon();
  oldest_session->games.erase(oldest);
  --live_;
  return true;
}

void GameStore::reserve() {
  std::lock_guard<std::mutex> lock(mutex_);
  while (live_ + reserved_ >= max_live_)
    if (!evict_idle())
      throw ApiError(503, "the server is full (" + std::to_string(max_live_) +
                              " games in play, its limit); please try again in a few minutes");
  ++reserved_;
}

void GameStore::release() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (reserved_ > 0) --reserved_;
}

void GameStore::add(const std::string& session, std::shared_ptr<ServeGame> game) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (reserved_ > 0) --reserved_;
  Session& s = touch(session);
  s.games.push_front({std::move(game), clock_()});
  ++live_;
  // A game in the middle of a request lives on through its shared_ptr until the request ends.
  while (s.games.size() > max_games_) {
    s.games.back().game->abandon();
    s.games.pop_back();
    --live_;
  }
}

size_t GameStore::live_games() {
  std::lock_guard<std::mutex> lock(mutex_);
  return live_;
}

std::shared_ptr<ServeGame> GameStore::find(const std::string& session, const std::string& id) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto found = sessions_.find(session);
  if (found != sessions_.end()) {
    auto& games = found->second.games;
    for (auto it = games.begin(); it != games.end(); ++it) {
      if (it->game->id() != id) continue;
      std::shared_ptr<ServeGame> game = it->game;
      games.erase(it);
      touch(session).games.push_front({game, clock_()});
      return game;
    }
  }
  throw ApiError(404, "no game '" + id + "' in this browser session (games live in the server's memory only)");
}

std::vector<std::shared_ptr<ServeGame>> GameStore::games(const std::string& session) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto found = sessions_.find(session);
  if (found == sessions_.end()) return {};
  std::vector<std::shared_ptr<ServeGame>> out;
  for (const Kept& kept : found->second.games) out.push_back(kept.game);
  return out;
}

}  // namespace djambi::cli::serve
