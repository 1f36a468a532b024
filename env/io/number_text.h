#pragma once
// Numbers as text, one way for every reader and writer of the project (configs, player specs,
// bundles, game descriptions, the command line, the bot protocol). Plain decimal only: no
// leading or trailing space, no hexadecimal ("0x10"), no other base ("010" is ten). Each caller
// checks the range and words its own message.
#include <optional>
#include <string>
#include <string_view>

namespace djambi {

// An optional sign and decimal digits; nullopt for anything else or beyond long long.
std::optional<long long> parse_integer(std::string_view text);
// Decimal digits alone (seeds); nullopt for anything else or beyond unsigned long long.
std::optional<unsigned long long> parse_unsigned(std::string_view text);

// An optional sign, digits with an optional fraction ("2", "2.", ".5", "2.5"), an optional
// exponent ("1e-3"); also "inf" and "infinity" (any case), and a finite text too large for a
// double, which read as an infinity so that a range check refuses them as too large. nullopt for
// anything else, "nan" included.
std::optional<double> parse_real(std::string_view text);

// The shortest text that parse_real (or std::stof, for a float) reads back as `value` exactly
// (std::to_chars): fixed notation from 1e-4 to 1e15 ("0.25", "0.0001", "100"), scientific
// outside ("1e-05", "1e+20"); "inf", "-inf", "nan".
std::string shortest_text(double value);
std::string shortest_text(float value);

}  // namespace djambi
