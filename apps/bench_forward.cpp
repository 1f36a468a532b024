#include "apps/bench_forward.h"

#include <chrono>

#include "nets/device.h"

namespace djambi::cli {

double raw_forward_rate(PolicyValueNet& net, torch::Device device, float* observations, int batch, double seconds) {
  const NetConfig& c = net->config;
  const torch::ScalarType input_type = net->stem->weight.scalar_type();
  auto forward = [&] {
    c10::InferenceMode guard;
    auto obs = torch::from_blob(observations, {batch, c.input_channels, c.board_height, c.board_width});
    net->forward((device.is_cpu() ? obs.contiguous(torch::MemoryFormat::ChannelsLast) : obs.to(device)).to(input_type));
    synchronize_current_stream(device);  // a GPU's forward returns before it is done
  };
  forward();  // warm-up
  const auto t0 = std::chrono::steady_clock::now();
  long long calls = 0;
  double elapsed = 0;
  do {
    forward();
    ++calls;
    elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  } while (elapsed < seconds);
  return static_cast<double>(calls) * batch / elapsed;
}

}  // namespace djambi::cli
