#pragma once
// djambi serve: the page's analysis (docs/WEB.md, "On the page"): the seats' win chances, the
// best moves of a position, and a whole game's values and turning points for the value graph.
// One searching player (a fixed spec, a bounded budget) runs it; at most one analysis per
// session at a time (a newer one stops the older), at most a few in the whole server, and the
// games' analyses are cached. No HTTP here: serve/api.h calls it.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "env/game.h"
#include "mcts/player.h"
#include "mcts/search_analysis.h"

namespace djambi::cli::serve {

struct AnalysisOptions {
  // The searching player (docs/PLAYERS.md); its budget is replaced by the visits below (ab:
  // nodes). Alpha-beta by default: fast on a CPU, and the same answer on every machine.
  std::string player = "ab";
  // The budget of one position (the bar and the arrows), and the most a request may ask.
  int visits = 20000;
  // The budget of each position of a whole game (the value graph): small, so that a game of a
  // hundred turns takes about a second.
  int game_visits = 2000;
  int max_multipv = 5;          // the lines a request may ask for
  size_t max_running = 2;       // analyses at once in the whole server; beyond it 503
  size_t max_cached = 32;       // whole games' analyses kept (least recently used dropped)
  size_t max_game_turns = 2000; // turns of a game analysed at most (a longer one: 400)
  double threshold = 0.2;       // turning points: a mover's share changes by more than this
  // How long a request that replaces its session's running analysis waits for the slot that
  // one gives back (it stops within a search depth).
  double replace_wait_seconds = 10;
  uint64_t seed = 1;
};

// Each seat's share of the win (by seat, summing to 1), from the search `a` of `state` when
// given: a tree search's root values; alpha-beta's share of the mover, the rest split among the
// others as the hand-written evaluation splits it; without a search, that evaluation alone; a
// finished game, its returns. Djambi only.
std::vector<double> seat_shares(const GameState& state, const SearchAnalysis* a);

class Analyst {
 public:
  // Throws std::invalid_argument for a spec the factory refuses or one that does not search
  // (tried on `game`).
  Analyst(AnalysisOptions options, PlayerFactory factory, const std::shared_ptr<const Game>& game);
  const AnalysisOptions& options() const { return options_; }

  // The analysis of `state` (a state of `game`, Djambi, at a turn start, not over) for the session: the
  // search's JSON (apps/analysis_json.h) with `shares` (by seat) and each line's first `from`
  // and `to` squares. `visits` 0: the options' budget. ApiError 400 for a bad multipv or
  // visits, 409 when a newer request of the session replaced it, 503 when the server is busy.
  nlohmann::json position(const std::string& session, const std::shared_ptr<const Game>& game, const GameState& state,
                          int multipv, int visits);
  // A whole game from `start` (a state of `game`, Djambi) through `moves` (notation, legal: checked
  // before), each turn searched at game_visits: `frames` (the position before each move and
  // after the last: `shares`, and the analysis with its lines but the last), and the
  // `turning_points` (apps/game_analysis.h). Cached by the game's text. Errors as position().
  nlohmann::json game(const std::string& session, const std::shared_ptr<const Game>& game, const GameState& start,
                      const std::vector<std::string>& moves);

  // Analyses running now (tests).
  size_t running();
  size_t cached();

 private:
  // One session's analyses in flight; the newest (generation) wins.
  struct SessionRuns {
    uint64_t generation = 0;
    std::shared_ptr<std::atomic<bool>> stop;  // the running one's flag, null when none runs
    int in_flight = 0;                        // running or waiting
  };
  // A slot taken for one analysis (RAII): its stop flag is set by a newer request.
  class Lease {
   public:
    Lease(Analyst& owner, std::string session, std::shared_ptr<std::atomic<bool>> stop)
        : owner_(owner), session_(std::move(session)), stop_(std::move(stop)) {}
    ~Lease() { owner_.release(session_, stop_); }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    const std::atomic<bool>* stop() const { return stop_.get(); }
    bool stopped() const { return stop_->load(); }

   private:
    Analyst& owner_;
    std::string session_;
    std::shared_ptr<std::atomic<bool>> stop_;
  };
  std::unique_ptr<Lease> acquire(const std::string& session);
  void release(const std::string& session, const std::shared_ptr<std::atomic<bool>>& stop);
  std::unique_ptr<Player> make_player(const Lease& lease, const std::shared_ptr<const Game>& game, int visits) const;

  AnalysisOptions options_;
  PlayerFactory factory_;
  std::mutex mutex_;
  std::condition_variable freed_;
  size_t running_ = 0;
  std::map<std::string, SessionRuns> sessions_;
  std::list<std::pair<std::string, nlohmann::json>> cache_;  // most recently used first
};

}  // namespace djambi::cli::serve
