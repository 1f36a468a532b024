#include "apps/network_library.h"

#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace djambi {

namespace {

constexpr const char* kLibraryName = "libdjambi_network.so";

// The library to open: the environment's choice, else the one beside the object that holds this
// code (an installed binary and its library), else the build tree's.
std::string library_path() {
  if (const char* path = std::getenv("DJAMBI_NETWORK_LIBRARY"); path && *path) return path;
  // The object holding this code: a module's path, or for the binary the name it was started
  // by, which /proc/self/exe gives whole.
  std::vector<std::filesystem::path> objects;
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&library_path), &info) && info.dli_fname && std::strchr(info.dli_fname, '/'))
    objects.emplace_back(info.dli_fname);
  objects.emplace_back("/proc/self/exe");
  for (const std::filesystem::path& object : objects) {
    std::error_code error;
    const std::filesystem::path beside = std::filesystem::canonical(object, error).parent_path() / kLibraryName;
    if (!error && std::filesystem::is_regular_file(beside, error)) return beside.string();
  }
  return DJAMBI_NETWORK_LIBRARY_PATH;  // set by apps/CMakeLists.txt
}

NetworkSide& load_network_side() {
  const std::string path = library_path();
  const std::string what = "the network library '" + path + "' (needed by az players, train, export and bench nets|mcts)";
  // RTLD_LOCAL: nothing of the library's (its own copies of env/ and mcts/ included) can stand in
  // for the binary's symbols.
  void* handle = dlopen(path.c_str(), RTLD_LAZY | RTLD_LOCAL);
  if (!handle) throw std::runtime_error("cannot load " + what + ": " + dlerror());
  using Entry = NetworkSide* (*)(const char*);
  auto entry = reinterpret_cast<Entry>(dlsym(handle, "djambi_network_side"));
  if (!entry) throw std::runtime_error(what + " has no djambi_network_side: it is not djambi's network library");
  NetworkSide* side = entry(DJAMBI_NETWORK_SIDE_ID);
  if (!side) throw std::runtime_error(what + " was built from another version of djambi: build both again");
  return *side;
}

}  // namespace

NetworkSide& network_side() {
  // One library for the process, loaded once (it is never unloaded); a failed load throws and
  // the next call tries again.
  static std::mutex mutex;
  static NetworkSide* side = nullptr;
  std::lock_guard<std::mutex> lock(mutex);
  if (!side) side = &load_network_side();
  return *side;
}

PlayerFactory on_demand_player_factory(int torch_threads) {
  PlayerFactory factory = basic_player_factory();
  // The maker of the first az player, shared by the factory's copies.
  struct Loaded {
    std::mutex mutex;
    NetworkPlayerMaker maker;
  };
  auto loaded = std::make_shared<Loaded>();
  add_shipped_players(factory, [loaded, torch_threads](const PlayerSpec& spec, const std::string& path,
                                                       std::shared_ptr<const Game> game, uint64_t seed) {
    NetworkPlayerMaker maker;
    {
      std::lock_guard<std::mutex> lock(loaded->mutex);
      if (!loaded->maker) {
        NetworkSide& side = network_side();
        if (torch_threads > 0) side.set_threads(torch_threads);
        loaded->maker = side.network_players();
      }
      maker = loaded->maker;
    }
    return maker(spec, path, std::move(game), seed);
  });
  return factory;
}

}  // namespace djambi
