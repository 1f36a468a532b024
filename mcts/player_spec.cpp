#include "mcts/player_spec.h"

#include <algorithm>
#include <stdexcept>

#include "env/io/number_text.h"
#include "mcts/search_config.h"

namespace djambi {

namespace {
[[noreturn]] void bad_spec(const std::string& text, const std::string& why) {
  throw std::invalid_argument("bad player spec '" + text + "': " + why);
}
}  // namespace

PlayerSpec parse_player_spec(const std::string& text) {
  PlayerSpec spec;
  spec.text = text;
  size_t at = text.find_first_of(":,");
  spec.kind = text.substr(0, at);
  if (spec.kind.empty()) bad_spec(text, "no player kind");
  if (at == std::string::npos) return spec;
  std::string rest = text.substr(at + 1);
  if (text[at] == ':') {  // an argument (a path) unless it is already key=value
    const size_t comma = rest.find(',');
    const std::string first = rest.substr(0, comma);
    if (first.find('=') == std::string::npos) {
      spec.argument = first;
      rest = comma == std::string::npos ? "" : rest.substr(comma + 1);
    }
  }
  size_t start = 0;
  while (start < rest.size()) {
    size_t end = rest.find(',', start);
    if (end == std::string::npos) end = rest.size();
    const std::string item = rest.substr(start, end - start);
    const size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == item.size())
      bad_spec(text, "expected key=value, got '" + item + "'");
    spec.options[item.substr(0, eq)] = item.substr(eq + 1);
    start = end + 1;
  }
  return spec;
}

int PlayerSpec::get_int(const std::string& key, int fallback, int min_value, int max_value) const {
  const auto it = options.find(key);
  if (it == options.end()) return fallback;
  const std::optional<long long> v = parse_integer(it->second);
  if (!v || *v < min_value || *v > max_value)
    bad_spec(text, key + " must be an integer in [" + std::to_string(min_value) + ", " +
                       std::to_string(max_value) + "], got '" + it->second + "'");
  return static_cast<int>(*v);
}

double PlayerSpec::get_double(const std::string& key, double fallback, double min_value, double max_value) const {
  const auto it = options.find(key);
  if (it == options.end()) return fallback;
  const std::optional<double> v = parse_real(it->second);
  if (!v || !(*v >= min_value && *v <= max_value))
    bad_spec(text, key + " must be a number in [" + std::to_string(min_value) + ", " +
                       std::to_string(max_value) + "], got '" + it->second + "'");
  return *v;
}

std::vector<std::string> split_player_list(const std::string& text) {
  std::vector<std::string> out;
  size_t begin = 0;
  while (begin <= text.size()) {
    const size_t end = std::min(text.find(',', begin), text.size());
    const std::string item = text.substr(begin, end - begin);
    if (item.empty()) throw std::invalid_argument("empty player spec in '" + text + "'");
    const size_t equals = item.find('='), colon = item.find(':');
    if (equals != std::string::npos && (colon == std::string::npos || equals < colon)) {
      if (out.empty()) throw std::invalid_argument("'" + item + "' in '" + text + "' is an option of no player");
      out.back() += "," + item;
    } else {
      out.push_back(item);
    }
    begin = end + 1;
  }
  return out;
}

SearchBudget PlayerSpec::get_budget(int default_sims) const {
  SearchBudget b;
  b.seconds = get_double("time", 0.0, 0.0, kMaxSearchSeconds);
  b.visits = get_int("sims", has("time") ? 0 : default_sims, 1, kMaxSimulations);
  if (b.visits == 0 && b.seconds <= 0) bad_spec(text, "time must be positive");
  return b;
}

void PlayerSpec::check_keys(const std::vector<std::string>& known, bool takes_argument) const {
  if (!takes_argument && !argument.empty())
    bad_spec(text, kind + " takes options as key=value only, got '" + argument + "'");
  for (const auto& [key, value] : options) {
    bool ok = false;
    for (const auto& k : known) ok |= k == key;
    if (!ok) {
      std::string list;
      for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
      bad_spec(text, "unknown option '" + key + "' for " + kind + " (known: " + (list.empty() ? "none" : list) + ")");
    }
  }
}

}  // namespace djambi
