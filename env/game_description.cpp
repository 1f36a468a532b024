#include "env/game_description.h"

#include <stdexcept>

namespace djambi {

namespace {

bool printable(const std::string& s) {
  for (char c : s)
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) > 0x7e) return false;
  return true;
}

bool plain_word(const std::string& s) {
  return !s.empty() && printable(s) && s.find_first_of(",()= ") == std::string::npos;
}

}  // namespace

std::string GameDescription::get(const std::string& key, const std::string& fallback) const {
  const auto it = parameters.find(key);
  return it == parameters.end() ? fallback : it->second;
}

std::string GameDescription::to_string() const {
  if (parameters.empty()) return name;
  std::string out = name + "(";
  for (const auto& [key, value] : parameters) out += (out.back() == '(' ? "" : ",") + key + "=" + value;
  return out + ")";
}

GameDescription parse_game_description(const std::string& text) {
  const auto bad = [&](const std::string& why) {
    // The text is quoted only when short and printable, so a hostile input is not echoed.
    const bool show = text.size() <= 200 && printable(text);
    return std::invalid_argument("bad game description" + (show ? " '" + text + "'" : std::string()) + ": " + why);
  };
  GameDescription d;
  const size_t open = text.find('(');
  d.name = text.substr(0, open);
  if (!plain_word(d.name)) throw bad("a game name is a plain word");
  if (open == std::string::npos) return d;
  if (text.back() != ')') throw bad("the parameters end with ')'");
  const std::string inside = text.substr(open + 1, text.size() - open - 2);
  if (inside.empty()) return d;
  size_t start = 0;
  while (start <= inside.size()) {
    size_t end = inside.find(',', start);
    if (end == std::string::npos) end = inside.size();
    const std::string item = inside.substr(start, end - start);
    const size_t eq = item.find('=');
    if (eq == std::string::npos) throw bad("parameter '" + item + "' is not key=value");
    const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
    if (!plain_word(key) || !plain_word(value)) throw bad("parameter '" + item + "' is not key=value of plain words");
    if (!d.parameters.emplace(key, value).second) throw bad("parameter '" + key + "' is given twice");
    start = end + 1;
  }
  return d;
}

}  // namespace djambi
