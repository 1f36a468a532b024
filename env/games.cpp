#include "env/games.h"

#include <algorithm>
#include <functional>
#include <stdexcept>

#include "env/djambi/game.h"
#include "env/djambi/notation.h"
#include "env/io/number_text.h"
#include "env/tictactoe/game.h"

namespace djambi {

namespace {

using GameMaker = std::function<std::shared_ptr<const Game>(const GameDescription&)>;

struct RegisteredGame {
  std::string name;
  std::vector<std::string> parameters;  // the keys it takes
  GameMaker make;
};

float draw_value_from(const std::string& text) {
  const std::optional<double> value = parse_real(text);
  if (!value || !(*value >= -1.0 && *value <= 1.0))
    throw std::invalid_argument("draw_value is a number in [-1, 1], not '" + text + "'");
  return static_cast<float>(*value);
}

// The one list of games: a new game registers here and nowhere else.
const std::vector<RegisteredGame>& registered() {
  static const std::vector<RegisteredGame> games = {
      {"djambi",
       {"variants", "reward", "draw_value"},
       [](const GameDescription& d) -> std::shared_ptr<const Game> {
         return std::make_shared<DjambiGame>(parse_variant_list(d.get("variants")),
                                             reward_scheme_from_name(d.get("reward", "winner")),
                                             draw_value_from(d.get("draw_value", "0")));
       }},
      {"tictactoe", {}, [](const GameDescription&) -> std::shared_ptr<const Game> {
         return std::make_shared<TicTacToeGame>();
       }},
  };
  return games;
}

}  // namespace

std::vector<std::string> game_names() {
  std::vector<std::string> names;
  for (const auto& g : registered()) names.push_back(g.name);
  return names;
}

std::shared_ptr<const Game> make_game(const GameDescription& description) {
  for (const auto& g : registered()) {
    if (g.name != description.name) continue;
    for (const auto& [key, value] : description.parameters)
      if (std::find(g.parameters.begin(), g.parameters.end(), key) == g.parameters.end()) {
        std::string known;
        for (const auto& k : g.parameters) known += (known.empty() ? "" : ", ") + k;
        throw std::invalid_argument(g.name + " takes no parameter '" + key + "' (" +
                                    (known.empty() ? "it takes none" : "it takes " + known) + ")");
      }
    try {
      return g.make(description);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(description.to_string() + ": " + e.what());
    }
  }
  std::string names;
  for (const auto& n : game_names()) names += (names.empty() ? "" : " | ") + n;
  throw std::invalid_argument("unknown game '" + description.name + "' (" + names + ")");
}

GameDescription describe_game(const std::string& name, Variants variants, RewardScheme scheme, float draw_value) {
  GameDescription d{name, {}};
  if (variants.bits() != 0) {
    std::string list = variants.to_string();
    std::replace(list.begin(), list.end(), ',', '+');
    d.parameters["variants"] = list;
  }
  if (scheme != RewardScheme::kWinner) d.parameters["reward"] = reward_scheme_name(scheme);
  if (draw_value != 0.0f) d.parameters["draw_value"] = shortest_text(draw_value);
  return d;
}

std::shared_ptr<const Game> make_game(const std::string& name, Variants variants, RewardScheme scheme, float draw_value) {
  return make_game(describe_game(name, variants, scheme, draw_value));
}

Variants parse_variant_list(const std::string& text) {
  std::vector<std::string> names;
  std::string word;
  for (char c : text + ",") {
    if (c == ',' || c == ' ' || c == '+') {
      if (!word.empty() && word != "none") names.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  return parse_variants(names);
}

std::string variant_names_of(const Game& game) {
  std::string list = game.description().get("variants");
  std::replace(list.begin(), list.end(), '+', ',');
  return list;
}

std::string variant_list_of(const Game& game) {
  const std::string list = variant_names_of(game);
  return list.empty() ? "none" : list;
}

std::string state_text(const GameState& state) {
  if (const auto* djambi = dynamic_cast<const DjambiState*>(&state)) return format_position(djambi->position());
  return "initial";
}

std::unique_ptr<GameState> state_from_text(const Game& game, const std::string& text) {
  if (text == "initial" || text == "start") return game.new_initial_state();
  if (const auto* djambi = dynamic_cast<const DjambiGame*>(&game))
    return std::make_unique<DjambiState>(parse_position(text, djambi->variants()), djambi->reward_scheme(),
                                         djambi->draw_value());
  throw std::invalid_argument(game.name() + " positions other than 'initial' cannot be written: '" + text + "'");
}

}  // namespace djambi
