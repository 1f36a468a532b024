#include "mcts/player.h"

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

void PlayerFactory::add(const std::string& kind, Maker maker) { makers_[kind] = std::move(maker); }

std::vector<std::string> PlayerFactory::kinds() const {
  std::vector<std::string> out;
  for (const auto& [kind, maker] : makers_) out.push_back(kind);
  return out;
}

std::unique_ptr<Player> PlayerFactory::create(const std::string& text, std::shared_ptr<const Game> game,
                                              uint64_t seed) const {
  const PlayerSpec spec = parse_player_spec(text);
  const auto it = makers_.find(spec.kind);
  if (it == makers_.end()) {
    std::string list;
    for (const auto& k : kinds()) list += (list.empty() ? "" : ", ") + k;
    bad_spec(text, "unknown player kind '" + spec.kind + "' (known: " + list + ")");
  }
  return it->second(spec, std::move(game), seed);
}

namespace {

void play_turn(GameState& state, Player& player, const std::vector<Player*>& observers, RecordBuilder* record) {
  const std::vector<Action> actions = player.choose_turn(state);
  const std::string analysis = record ? player.last_analysis() : "";
  for (Action a : actions) {
    for (Player* p : observers) p->observe(state, a);
    if (record) record->on_action(state, a, a == actions.front() ? analysis : "");
    state.apply_action(a);
  }
}

}  // namespace

void play_turn(GameState& state, Player& player, const std::vector<Player*>& observers) {
  play_turn(state, player, observers, nullptr);
}

PlayedGame play_game(const Game& game, const std::vector<Player*>& seats, int max_turns) {
  auto state = game.new_initial_state();
  std::vector<std::string> names;
  for (Player* p : seats) names.push_back(p->name());
  RecordBuilder record(game, *state, names);
  PlayedGame out;
  for (; out.turns < max_turns && !state->is_terminal(); ++out.turns)
    play_turn(*state, *seats[static_cast<size_t>(state->current_player())], seats, &record);
  out.outcome = outcome_of(*state);
  out.record = record.finish(*state);
  return out;
}

}  // namespace djambi
