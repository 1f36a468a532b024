#pragma once
// The commands of the network library (apps/network_side.h), one file each.
#include "apps/network_side.h"

namespace djambi::cli {
void run_train(const TrainOptions& o);
void run_export(const ExportOptions& o);
void run_bench_nets(const BenchNetsOptions& o);
void run_bench_mcts(const BenchMctsOptions& o);
}  // namespace djambi::cli
