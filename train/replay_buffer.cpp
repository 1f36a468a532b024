#include "train/replay_buffer.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "env/io/atomic_file.h"
#include "train/sample_codec.h"

namespace djambi {

namespace fs = std::filesystem;

namespace {

constexpr char kMagic[4] = {'D', 'J', 'R', 'P'};
constexpr char kEnd[4] = {'E', 'N', 'D', '!'};
constexpr uint32_t kVersion = 2;  // 2: samples carry auxiliary targets; 1 is still read

std::string chunk_name(uint64_t last_sample) {
  char name[40];
  std::snprintf(name, sizeof name, "chunk-%012llu.bin", static_cast<unsigned long long>(last_sample));
  return name;
}

uint64_t chunk_last_sample(const fs::path& path) {
  return std::stoull(path.filename().string().substr(6, 12));
}

std::vector<fs::path> chunks_in(const std::string& dir) {
  std::vector<fs::path> out;
  if (!fs::exists(dir)) return out;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.size() == 22 && name.rfind("chunk-", 0) == 0 && entry.path().extension() == ".bin")
      out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// FNV-1a over the observation's bytes: equal inputs, equal keys (a collision drops a sample).
uint64_t observation_key(const Sample& sample) {
  uint64_t h = 14695981039346656037ull;
  for (uint8_t b : sample.observation) h = (h ^ b) * 1099511628211ull;
  return h;
}

}  // namespace

ReplayBuffer::ReplayBuffer(size_t window, SampleShape shape, bool distinct)
    : window_(window), shape_(shape), distinct_(distinct) {}

bool ReplayBuffer::add(Sample sample) {
  if (distinct_) {
    const uint64_t key = observation_key(sample);
    uint32_t& count = in_window_[key];
    if (count > 0) return false;
    count = 1;
    keys_.push_back(key);
  }
  samples_.push_back(std::move(sample));
  ++total_added_;
  ++unflushed_;
  if (samples_.size() > window_) {
    samples_.pop_front();
    if (distinct_) {
      if (--in_window_[keys_.front()] == 0) in_window_.erase(keys_.front());
      keys_.pop_front();
    }
  }
  return true;
}

std::vector<const Sample*> ReplayBuffer::draw(size_t n, std::mt19937_64& rng) const {
  std::vector<const Sample*> out;
  if (samples_.empty()) return out;
  std::uniform_int_distribution<size_t> pick(0, samples_.size() - 1);
  for (size_t i = 0; i < n; ++i) out.push_back(&samples_[pick(rng)]);
  return out;
}

void ReplayBuffer::flush(const std::string& dir) {
  if (unflushed_ == 0) return;
  fs::create_directories(dir);
  const size_t n = std::min(unflushed_, samples_.size());
  std::string out;
  out.append(kMagic, 4);
  put_bytes(out, kVersion);
  put_bytes(out, static_cast<uint32_t>(shape_.observation_size));
  put_bytes(out, static_cast<uint32_t>(shape_.num_actions));
  put_bytes(out, static_cast<uint32_t>(shape_.num_players));
  put_bytes(out, static_cast<uint32_t>(n));
  for (size_t k = samples_.size() - n; k < samples_.size(); ++k) append_sample(out, samples_[k]);
  out.append(kEnd, 4);
  write_file_atomically((fs::path(dir) / chunk_name(total_added_)).string(), out);
  unflushed_ = 0;
  // Chunks whose newest sample has left the window are no longer needed.
  const uint64_t oldest_kept = total_added_ - samples_.size();
  for (const auto& path : chunks_in(dir))
    if (chunk_last_sample(path) <= oldest_kept) fs::remove(path);
}

void ReplayBuffer::load(const std::string& dir) {
  std::vector<fs::path> chunks = chunks_in(dir);
  std::deque<Sample> loaded;
  for (auto it = chunks.rbegin(); it != chunks.rend() && loaded.size() < window_; ++it) {
    const std::string name = it->string();
    std::ifstream file(*it, std::ios::binary);
    std::string data((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    ByteReader r{data, "replay chunk '" + name + "'"};
    char magic[4];
    r.bytes(magic, 4);
    if (std::memcmp(magic, kMagic, 4) != 0) throw std::runtime_error("'" + name + "' is not a replay chunk");
    const uint32_t version = r.get<uint32_t>();
    if (version != kVersion && version != 1)
      throw std::runtime_error("replay chunk '" + name + "' has another format version");
    const uint32_t obs = r.get<uint32_t>(), actions = r.get<uint32_t>(), players = r.get<uint32_t>();
    if (static_cast<int>(obs) != shape_.observation_size || static_cast<int>(actions) != shape_.num_actions ||
        static_cast<int>(players) != shape_.num_players)
      throw std::runtime_error("replay chunk '" + name + "' holds samples of another game or encoding");
    const uint32_t count = r.get<uint32_t>();
    std::vector<Sample> chunk;
    chunk.reserve(count);
    for (uint32_t k = 0; k < count; ++k) chunk.push_back(read_sample(r, shape_, version >= 2));
    char end[4];
    r.bytes(end, 4);
    if (std::memcmp(end, kEnd, 4) != 0 || !r.done())
      throw std::runtime_error("replay chunk '" + name + "' is corrupt");
    for (auto s = chunk.rbegin(); s != chunk.rend() && loaded.size() < window_; ++s) loaded.push_front(std::move(*s));
  }
  samples_ = std::move(loaded);
  keys_.clear();
  in_window_.clear();
  if (distinct_)
    for (const Sample& sample : samples_) {
      keys_.push_back(observation_key(sample));
      ++in_window_[keys_.back()];
    }
  total_added_ = chunks.empty() ? 0 : chunk_last_sample(chunks.back());
  unflushed_ = 0;
}

}  // namespace djambi
