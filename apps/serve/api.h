#pragma once
// djambi serve: the JSON API behind the page, one method per route (docs/WEB.md), with no HTTP
// in it. A refused request throws ApiError (status and sentence); the HTTP layer
// (serve/http.h) turns that into a 4xx answer with {"error": ...}.
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "apps/serve/analysis.h"
#include "apps/serve/games.h"
#include "apps/serve/records.h"
#include "mcts/player.h"

namespace djambi::cli::serve {

struct ServeOptions {
  // The bots offered on the page, the first one seated by default (one spec each).
  std::vector<std::string> opponents{"best"};
  std::vector<std::string> variants;  // the default variant set of a new game
  std::string records;                // the --records folder ("" for none)
  // Whether the page may seat any player spec; otherwise only those of `opponents`, random and
  // greedy (a server open to a network should not load any file a visitor names).
  bool any_spec = true;
  uint64_t seed = 1;
  size_t max_sessions = 256;
  size_t max_games_per_session = 8;
  // The games live in the whole server (GameStore); 0: default_max_games().
  size_t max_games = 0;
  // A game untouched for longer may be dropped to make room for a new one past max_games.
  double idle_seconds = 900;
  // The bots' searches at once in the whole server, on threads of its own (SearchPool); 0:
  // default_max_searches().
  size_t max_searches = 0;
  // How long POST .../bot (and .../cancel of a thinking bot) waits for the bot's turn before it
  // answers the game as it is, with "thinking": true (the page asks again).
  double bot_wait_seconds = 2;
  // The page's analysis (serve/analysis.h): its player, budgets and bounds.
  AnalysisOptions analysis;
};

// The memory a game may take at most, bots' search trees included, as budgeted for the
// default cap (measured: docs/WEB.md, "Limits and threat model").
constexpr size_t kGameMemoryBudget = size_t{32} << 20;
// The default cap on live games: a quarter of the machine's memory over kGameMemoryBudget, at
// least 16 and at most max_sessions x max_games_per_session.
size_t default_max_games(size_t max_sessions, size_t max_games_per_session);
// The default bound on the bots' searches at once: the machine's cores, at least 2, at most 8.
size_t default_max_searches();
// Requests at once that wait for a bot's turn (POST .../bot): the others answer at once, so that
// waiting requests never hold more than half of the request threads (kServerThreads, http.h).
constexpr int kMaxBotWaiters = 4;

class ServeApi {
 public:
  ServeApi(ServeOptions options, PlayerFactory factory);

  GameStore& store() { return store_; }

  // GET /api/info: the variants, the bots on offer, the default seats, whether records can be
  // browsed.
  nlohmann::json info() const;
  // POST /api/games {"seats": ["human", "random", ...], "variants": [...]} (both optional).
  nlohmann::json create_game(const std::string& session, const nlohmann::json& body);
  // GET /api/games: this session's games, most recent first.
  nlohmann::json list_games(const std::string& session);
  // GET /api/games/ID
  nlohmann::json get_game(const std::string& session, const std::string& id);
  // POST /api/games/ID/decide {"id": N}: one decision of a person's turn.
  nlohmann::json decide(const std::string& session, const std::string& id, const nlohmann::json& body);
  // POST /api/games/ID/move {"move": "c3xd4>h5"}: a person's whole turn in notation.
  nlohmann::json move(const std::string& session, const std::string& id, const nlohmann::json& body);
  // POST /api/games/ID/bot: the bot to move plays its turn, on the server's search threads
  // (started unless it is under way); the answer waits for it up to bot_wait_seconds, then is
  // the game as it is ("thinking": true while the turn goes on).
  nlohmann::json bot(const std::string& session, const std::string& id);
  // POST /api/games/ID/cancel: forget the decisions of the person's turn in progress; while a
  // bot thinks, stop its search (it plays the best turn found so far).
  nlohmann::json cancel(const std::string& session, const std::string& id);
  // GET /api/games/ID/record: the game record (text, docs/RECORDS.md).
  std::string record(const std::string& session, const std::string& id);

  // GET /api/records: the record files under --records.
  nlohmann::json records() const;
  // GET /api/records/file?path=P: the games of one file, summed up.
  nlohmann::json record_file(const std::string& path) const;
  // GET /api/records/game?path=P&game=K: one game replayed.
  nlohmann::json record_game(const std::string& path, int game) const;
  // POST /api/records/upload?game=K (the body is the records' text): the file's games summed
  // up, and game K (default 1) replayed.
  nlohmann::json upload(const std::string& text, int game) const;

  // POST /api/analysis {"position": TEXT, "variants": [...], "multipv": K, "visits": N}: the
  // position searched by the analysis player (the win-chance bar and the best moves).
  nlohmann::json analyze_position(const std::string& session, const nlohmann::json& body);
  // POST /api/analysis/game {"start": TEXT, "variants": [...], "moves": [...]}: every turn of a
  // game searched (the value graph and its turning points); cached.
  nlohmann::json analyze_game(const std::string& session, const nlohmann::json& body);
  Analyst& analyst() { return analyst_; }

 private:
  std::vector<std::string> seats_from(const nlohmann::json& body, int num_players) const;
  // Waits for the bot's turn of `game` (its mutex held by `lock`) up to bot_wait_seconds, unless
  // kMaxBotWaiters requests wait already.
  void wait_for_bot(ServeGame& game, std::unique_lock<std::mutex>& lock);

  ServeOptions options_;
  PlayerFactory factory_;
  GameStore store_;
  RecordLibrary library_;
  Analyst analyst_;
  std::atomic<uint64_t> games_made_{0};
  std::atomic<int> bot_waiters_{0};
  // Last, so that it ends first: its searches stop before the games and the store go.
  SearchPool searches_;
};

}  // namespace djambi::cli::serve
