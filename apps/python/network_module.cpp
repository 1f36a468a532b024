// The compiled part of the djambi_zero package that links LibTorch: bundles and checkpoints
// (network_bindings.cpp), imported when djambi_zero's first network name is used.
#include "apps/python/bindings.h"

PYBIND11_MODULE(_network, m) {
  m.doc() = "djambi-zero's networks: player bundles and training checkpoints (docs/PYTHON.md)";
  pybind11::module_::import("djambi_zero._core");  // the Game type that check_plays takes
  djambi::python::bind_networks(m);
}
