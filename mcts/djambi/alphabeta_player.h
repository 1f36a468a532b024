#pragma once
// The alpha-beta player (spec `ab`, Djambi only; docs/PLAYERS.md):
//   ab:algo=brs|paranoid|maxn,depth=D,time=S,nodes=N,placements=K,quiescence=Q,eval=PATH,interior=0|1
// eval=PATH searches with the learned evaluation of a bundle (mcts/djambi/learned_eval.h)
// instead of the hand-written one; interior=1 keeps the interior positions each search valued
// exactly (last_labelled_states: brs and paranoid), for a learned evaluation's self-play.
// Plain `ab,time=S` is the strongest setting found (docs/BASELINES.md). A budget set through
// set_budget (the bot protocol's `go`) maps visits to nodes and seconds to time.
#include <memory>

#include "mcts/djambi/alphabeta.h"
#include "mcts/player.h"

namespace djambi {

// The depth of a spec that gives no depth, time or node limit.
constexpr int kDefaultAbDepth = 3;

class AlphaBetaPlayer : public Player {
 public:
  AlphaBetaPlayer(std::string name, const AlphaBetaOptions& options);
  std::string name() const override { return name_; }
  std::vector<Action> choose_turn(const GameState& state) override;
  std::string last_analysis() const override { return analysis_; }
  // The root player's share as searched (nothing for a forced move, played without a search).
  std::optional<float> last_value() const override { return searched_ ? std::optional<float>(result_.value) : std::nullopt; }
  // With interior=1: the positions of AlphaBetaResult::labelled as states of the game played.
  std::vector<LabelledState> last_labelled_states() const override;
  bool set_budget(const SearchBudget& budget) override;
  // The stop flag is looked at every 1024 nodes (after the first whole depth); progress comes
  // after each whole depth and about every control.progress_seconds.
  bool set_control(const SearchControl& control) override;
  // The `multipv` best root moves with exact scores (the root player's share), the depth and
  // principal variations: under brs, as far as its replies come from the player whose turn it is.
  // With multipv 1 the search is the one of choose_turn; with more, the other moves are searched
  // against the multipv-th best score, which may end a node- or time-limited search elsewhere.
  std::optional<SearchAnalysis> analyze(const GameState& state, int multipv) override;
  const AlphaBetaResult& last_result() const { return result_; }

 private:
  std::string name_;
  AlphaBetaSearch search_;
  AlphaBetaResult result_;
  bool searched_ = false;
  std::string analysis_;
  SearchControl control_;
};

// Builds an `ab` player for games of `variants` from its spec; throws std::invalid_argument
// naming the spec (and the bundle of eval=PATH, when it cannot be used).
std::unique_ptr<Player> make_alphabeta_player(const PlayerSpec& spec, Variants variants, uint64_t seed);

}  // namespace djambi
