#pragma once
// The pieces of the djambi_zero Python module (docs/PYTHON.md), one file per concern, joined by
// module.cpp: games and states, the vectorised environment, players and matches, networks.
#include <pybind11/pybind11.h>

#include <memory>
#include <vector>

#include "env/game.h"

namespace djambi::python {

// A game state as Python holds it: the state, the game it belongs to (kept alive with it) and
// the decisions applied since the game's start or the position it was read from.
struct PyState {
  std::shared_ptr<const Game> game;
  std::unique_ptr<GameState> state;
  std::vector<Action> history;
  // The state's action, checked against its legal ones (std::invalid_argument naming it).
  void apply(Action action);
};

// Raises FileNotFoundError (or PermissionError, ...) for `path` from errno.
[[noreturn]] void raise_os_error(const std::string& path);

void bind_games(pybind11::module_& m);
void bind_vec_env(pybind11::module_& m);
void bind_players(pybind11::module_& m);
void bind_networks(pybind11::module_& m);

}  // namespace djambi::python
