#include "env/djambi/variants.h"

#include <stdexcept>

namespace djambi {

namespace {
constexpr const char* kNames[kNumVariants] = {
    "reporter_kills_all",     "no_own_kills",
    "militant_spares_chiefs", "power_skip_repeat",
    "surround_throne_access", "surround_inherit_first_holder",
    "two_players",
};
}  // namespace

const char* variant_name(Variant v) { return kNames[static_cast<int>(v)]; }

std::string all_variant_names(const std::string& separator) {
  std::string out;
  for (int i = 0; i < kNumVariants; ++i) out += (i ? separator : "") + std::string(kNames[i]);
  return out;
}

std::optional<Variant> variant_from_name(std::string_view name) {
  for (int i = 0; i < kNumVariants; ++i)
    if (name == kNames[i]) return static_cast<Variant>(i);
  return std::nullopt;
}

std::string Variants::to_string() const {
  std::string out;
  for (int i = 0; i < kNumVariants; ++i) {
    if (!has(static_cast<Variant>(i))) continue;
    if (!out.empty()) out += ',';
    out += kNames[i];
  }
  return out;
}

Variants parse_variants(const std::vector<std::string>& names) {
  Variants v;
  for (const auto& name : names) {
    auto parsed = variant_from_name(name);
    if (!parsed) {
      std::string known;
      for (const char* n : kNames) known += std::string(known.empty() ? "" : ", ") + n;
      throw std::invalid_argument("unknown variant '" + name + "' (known: " + known + ")");
    }
    v.set(*parsed);
  }
  return v;
}

}  // namespace djambi
