#pragma once
// The rule variants of RULES.md section 9. A set of variants belongs to a game, not to the
// notation of a position; positions carry it so that every rule query can see it.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace djambi {

enum class Variant : uint8_t {
  kReporterKillsAll,
  kNoOwnKills,
  kMilitantSparesChiefs,
  kPowerSkipRepeat,
  kSurroundThroneAccess,
  kSurroundInheritFirstHolder,
  kTwoPlayers,
};
constexpr int kNumVariants = 7;

class Variants {
 public:
  constexpr Variants() = default;
  bool has(Variant v) const { return bits_ & (1u << static_cast<int>(v)); }
  Variants& set(Variant v) {
    bits_ = static_cast<uint8_t>(bits_ | (1u << static_cast<int>(v)));
    return *this;
  }
  uint8_t bits() const { return bits_; }
  bool operator==(const Variants& o) const { return bits_ == o.bits_; }
  bool operator!=(const Variants& o) const { return bits_ != o.bits_; }
  // Names joined by ',' in section-9 order; "" when none.
  std::string to_string() const;

 private:
  uint8_t bits_ = 0;
};

const char* variant_name(Variant v);
// Every variant's name in section-9 order, joined by `separator` (for help and error texts).
std::string all_variant_names(const std::string& separator = ", ");
std::optional<Variant> variant_from_name(std::string_view name);
// Builds a set from names; throws std::invalid_argument naming an unknown one.
Variants parse_variants(const std::vector<std::string>& names);

}  // namespace djambi
