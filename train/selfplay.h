#pragma once
// Self-play: many games in flight, one batched search for all of them per decision, KataGo's
// playout cap randomisation (a full search with exploration noise on a fraction of decisions,
// only those recorded as samples; a cheap search otherwise).
// Mixed seats: a share of the games seat fixed opponents (greedy, random, rollout search) next
// to the network. Their turns are played without a search and give no samples, so the network
// learns what its own seats' decisions earned against them. Four copies of one policy can settle
// into a passive draw that suits them all; an opponent that attacks punishes that.
// Imitated opponents' decisions are samples too, their policy target the decision they made
// (learning from a demonstrator, as supervised pre-training does, but mixed into the stream).
// League seats (NetworkSeats, train/league.h) are played by other networks: each searches with
// its own evaluator (fast_sims playouts, no noise), batched over the games, and gives no samples.
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "env/game_record.h"
#include "mcts/batched_search.h"
#include "mcts/games.h"
#include "mcts/player.h"
#include "train/sample.h"

namespace djambi {

// A seat given to a network other than the learner's: its evaluator and the name the game record
// gives the seat. No evaluator: the learner plays the seat.
struct SeatNetwork {
  std::shared_ptr<Evaluator> evaluator;
  std::string name;
};

// Where the networks of league seats come from.
class NetworkSeats {
 public:
  virtual ~NetworkSeats() = default;
  // Whether `spec` (one of SelfPlaySettings::opponents) is a network seat rather than a player.
  virtual bool plays(const std::string& spec) const = 0;
  virtual SeatNetwork pick(const std::string& spec, std::mt19937_64& rng) = 0;
};

// A run's values come from its config (train/settings.h, selfplay_settings); the key table of
// train/config.cpp holds their defaults, so none are repeated here.
struct SelfPlaySettings {
  int games = 0;                     // in flight together
  int pipeline_groups = 1;           // batches in flight in the search (BatchedSearch groups)
  SearchConfig search;               // base search settings (noise applies to full searches)
  int full_sims = 0;
  int fast_sims = 0;
  double full_search_fraction = 0;
  float temperature = 0;
  int temperature_decisions = 0;     // decisions per game chosen with temperature
  int max_decisions = 0;             // longer games are stopped and ruled a draw among the
                                     // players still in them (env/outcome.h)
  uint64_t seed = 0;
  std::vector<std::string> opponents;  // player specs of the fixed seats, drawn uniformly
  double opponent_games = 0.0;         // share of games with 1..players-1 fixed seats
  std::vector<std::string> imitate;    // opponents whose decisions become samples too
  // Weight of the game's heuristic evaluation (mcts/games.h, heuristic_of) of a sample's
  // position in its value target, the rest being the game's returns (Djambi only).
  float heuristic_value = 0.0f;
  // Search-teacher targets (train/teacher.h): the spec of a player that analyses a share of the
  // sample positions (empty: none). Its policy and value are mixed into the targets with these
  // weights; the value after heuristic_value's blend.
  std::string teacher;
  double teacher_share = 0.0;
  float teacher_policy = 0.0f;
  float teacher_value = 0.0f;
  float teacher_temperature = 0.0f;  // of the softmax over its scores, in shares
  // The auxiliary targets' horizon: the seats' material this many whole turns (of any player)
  // after a sample's position, or at the end if the game ends sooner.
  int aux_turns = 0;
};

struct FinishedGame {
  std::vector<Sample> samples;
  GameRecord record;
  Outcome outcome;             // outcome.finished false: stopped at max_decisions, adjudicated
  int decisions = 0;
  std::vector<uint8_t> network_seats;  // by seat: 1 where the learning network played
  int imitation_samples = 0;           // samples of imitated opponents' decisions
  int forced_decisions = 0;            // the network's decisions with one legal action (no search, no sample)
  int taught_samples = 0;              // samples with the teacher's targets mixed in
};

class SelfPlay {
 public:
  // `league` (may be null: opponents are players only) must outlive the self-play.
  SelfPlay(std::shared_ptr<const Game> game, Evaluator& evaluator, const SelfPlaySettings& settings,
           NetworkSeats* league = nullptr);

  // One decision in every game in flight; returns the games that ended with it.
  std::vector<FinishedGame> step();
  const SearchTimings& timings() const { return search_.timings(); }
  long long decisions() const { return decisions_; }
  // The share of new games that seat opponents (a fading teacher lowers it as training goes).
  void set_opponent_games(double share) { settings_.opponent_games = share; }

 private:
  // A sample waiting for its game's end, with the seat to act and, when heuristic_value is
  // set, the heuristic values of its position by seat; when the teacher labelled it, the
  // teacher's values by seat (NaN where it has none); `turn`: the turns begun before its
  // position (an index into Slot::material).
  struct PendingSample {
    Sample sample;
    int seat = 0;
    int turn = 0;
    std::vector<float> heuristic;
    std::vector<float> taught;
  };
  struct Slot {
    std::unique_ptr<Tree> tree;
    std::unique_ptr<RecordBuilder> record;
    std::vector<PendingSample> samples;
    std::vector<std::vector<float>> material;  // the seats' material at each turn start, and at the end
    std::vector<std::unique_ptr<Player>> fixed;  // by seat; null where a network plays
    std::vector<std::shared_ptr<Evaluator>> league;  // by seat; the network of a league seat
    std::unique_ptr<Tree> league_tree;  // this decision's search of a league seat
    std::vector<uint8_t> imitated;               // by seat: the fixed player's decisions are samples
    int imitation_samples = 0;
    int forced_decisions = 0;
    int taught_samples = 0;
    int decisions = 0;
    bool full = false;
    // The teacher of this slot's samples (made at its first lesson, kept across games) and the
    // draws of which samples it labels, apart from the games' own so that a share of 0 leaves
    // them as they were.
    std::unique_ptr<Player> teacher;
    std::mt19937_64 teacher_rng;
  };
  void start_game(Slot& slot);
  // Appends the seats' material now to slot.material (at a turn start or the end).
  void record_material(Slot& slot);
  // `searched`: the network's searched decision, which the teacher may label (not an imitated
  // opponent's).
  void add_sample(Slot& slot, std::vector<std::pair<int32_t, float>> policy, bool searched);
  FinishedGame finish_game(Slot& slot);
  bool over(const Slot& slot) const;
  void apply(Slot& slot, Action action);
  // Plays the fixed seats' turns and the network's forced decisions (one legal action: no
  // search, no sample; an imitated seat's forced decision gives no sample either) until the
  // network has a choice to make or the game is over.
  void play_until_network_choice(Slot& slot);

  std::shared_ptr<const Game> game_;
  SelfPlaySettings settings_;
  BatchedSearch search_;
  PlayerFactory opponent_factory_;
  HeuristicValues heuristic_;  // set when settings.heuristic_value > 0
  NetworkSeats* league_;
  std::vector<Slot> slots_;
  std::mt19937_64 rng_;
  long long decisions_ = 0;
};

}  // namespace djambi
