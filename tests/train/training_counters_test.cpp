// The training counters: what a finished game adds, and the JSON of metrics.jsonl both ways,
// including a record of an older run.
#include "train/training_counters.h"

#include <gtest/gtest.h>

#include "train/selfplay.h"

namespace djambi {
namespace {

FinishedGame game(std::vector<int> ranks, bool finished, std::vector<uint8_t> network_seats, int decisions) {
  FinishedGame g;
  g.outcome.ranks = std::move(ranks);
  g.outcome.finished = finished;
  g.outcome.winner = sole_winner(g.outcome.ranks);
  g.network_seats = std::move(network_seats);
  g.decisions = decisions;
  g.imitation_samples = 3;
  g.taught_samples = 4;
  g.forced_decisions = 2;
  return g;
}

TEST(TrainingCounters, CountsWinsDrawsAndCutGames) {
  TrainingCounters c;
  c.count_game(game({2, 1, 3, 4}, true, {1, 1, 1, 1}, 100));  // self-play, seat 1 alone first
  c.count_game(game({1, 1, 3, 3}, true, {1, 0, 1, 0}, 50));   // mixed, a shared first place
  c.count_game(game({3, 2, 1, 4}, true, {0, 0, 1, 0}, 30));   // mixed, the network's seat 2 wins
  c.count_game(game({4, 3, 2, 1}, true, {1, 0, 0, 0}, 20));   // mixed, an opponent wins
  c.count_game(game({1, 2, 3, 4}, false, {1, 1, 1, 1}, 600)); // stopped at the cap
  EXPECT_EQ(c.games, 5);
  EXPECT_EQ(c.decisions, 800);
  EXPECT_DOUBLE_EQ(c.game_length(), 160.0);
  EXPECT_EQ(c.draws, 1);
  EXPECT_EQ(c.adjudicated, 1);
  EXPECT_EQ(c.first_place_by_seat, (std::vector<long long>{0, 1, 1, 1}));
  EXPECT_EQ(c.mixed_games, 3);
  EXPECT_EQ(c.mixed_network_wins, 1);
  EXPECT_EQ(c.imitation_samples, 15);
  EXPECT_EQ(c.taught_samples, 20);
  EXPECT_EQ(c.forced_decisions, 10);
}

TEST(TrainingCounters, RoundTripThroughJson) {
  TrainingCounters c;
  c.games = 7;
  c.samples = 700;
  c.first_place_by_seat = {1, 2, 3, 0};
  c.search_network_seconds = 1.5;
  c.network_positions = 12345678901LL;
  const nlohmann::json j = c;
  EXPECT_EQ(j.at("games"), 7);
  EXPECT_EQ(j.at("network_positions"), 12345678901LL);
  const auto back = j.get<TrainingCounters>();
  EXPECT_EQ(back.samples, 700);
  EXPECT_EQ(back.first_place_by_seat, c.first_place_by_seat);
  EXPECT_DOUBLE_EQ(back.search_network_seconds, 1.5);
}

TEST(TrainingCounters, AnOlderRecordLeavesMissingCountersAtZero) {
  const auto c = nlohmann::json::parse(R"({"step": 5, "games": 3, "loss": 1.0, "game_length": 10.0})")
                     .get<TrainingCounters>();
  EXPECT_EQ(c.games, 3);
  EXPECT_EQ(c.decisions, 0);
  EXPECT_TRUE(c.first_place_by_seat.empty());
  EXPECT_THROW(nlohmann::json::parse(R"({"games": "three"})").get<TrainingCounters>(), nlohmann::json::exception);
}

}  // namespace
}  // namespace djambi
