#pragma once
// Player specs as text ("az:PATH.djp,sims=200", docs/PLAYERS.md): parsed and their options
// read, without building a player (mcts/player.h's PlayerFactory builds them), so that a config
// can check a spec's form without linking any player.
#include <map>
#include <string>
#include <vector>

namespace djambi {

// How much a search may spend on one decision; 0 leaves that limit out.
struct SearchBudget {
  int visits = 0;
  double seconds = 0;
};

// "kind[:argument][,key=value...]"; the argument is a path for az.
struct PlayerSpec {
  std::string text;
  std::string kind;
  std::string argument;
  std::map<std::string, std::string> options;

  // Typed option access; throws std::invalid_argument naming the spec and the key on a bad value.
  int get_int(const std::string& key, int fallback, int min_value, int max_value) const;
  double get_double(const std::string& key, double fallback, double min_value, double max_value) const;
  bool has(const std::string& key) const { return options.count(key) > 0; }
  // The search budget of sims=N and time=S (sims alone: N playouts; time alone: S seconds).
  SearchBudget get_budget(int default_sims) const;
  // Throws std::invalid_argument if an option outside `known` was given, or an argument was
  // given to a kind that takes none.
  void check_keys(const std::vector<std::string>& known, bool takes_argument = false) const;
};

PlayerSpec parse_player_spec(const std::string& text);  // throws std::invalid_argument

// Splits "az:a.djp,sims=64,mcts,sims=100,random" into specs: a key=value item belongs to the
// spec before it. Throws std::invalid_argument for an empty item or a leading key=value.
std::vector<std::string> split_player_list(const std::string& text);

}  // namespace djambi
