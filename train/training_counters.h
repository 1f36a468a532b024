#pragma once
// What a training run has counted since it began, across resumes: one struct, serialised into
// every metrics.jsonl record under the names docs/TRAINING.md lists, and read back from the
// last record kept when the run resumes.
#include <nlohmann/json.hpp>
#include <vector>

namespace djambi {

struct FinishedGame;

struct TrainingCounters {
  // Self-play games and what came of them.
  long long games = 0;
  long long samples = 0;             // kept in the replay window (with replay.distinct: distinct positions)
  long long duplicate_samples = 0;   // dropped by replay.distinct: a position in the window already
  long long decisions = 0;           // in the games counted
  long long draws = 0;               // finished games without a sole winner
  long long adjudicated = 0;         // games stopped at selfplay.max_decisions
  std::vector<long long> first_place_by_seat;  // sole wins per seat
  long long mixed_games = 0;         // games with fixed (non-network) seats
  long long mixed_network_wins = 0;  // ... that a network seat won alone
  long long imitation_samples = 0;   // samples of imitated opponents' decisions
  long long taught_samples = 0;      // samples with the teacher's targets (selfplay.teacher)
  long long forced_decisions = 0;    // network decisions with one legal move (no search, no sample)
  // Where the time went and what the search asked of the network.
  double elapsed_seconds = 0;
  double selfplay_seconds = 0;
  double learn_seconds = 0;
  double search_tree_seconds = 0;
  double search_network_seconds = 0;
  long long search_positions = 0;   // leaves searched
  long long network_positions = 0;  // ... not found in the cache

  // Counts a finished game (its samples are counted where they are kept).
  void count_game(const FinishedGame& game);
  double game_length() const { return games ? static_cast<double>(decisions) / static_cast<double>(games) : 0.0; }
};

// A record without a key (an older run's) leaves that counter at its default.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(TrainingCounters, games, samples, duplicate_samples, decisions, draws, adjudicated,
                                                first_place_by_seat, mixed_games, mixed_network_wins,
                                                imitation_samples, taught_samples, forced_decisions, elapsed_seconds,
                                                selfplay_seconds, learn_seconds, search_tree_seconds,
                                                search_network_seconds, search_positions, network_positions)

}  // namespace djambi
