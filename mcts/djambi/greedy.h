#pragma once
// The greedy Djambi player: one move deep, material first.
#include <random>

#include "mcts/player.h"

namespace djambi {

// docs/PLAYERS.md: win if a move wins; otherwise the move that kills the most
// valuable pieces (enemy material gained minus own material lost); among equals, one that leaves
// no enemy able to kill its chief next turn; otherwise at random.
class GreedyPlayer : public Player {
 public:
  explicit GreedyPlayer(uint64_t seed) : rng_(seed) {}
  std::string name() const override { return "greedy"; }
  std::vector<Action> choose_turn(const GameState& state) override;

 private:
  std::mt19937_64 rng_;
};

}  // namespace djambi
