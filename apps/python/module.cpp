// The compiled part of the djambi_zero package (apps/python/djambi_zero/__init__.py imports it).
#include "apps/python/bindings.h"

PYBIND11_MODULE(_core, m) {
  m.doc() = "djambi-zero's engine, players and networks (docs/PYTHON.md)";
  djambi::python::bind_games(m);
  djambi::python::bind_vec_env(m);
  djambi::python::bind_players(m);
  djambi::python::bind_networks(m);
}
