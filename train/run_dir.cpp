#include "train/run_dir.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "env/atomic_file.h"

namespace djambi {

namespace fs = std::filesystem;

void RunDir::create_new() const {
  if (fs::exists(root_) && (!fs::is_directory(root_) || !fs::is_empty(root_)))
    throw std::invalid_argument("run directory '" + root_ +
                                "' already exists and is not empty; use --resume to continue it or choose another");
  for (const std::string& dir : {root_, checkpoints(), replay(), games(), plots(), players()})
    fs::create_directories(dir);
}

std::string RunDir::checkpoint_path(long long step) const {
  return checkpoints() + "/step-" + std::to_string(step) + ".pt";
}

std::vector<std::pair<long long, std::string>> RunDir::checkpoint_files() const {
  std::vector<std::pair<long long, std::string>> out;
  if (!fs::exists(checkpoints())) return out;
  for (const auto& entry : fs::directory_iterator(checkpoints())) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("step-", 0) != 0 || entry.path().extension() != ".pt") continue;
    try {
      out.emplace_back(std::stoll(name.substr(5)), entry.path().string());
    } catch (const std::exception&) {
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::optional<std::string> RunDir::latest_checkpoint() const {
  std::ifstream latest(checkpoints() + "/latest");
  std::string name;
  if (latest >> name && fs::exists(checkpoints() + "/" + name)) return checkpoints() + "/" + name;
  const auto files = checkpoint_files();
  if (files.empty()) return std::nullopt;
  return files.back().second;
}

void RunDir::commit_checkpoint(const std::string& path, int keep) const {
  write_file_atomically(checkpoints() + "/latest", fs::path(path).filename().string() + "\n");
  auto files = checkpoint_files();
  const std::string newest = fs::path(path).filename().string();
  for (size_t i = 0; i + static_cast<size_t>(std::max(1, keep)) < files.size(); ++i)
    if (fs::path(files[i].second).filename() != newest) fs::remove(files[i].second);
}

}  // namespace djambi
