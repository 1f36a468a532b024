#pragma once
// What a game is, as text: its name and parameters, written as OpenSpiel writes game strings,
// "djambi(draw_value=-0.5,reward=winner,variants=no_own_kills+two_players)" or "tictactoe".
// Every Game describes itself (Game::description) and env/games.h's registry makes a game from
// a description, so that code outside env/ never needs to know which concrete game it holds.
#include <map>
#include <string>

namespace djambi {

struct GameDescription {
  std::string name;
  // Values are plain words: no ',', '(', ')', '=' or spaces; a list is joined by '+'.
  std::map<std::string, std::string> parameters;

  // The parameter, or `fallback` when it is not given.
  std::string get(const std::string& key, const std::string& fallback = "") const;
  // "name" without parameters, else "name(key=value,...)" in key order (the canonical text).
  std::string to_string() const;
  bool operator==(const GameDescription& o) const { return name == o.name && parameters == o.parameters; }
};

// The inverse of to_string (any key order; a key given twice is refused). Throws
// std::invalid_argument naming the text and what is wrong.
GameDescription parse_game_description(const std::string& text);

}  // namespace djambi
