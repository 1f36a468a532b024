// The network library's NetworkSide (apps/network_side.h): LibTorch's players, commands and
// forward pass, behind the one function the library exports.
#include <chrono>
#include <cstring>

#include "apps/network/commands.h"
#include "nets/az_player.h"
#include "nets/device.h"
#include "nets/net_config.h"
#include "nets/resnet.h"
#include "nets/torch_evaluator.h"

namespace djambi {

namespace {

class LibTorchSide final : public NetworkSide {
 public:
  void set_threads(int threads) override { set_torch_threads(threads); }
  NetworkPlayerMaker network_players() override { return az_player_maker(); }
  void train(const cli::TrainOptions& options) override { cli::run_train(options); }
  void export_bundle(const cli::ExportOptions& options) override { cli::run_export(options); }
  void bench_nets(const cli::BenchNetsOptions& options) override { cli::run_bench_nets(options); }
  void bench_mcts(const cli::BenchMctsOptions& options) override { cli::run_bench_mcts(options); }

  double default_forward_seconds(const Game& game, const float* observations, int batch) override {
    PolicyValueNet net(net_config_for(game, "default"));
    TorchEvaluator evaluator(net, default_device());
    const NetConfig& c = net->config;
    double seconds = 0;
    for (int pass = 0; pass < 3; ++pass) {  // the first pass warms up
      const auto t = std::chrono::steady_clock::now();
      c10::InferenceMode guard;
      // from_blob reads the caller's buffer in place; the forward pass does not write it.
      auto obs = torch::from_blob(const_cast<float*>(observations), {batch, c.input_channels, c.board_height, c.board_width});
      evaluator.net()->forward(obs.contiguous(torch::MemoryFormat::ChannelsLast));
      if (pass > 0) seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count() / 2;
    }
    return seconds;
  }
};

}  // namespace

}  // namespace djambi

extern "C" __attribute__((visibility("default"))) djambi::NetworkSide* djambi_network_side(const char* interface_id) {
  static djambi::LibTorchSide side;  // as long as the process: the library is never unloaded
  return std::strcmp(interface_id, DJAMBI_NETWORK_SIDE_ID) == 0 ? &side : nullptr;
}
