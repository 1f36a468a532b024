#include "env/game.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace djambi {

std::vector<Action> GameState::legal_actions() const {
  std::vector<Action> out(static_cast<size_t>(num_actions()));
  out.resize(static_cast<size_t>(legal_actions(out.data())));
  return out;
}

void GameState::material(float* out) const { std::fill(out, out + num_players(), 0.0f); }

void GameState::ranks(int* out) const {
  std::vector<float> r(static_cast<size_t>(num_players()));
  returns(r.data());
  for (int s = 0; s < num_players(); ++s) {
    out[s] = 1;
    for (int o = 0; o < num_players(); ++o) out[s] += r[o] > r[s];
  }
}

std::string GameState::result_string() const {
  std::vector<float> r(static_cast<size_t>(num_players()));
  returns(r.data());
  std::string out;
  char item[32];
  for (int seat = 0; seat < num_players(); ++seat) {
    std::snprintf(item, sizeof item, "%s%d:%+g", seat ? " " : "", seat, r[seat]);
    out += item;
  }
  return out;
}

std::vector<TextTurn> GameState::legal_turns() const {
  std::vector<TextTurn> out;
  for (Action a : legal_actions()) out.push_back({action_to_string(a), {a}});
  return out;
}

std::vector<Action> GameState::parse_turn(const std::string& text) const {
  for (Action a : legal_actions())
    if (action_to_string(a) == text) return {a};
  throw std::invalid_argument("illegal move '" + text + "'");
}

void GameState::legal_mask(uint8_t* mask) const {
  std::memset(mask, 0, static_cast<size_t>(num_actions()));
  std::vector<Action> legal = legal_actions();
  for (Action a : legal) mask[a] = 1;
}

}  // namespace djambi
