#pragma once
// djambi serve: the games people play in the browser, kept in memory per browser session
// (docs/WEB.md). Nothing here knows HTTP: serve/api.h turns requests into these calls.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "env/game_record.h"
#include "env/threads/bounded_queue.h"
#include "mcts/player.h"

namespace djambi::cli::serve {

// A request the server refuses: the HTTP status (4xx, or 503 when it is full) and a sentence for the page.
class ApiError : public std::runtime_error {
 public:
  ApiError(int status, const std::string& message) : std::runtime_error(message), status_(status) {}
  int status() const { return status_; }

 private:
  int status_;
};

// One finished turn, as the move list shows it.
struct PlayedTurn {
  int seat = 0;
  std::string text;              // RULES.md section 8 notation
  std::string comment;           // the bot's analysis, "" for a person
  std::vector<std::string> squares;  // the squares it touched (from, to, placements, victims)
};

// The server's own threads for the bots' searches, so that no request thread searches: at most
// `threads` searches at once in the whole server, the others wait in turn (one per game at
// most, ServeGame::start_bot_turn). Its end drops the searches waiting, stops those running
// (their `stop`) and joins.
class SearchPool {
 public:
  explicit SearchPool(size_t threads);
  ~SearchPool();
  SearchPool(const SearchPool&) = delete;
  SearchPool& operator=(const SearchPool&) = delete;
  // `run` on a thread of the pool once one is free; `stop` (from any thread, quick) makes it end
  // soon when the pool ends meanwhile.
  void submit(std::function<void()> run, std::function<void()> stop);
  size_t threads() const { return threads_.size(); }

 private:
  struct Task {
    std::function<void()> run, stop;
  };
  void work();

  BoundedQueue<Task> queue_;  // the searches waiting for a thread
  std::mutex mutex_;          // guards running_ and ending_
  std::list<Task> running_;
  bool ending_ = false;
  std::vector<std::thread> threads_;
};

// One game: the state, who plays each seat (a person or a bot), the finished turns and the
// decisions of a person's turn in progress. Not thread-safe: hold mutex() around every call
// (snapshot() excepted). A bot's turn is searched on a SearchPool's thread without the mutex
// (start_bot_turn); meanwhile nothing changes the game (a person's decisions are refused since
// a bot is to move), and snapshot() gives the game's JSON as of its last finished change.
class ServeGame : public std::enable_shared_from_this<ServeGame> {
 public:
  // `seats[s]` is "human" or a player spec; Djambi only. Throws ApiError 400 for a bad spec.
  ServeGame(std::string id, std::shared_ptr<const Game> game, const std::vector<std::string>& seats,
            const PlayerFactory& factory, uint64_t seed);

  const std::string& id() const { return id_; }
  std::mutex& mutex() { return mutex_; }
  const Game& game() const { return *game_; }
  const GameState& state() const { return *state_; }
  const std::vector<std::string>& seat_names() const { return seat_names_; }
  bool is_human(int seat) const { return !bots_[static_cast<size_t>(seat)]; }
  const std::vector<PlayedTurn>& turns() const { return turns_; }
  // The decisions already made in the person's turn in progress (view frame), empty between turns.
  const std::vector<Action>& pending() const { return pending_; }
  // The turn in progress so far in notation ("c3xd4", "b2xe5>i5,"), "" between turns.
  std::string pending_text() const;

  // One decision (an action of the mover's view frame, as GameState::legal_actions lists it) of
  // a person's turn. ApiError 409 when the game is over or a bot is to move, 400 when illegal.
  void decide(Action action);
  // A person's whole turn in notation (only at a turn start).
  void play_move(const std::string& text);
  // Starts the turn of the bot to move on `pool` and returns at once (the mutex held); nothing
  // when its search is under way already. ApiError 409 when a person is to move or it is over;
  // 500 with what the last bot's turn threw, when it failed unseen (reported once).
  void start_bot_turn(SearchPool& pool);
  // Whether a bot's turn is searched or waits for a thread of the pool.
  bool thinking() const { return thinking_; }
  // Whether the seat to move is a bot's (and the game goes on).
  bool bot_to_move() const { return !state_->is_terminal() && !is_human(state_->current_player()); }
  // Set when a bot's turn was answered unfinished ("thinking"): the client will ask again, and
  // may then find a person to move; taken (and cleared) by that request.
  void set_unseen_turn(bool unseen) { unseen_turn_ = unseen; }
  bool take_unseen_turn() { return std::exchange(unseen_turn_, false); }
  // Waits (the mutex held by `lock`, released meanwhile) until no bot thinks or `seconds` have
  // passed; whether no bot thinks. ApiError 500 when the turn waited for failed.
  bool wait_bot_turn(std::unique_lock<std::mutex>& lock, double seconds);
  // Asks the thinking bot to end its search soon and play the best turn it has found so far
  // (SearchControl::stop; players that do not search end at once anyway).
  void stop_thinking() { stop_.store(true); }
  // The game was dropped: a search waiting for a thread is skipped, one running is stopped.
  // Any thread, without the mutex.
  void abandon() {
    abandoned_.store(true);
    stop_.store(true);
  }
  // Drops the decisions of the person's turn in progress (nothing happens between turns).
  void cancel_turn();
  // The game record so far ("result unfinished" while it runs).
  std::string record_text() const;
  // The game's JSON (json.h's game_json, with "thinking") as of the last finished change: a
  // light lock of its own, never held while a bot searches.
  std::shared_ptr<const nlohmann::json> snapshot() const;

 private:
  void check_person_to_move() const;
  // Hands a finished turn to the record and to every bot (so that searches keep their trees).
  void commit_turn(const std::vector<Action>& actions, const std::string& comment);
  // The search of a bot's turn from `state`, on a pool's thread; then the turn is played.
  void run_bot_turn(const GameState& state);
  // Writes the game's JSON for snapshot() (the mutex held).
  void refresh_snapshot();

  std::string id_;
  std::shared_ptr<const Game> game_;
  std::mutex mutex_;
  std::vector<std::string> seat_names_;
  std::vector<std::unique_ptr<Player>> bots_;  // null for a person's seat
  std::unique_ptr<GameState> state_;
  std::unique_ptr<GameState> turn_start_;  // the state when the turn in progress began
  std::vector<Action> pending_;
  std::vector<PlayedTurn> turns_;
  GameRecord record_;  // whole turns are committed, so no RecordBuilder is needed
  bool thinking_ = false;          // a bot's turn is searched (or waits for the pool)
  bool unseen_turn_ = false;       // set_unseen_turn
  std::string bot_error_;          // what the last bot's turn threw, until reported
  std::atomic<bool> stop_{false};  // the bots' SearchControl::stop
  std::atomic<bool> abandoned_{false};
  std::condition_variable turn_done_;  // with mutex_: a bot's turn ended
  mutable std::mutex snapshot_mutex_;
  std::shared_ptr<const nlohmann::json> snapshot_;
};

// Every browser session's games. A session is named by a random token (the page's cookie);
// a game is found only through the session that made it. Sessions and games beyond the limits
// are dropped, least recently used first, so memory stays bounded. Thread-safe.
//
// Besides, at most `max_games` games live in the whole server (a game with bots holds their
// search trees). A new one past that cap takes the place of the game untouched (neither made
// nor asked for) for longest, when that is over `idle_seconds`; when no game is that idle, the
// server is full and the new game is refused (ApiError 503).
class GameStore {
 public:
  using Clock = std::chrono::steady_clock;
  GameStore(size_t max_sessions, size_t max_games_per_session, size_t max_games = 2048, double idle_seconds = 900);
  // Tests: the time the store reads (Clock::now by default).
  void set_clock(std::function<Clock::time_point()> clock);
  // A new random token: 128 bits from the kernel's cryptographic source (getrandom(2)), as 32
  // hex digits; session tokens and game ids, so neither can be guessed. Throws
  // std::runtime_error when the kernel gives none.
  static std::string new_token();
  static bool is_token(const std::string& text);
  // A new session's token. It is remembered among the last kMaxIssued issued, apart from the
  // sessions that hold games, so that requests without a cookie (which any page can make the
  // browser send) never push out a session's games.
  std::string new_session();
  // Whether `session` was issued by new_session() and is still known (it holds games, or is among
  // the last issued): a token the server did not issue is never adopted as a session.
  bool has_session(const std::string& session);
  static constexpr size_t kMaxIssued = 4096;
  // Room for one more game, before it is made: the idle game that has waited longest is dropped
  // when max_games live (or are being made). ApiError 503, the server is full, when none is idle.
  // Each reserve() is followed by one add() or, when the game could not be made, release().
  void reserve();
  void release();
  // Keeps a game made after reserve().
  void add(const std::string& session, std::shared_ptr<ServeGame> game);
  // The games kept, in all sessions.
  size_t live_games();
  // ApiError 404 for a game not in this session.
  std::shared_ptr<ServeGame> find(const std::string& session, const std::string& id);
  std::vector<std::shared_ptr<ServeGame>> games(const std::string& session);

 private:
  struct Kept {
    std::shared_ptr<ServeGame> game;
    Clock::time_point used;  // when it was made or last asked for
  };
  struct Session {
    std::list<Kept> games;  // most recently used first
  };
  Session& touch(const std::string& session);
  // Drops the game that has been idle longest; false when none has been idle for idle_seconds_.
  bool evict_idle();

  std::mutex mutex_;
  size_t max_sessions_, max_games_;
  size_t max_live_;
  Clock::duration idle_;
  std::function<Clock::time_point()> clock_ = [] { return Clock::now(); };
  size_t live_ = 0;      // games in sessions_
  size_t reserved_ = 0;  // games being made
  std::list<std::string> order_;  // sessions, most recently used first
  std::map<std::string, Session> sessions_;
  std::set<std::string> issued_;      // the last kMaxIssued tokens of new_session()
  std::deque<std::string> issued_order_;  // the same, oldest first
};

}  // namespace djambi::cli::serve
