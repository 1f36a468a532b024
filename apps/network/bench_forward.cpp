#include "apps/network/bench_forward.h"

#include <chrono>

#include "nets/device.h"

namespace djambi::cli {

double positions_per_second(double seconds, int positions_per_call, const std::function<void()>& work) {
  work();  // warm-up
  const auto t0 = std::chrono::steady_clock::now();
  long long calls = 0;
  double elapsed = 0;
  do {
    work();
    ++calls;
    elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  } while (elapsed < seconds);
  return static_cast<double>(calls) * positions_per_call / elapsed;
}

double raw_forward_rate(PolicyValueNet& net, torch::Device device, float* observations, int batch, double seconds) {
  const NetConfig& c = net->config;
  const torch::ScalarType input_type = net->stem->weight.scalar_type();
  auto forward = [&] {
    c10::InferenceMode guard;
    auto obs = torch::from_blob(observations, {batch, c.input_channels, c.board_height, c.board_width});
    net->forward((device.is_cpu() ? obs.contiguous(torch::MemoryFormat::ChannelsLast) : obs.to(device)).to(input_type));
    synchronize_current_stream(device);  // a GPU's forward returns before it is done
  };
  return positions_per_second(seconds, batch, forward);
}

}  // namespace djambi::cli
