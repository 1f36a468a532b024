#include "train/sample_codec.h"

namespace djambi {

void append_sample(std::string& out, const Sample& s) {
  out.append(reinterpret_cast<const char*>(s.observation.data()), s.observation.size());
  if (!s.legal.empty()) out.append(reinterpret_cast<const char*>(s.legal.data()), s.legal.size() * sizeof(uint64_t));
  put_bytes(out, static_cast<uint32_t>(s.policy.size()));
  for (const auto& [action, p] : s.policy) {
    put_bytes(out, action);
    put_bytes(out, p);
  }
  out.append(reinterpret_cast<const char*>(s.value.data()), s.value.size() * sizeof(float));
  put_bytes(out, static_cast<uint32_t>(s.aux.size()));
  out.append(reinterpret_cast<const char*>(s.aux.data()), s.aux.size() * sizeof(float));
}

Sample read_sample(ByteReader& in, const SampleShape& shape, bool with_aux) {
  Sample s;
  s.observation.resize(static_cast<size_t>(shape.observation_size));
  in.bytes(s.observation.data(), s.observation.size());
  s.legal.resize(static_cast<size_t>((shape.num_actions + 63) / 64));
  in.bytes(s.legal.data(), s.legal.size() * sizeof(uint64_t));
  const uint32_t entries = in.get<uint32_t>();
  if (entries > static_cast<uint32_t>(shape.num_actions)) throw std::runtime_error(in.what + " is corrupt");
  s.policy.resize(entries);
  for (auto& [action, p] : s.policy) {
    action = in.get<int32_t>();
    p = in.get<float>();
  }
  s.value.resize(static_cast<size_t>(shape.num_players));
  in.bytes(s.value.data(), s.value.size() * sizeof(float));
  if (!with_aux) return s;
  const uint32_t aux = in.get<uint32_t>();
  if (aux != 0 && aux != 2 * static_cast<uint32_t>(shape.num_players)) throw std::runtime_error(in.what + " is corrupt");
  s.aux.resize(aux);
  in.bytes(s.aux.data(), s.aux.size() * sizeof(float));
  return s;
}

}  // namespace djambi
