#include "env/io/number_text.h"

#include <cctype>
#include <charconv>
#include <cstdlib>
#include <limits>
#include <system_error>

namespace djambi {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != b[i]) return false;
  return true;
}

// Whether `text` is a plain decimal number, unsigned: digits with an optional fraction, then an
// optional exponent.
bool is_plain_decimal(std::string_view text) {
  size_t i = 0, digits = 0;
  while (i < text.size() && is_digit(text[i])) ++i, ++digits;
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && is_digit(text[i])) ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    const size_t exponent_start = i;
    while (i < text.size() && is_digit(text[i])) ++i;
    if (i == exponent_start) return false;
  }
  return i == text.size();
}

// Fixed notation between 1e-4 and 1e15 ("0.0001", "250000"), scientific outside ("1e-05"),
// each with the fewest digits that read back exactly.
template <typename T>
std::string shortest(T value) {
  char buffer[400];  // the longest fixed text of a double below 1e15 is far shorter
  const T magnitude = value < 0 ? -value : value;
  const bool fixed = magnitude == 0 || (magnitude >= T(1e-4) && magnitude < T(1e15));
  const auto [end, error] = fixed ? std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed)
                                  : std::to_chars(buffer, buffer + sizeof buffer, value);
  return error == std::errc() ? std::string(buffer, end) : std::string();
}

}  // namespace

std::optional<unsigned long long> parse_unsigned(std::string_view text) {
  if (text.empty() || !is_digit(text[0])) return std::nullopt;  // from_chars would take a '-'
  unsigned long long value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::optional<long long> parse_integer(std::string_view text) {
  const bool negative = !text.empty() && text[0] == '-';
  if (!text.empty() && (text[0] == '+' || negative)) text.remove_prefix(1);
  const std::optional<unsigned long long> magnitude = parse_unsigned(text);
  constexpr unsigned long long kMax = std::numeric_limits<long long>::max();
  if (!magnitude || *magnitude > kMax + (negative ? 1u : 0u)) return std::nullopt;
  if (negative) return *magnitude == kMax + 1u ? std::numeric_limits<long long>::min() : -static_cast<long long>(*magnitude);
  return static_cast<long long>(*magnitude);
}

std::optional<double> parse_real(std::string_view text) {
  const bool negative = !text.empty() && text[0] == '-';
  if (!text.empty() && (text[0] == '+' || negative)) text.remove_prefix(1);
  constexpr double kInfinity = std::numeric_limits<double>::infinity();
  if (equals_ignoring_case(text, "inf") || equals_ignoring_case(text, "infinity")) return negative ? -kInfinity : kInfinity;
  if (!is_plain_decimal(text)) return std::nullopt;
  // The text is plain decimal now, which strtod reads in the "C" locale the program keeps; too
  // large it gives an infinity, too small zero or a denormal (std::from_chars gives neither).
  const double value = std::strtod(std::string(text).c_str(), nullptr);
  return negative ? -value : value;
}

std::string shortest_text(double value) { return shortest(value); }
std::string shortest_text(float value) { return shortest(value); }

}  // namespace djambi
