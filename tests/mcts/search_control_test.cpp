// Searches steered from outside (mcts/search_analysis.h, SearchControl): without a budget and
// stopped from another thread, mcts and ab answer a legal move soon after the stop, even when
// stopped before they began; their progress reports grow; their own budget stays.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <thread>

#include "env/djambi/game.h"
#include "mcts/basic_evaluators.h"
#include "mcts/basic_players.h"
#include "mcts/djambi/alphabeta_player.h"

namespace djambi {
namespace {

using Clock = std::chrono::steady_clock;

// Whether `turn` is one whole legal turn of the player to move in `state`.
bool legal_turn(const GameState& state, const std::vector<Action>& turn) {
  if (turn.empty()) return false;
  auto s = state.clone();
  for (size_t i = 0; i < turn.size(); ++i) {
    if (s->is_terminal() || (i > 0 && turn_over(state, *s))) return false;
    const auto legal = s->legal_actions();
    if (std::find(legal.begin(), legal.end(), turn[i]) == legal.end()) return false;
    s->apply_action(turn[i]);
  }
  return turn_over(state, *s);
}

struct StoppedSearch {
  std::vector<Action> turn;
  double seconds_after_stop = 0;
  std::vector<SearchAnalysis> reports;
};

// Runs `search` (a whole search by `player`) without a budget; another thread sets the stop
// flag after `stop_after_ms`, once `ready` has held for a progress report (at most 30 s; null:
// at once). stop_after_ms < 0: the flag is set before the search begins.
template <class Search>
StoppedSearch stopped_search(Player& player, int stop_after_ms, std::function<bool(const StoppedSearch&)> ready,
                             Search search) {
  StoppedSearch out;
  std::atomic<bool> stop{stop_after_ms < 0};
  std::atomic<bool> is_ready{!ready};
  std::mutex mutex;
  SearchControl control;
  control.stop = &stop;
  control.unlimited = true;
  control.progress_seconds = 0.05;
  control.progress = [&](const SearchAnalysis& a) {
    std::lock_guard<std::mutex> lock(mutex);
    out.reports.push_back(a);
    if (ready && ready(out)) is_ready = true;
  };
  EXPECT_TRUE(player.set_control(control));
  Clock::time_point stopped_at = Clock::now();
  std::thread stopper([&] {
    if (stop_after_ms < 0) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(stop_after_ms));
    const auto give_up = Clock::now() + std::chrono::seconds(30);
    while (!is_ready && Clock::now() < give_up) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    stopped_at = Clock::now();
    stop = true;
  });
  out.turn = search();
  const auto done = Clock::now();
  stopper.join();
  out.seconds_after_stop = std::chrono::duration<double>(done - stopped_at).count();
  player.set_control(SearchControl{});
  return out;
}

TEST(SearchControl, MctsStopsSoonWithALegalMove) {
  auto game = std::make_shared<DjambiGame>();
  auto state = game->new_initial_state();
  auto player = basic_player_factory().create("mcts", game, 3);
  const StoppedSearch run = stopped_search(*player, 100, nullptr, [&] { return player->choose_turn(*state); });
  EXPECT_TRUE(legal_turn(*state, run.turn));
  EXPECT_LT(run.seconds_after_stop, 1.0);
  // Stopped before it began: still a legal move (one playout at least).
  auto fresh = basic_player_factory().create("mcts", game, 4);
  const StoppedSearch early = stopped_search(*fresh, -1, nullptr, [&] { return fresh->choose_turn(*state); });
  EXPECT_TRUE(legal_turn(*state, early.turn));
  EXPECT_LT(early.seconds_after_stop, 1.0);
}

TEST(SearchControl, MctsReportsGrowingVisits) {
  auto game = std::make_shared<DjambiGame>();
  auto state = game->new_initial_state();
  MctsPlayerOptions o;
  o.search.simulations = 50;  // ignored: unlimited
  MctsPlayer player("mcts", std::make_shared<RolloutEvaluator>(1, 10000, 5), o);
  const StoppedSearch run = stopped_search(player, 100, [](const StoppedSearch& r) { return r.reports.size() >= 3; }, [&] { return std::vector<Action>{player.search(*state)}; });
  ASSERT_GE(run.reports.size(), 3u);
  EXPECT_GT(player.tree()->root_visits(), 50);
  for (size_t i = 0; i < run.reports.size(); ++i) {
    const SearchAnalysis& a = run.reports[i];
    ASSERT_EQ(a.lines.size(), 1u);
    EXPECT_EQ(a.chosen, a.lines[0].move);
    EXPECT_TRUE(legal_turn(*state, a.lines[0].move));
    EXPECT_EQ(a.root_values.size(), 4u);
    if (i > 0) {
      EXPECT_GT(a.visits, run.reports[i - 1].visits);
      EXPECT_GT(a.seconds, run.reports[i - 1].seconds);
    }
  }
  // Without the control, the budget of the options again.
  MctsPlayer budgeted("mcts", std::make_shared<RolloutEvaluator>(1, 10000, 5), o);
  budgeted.search(*state);
  EXPECT_EQ(budgeted.tree()->root_visits(), 50);
}

TEST(SearchControl, AlphaBetaStopsSoonWithALegalMoveAndKeepsItsBudget) {
  auto game = std::make_shared<DjambiGame>();
  auto state = game->new_initial_state();
  auto player = basic_player_factory().create("ab:depth=1", game, 3);
  auto* ab = dynamic_cast<AlphaBetaPlayer*>(player.get());
  ASSERT_NE(ab, nullptr);
  const StoppedSearch run = stopped_search(*player, 100, [](const StoppedSearch& r) { return r.reports.back().depth >= 2; }, [&] { return player->choose_turn(*state); });
  EXPECT_TRUE(legal_turn(*state, run.turn));
  EXPECT_LT(run.seconds_after_stop, 1.0);
  EXPECT_GE(ab->last_result().depth, 2);  // deeper than its spec: no budget
  ASSERT_GE(run.reports.size(), 2u);
  for (size_t i = 0; i < run.reports.size(); ++i) {
    const SearchAnalysis& a = run.reports[i];
    EXPECT_GE(a.depth, 1);
    EXPECT_TRUE(a.root_score.has_value());
    ASSERT_EQ(a.lines.size(), 1u);
    EXPECT_TRUE(legal_turn(*state, a.lines[0].move));
    if (i > 0) {
      EXPECT_GE(a.depth, run.reports[i - 1].depth);
      EXPECT_GE(a.nodes, run.reports[i - 1].nodes);
    }
  }
  EXPECT_GT(run.reports.back().depth, run.reports.front().depth);

  // Stopped before it began: the first whole depth still completes.
  const StoppedSearch early = stopped_search(*player, -1, nullptr, [&] { return player->choose_turn(*state); });
  EXPECT_TRUE(legal_turn(*state, early.turn));
  EXPECT_EQ(ab->last_result().depth, 1);

  // Without the control, its spec's depth again.
  player->choose_turn(*state);
  EXPECT_EQ(ab->last_result().depth, 1);
}

}  // namespace
}  // namespace djambi
