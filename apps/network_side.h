#pragma once
// The network side of djambi: what needs LibTorch (the az players and `best` when the shipped
// player is a network, train, export, bench nets and bench mcts), built as the library
// libdjambi_network.so (apps/network/), which the djambi binary and the Python module load at
// its first use (apps/network_library.h), so that everything else starts without LibTorch
// (docs/ARCHITECTURE.md, "The network side, loaded at first use"). The options of its commands
// are read before it is loaded, so they are declared here, with no LibTorch header.
#include <optional>
#include <string>
#include <vector>

#include "env/game.h"
#include "mcts/search_config.h"
#include "mcts/shipped_player.h"

namespace djambi {

namespace cli {

struct TrainOptions {
  std::string config_path;
  std::string run_dir;
  std::string resume_dir;
  std::vector<std::string> overrides;
  std::vector<std::string> variants;
};

struct ExportOptions {
  std::string checkpoint;
  std::string out;
  int sims = 200;
  double c_puct = SearchConfig{}.c_puct;  // the search's own default
  std::string reward;  // empty: the checkpoint's
  std::optional<double> draw_value;
  bool force = false;
};

struct BenchNetsOptions {
  std::vector<std::string> presets{"small", "default", "large"};
  std::vector<int> batches{1, 16, 64, 256};
  double seconds = 1.0;
  int threads = 2;
  bool json = false;
  std::string precision = "fp32";
  std::string weights;  // a player bundle or checkpoint instead of the presets' fresh networks
};

struct BenchMctsOptions {
  std::string preset = "default";
  int games = 128;
  int sims = 64;
  int rollout_sims = 2000;
  int threads = 2;
  int leaves_per_worker = 16;
  int groups = 0;  // pipeline groups of the many-games search; 0: as selfplay.pipeline_groups' auto
  bool json = false;
};

}  // namespace cli

// What the network library does for its callers. One object lives as long as the process (the
// library is never unloaded); every call may throw as the code it runs does.
class NetworkSide {
 public:
  virtual ~NetworkSide() = default;
  // LibTorch's intra-op threads for the evaluations to come (at least 1).
  virtual void set_threads(int threads) = 0;
  // Makes az players; the players of one maker and its copies share their networks (a bundle
  // loaded once while any of them lives, nets/az_player.h's SharedNetworks).
  virtual NetworkPlayerMaker network_players() = 0;
  virtual void train(const cli::TrainOptions& options) = 0;
  virtual void export_bundle(const cli::ExportOptions& options) = 0;
  virtual void bench_nets(const cli::BenchNetsOptions& options) = 0;
  virtual void bench_mcts(const cli::BenchMctsOptions& options) = 0;
  // Seconds of one forward pass of `game`'s default network (fresh weights) on the `batch`
  // positions whose observations `observations` holds, after a warm-up pass (bench env's ratio).
  virtual double default_forward_seconds(const Game& game, const float* observations, int batch) = 0;
};

}  // namespace djambi

// The library's one exported function: its NetworkSide, or null when it was built from another
// version of this header than `interface_id` (DJAMBI_NETWORK_SIDE_ID, which CMake sets to this
// file's MD5 in both the library and its loader): a stale library is refused, not called.
extern "C" djambi::NetworkSide* djambi_network_side(const char* interface_id);
