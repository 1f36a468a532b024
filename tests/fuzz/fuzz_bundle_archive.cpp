// Fuzz target: the bundle and checkpoint loader past the seal. Each input describes a checkpoint
// (the network's real sizes, the sizes its config claims, its step and its metadata, a player
// bundle's keys among them) that save_checkpoint writes, so that the file is sealed and its
// records are well formed as LibTorch writes them. Loading it must give a network whose tensors
// are the ones its config implies, or a CheckpointError, and allocate nothing the file does not
// hold. Only the content is fuzzed: the bytes of LibTorch's zip and pickle records are
// fuzz_bundle's, where no input passes the seal (LibTorch 1.13's own parser crashes on some
// crafted records, and the seal is what keeps them away from it).
#include <fuzzer/FuzzedDataProvider.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <map>
#include <string>

#include "env/games.h"
#include "nets/bundle.h"
#include "nets/checkpoint.h"
#include "nets/net_config.h"

using namespace djambi;

namespace {

constexpr const char* kMetadataKeys[] = {"kind",           "bundle_version", "simulations", "c_puct",
                                         "fpu_reduction",  "solver",         "minimax_weight", "minimax_quiescence",
                                         "reward",         "draw_value",     "source"};
constexpr int NetConfig::*kSizes[] = {&NetConfig::input_channels, &NetConfig::board_height,   &NetConfig::board_width,
                                      &NetConfig::num_actions,    &NetConfig::num_players,    &NetConfig::channels,
                                      &NetConfig::blocks,         &NetConfig::policy_channels, &NetConfig::value_channels,
                                      &NetConfig::value_hidden};

// A size near the one claimed so far (the real one at first), or one of the kinds a crafted
// file claims. Near an earlier extreme claim the sum saturates: it must not overflow.
int claimed_size(FuzzedDataProvider& in, int claimed) {
  switch (in.ConsumeIntegralInRange<int>(0, 4)) {
    case 0:
      return static_cast<int>(std::clamp<int64_t>(int64_t{claimed} + in.ConsumeIntegralInRange<int>(-2, 2),
                                                  std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
    case 1: return 0;
    case 2: return -static_cast<int>(in.ConsumeIntegral<uint16_t>());
    case 3: return 1 << in.ConsumeIntegralInRange<int>(10, 30);
    default: return in.ConsumeIntegral<int>();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path = "/tmp/djambi_fuzz_bundle_archive_" + std::to_string(getpid()) + ".djp";
  FuzzedDataProvider in(data, size);
  const auto game = make_game(in.ConsumeBool() ? "djambi" : "tictactoe");
  // A real network, small enough to write at every input.
  NetConfig real = net_config_for(*game, "small");
  real.channels = in.ConsumeIntegralInRange<int>(1, 4);
  real.blocks = in.ConsumeIntegralInRange<int>(0, 2);
  real.policy_channels = in.ConsumeIntegralInRange<int>(1, 2);
  real.value_channels = 1;
  real.value_hidden = in.ConsumeIntegralInRange<int>(1, 8);
  PolicyValueNet net(real);
  // The config the file claims for it.
  NetConfig claimed = real;
  for (int changes = in.ConsumeIntegralInRange<int>(0, 4); changes > 0; --changes) {
    int NetConfig::*field = in.PickValueInArray(kSizes);
    claimed.*field = claimed_size(in, claimed.*field);
  }
  if (in.ConsumeBool()) claimed.game = in.ConsumeRandomLengthString(16);
  if (in.ConsumeBool()) claimed.variants = in.ConsumeRandomLengthString(64);
  net->config = claimed;
  std::map<std::string, std::string> metadata;
  for (int keys = in.ConsumeIntegralInRange<int>(0, 10); keys > 0; --keys) {
    const std::string key = in.PickValueInArray(kMetadataKeys);
    metadata[key] = key == "kind" && in.ConsumeBool() ? "djambi-zero-player" : in.ConsumeRandomLengthString(24);
  }
  const int64_t step = in.ConsumeIntegral<int64_t>();
  try {
    save_checkpoint(path, net, step, nullptr, metadata);
  } catch (const CheckpointError&) {
    return 0;
  }
  try {
    const PlayerBundle bundle = load_player_bundle(path);
    double elements = 0;
    for (const auto& t : bundle.net->parameters()) elements += static_cast<double>(t.numel());
    for (const auto& t : bundle.net->buffers()) elements += static_cast<double>(t.numel());
    if (elements != net_tensor_elements(bundle.net->config)) std::abort();  // a net that is not its config's
  } catch (const CheckpointError&) {
  }
  return 0;
}
