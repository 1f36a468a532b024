// The compiled part of the djambi_zero package without LibTorch (apps/python/djambi_zero/__init__.py
// imports it); the networks are in _network (network_module.cpp).
#include "apps/python/bindings.h"

PYBIND11_MODULE(_core, m) {
  m.doc() = "djambi-zero's engine and players (docs/PYTHON.md)";
  djambi::python::bind_games(m);
  djambi::python::bind_vec_env(m);
  djambi::python::bind_players(m);
}
