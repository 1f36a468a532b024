#include "mcts/player.h"

#include <algorithm>
#include <stdexcept>


namespace djambi {

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
    throw std::invalid_argument("bad player spec '" + text + "': unknown player kind '" + spec.kind + "' (known: " + list + ")");
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
