#include "env/games.h"

#include <stdexcept>

#include "env/djambi_game.h"
#include "env/notation.h"
#include "env/tictactoe.h"

namespace djambi {

std::shared_ptr<const Game> make_game(const std::string& name, Variants variants, RewardScheme scheme, float draw_value) {
  if (name == "djambi") return std::make_shared<DjambiGame>(variants, scheme, draw_value);
  if (name == "tictactoe") {
    if (variants.bits() != 0) throw std::invalid_argument("tic-tac-toe has no variants");
    return std::make_shared<TicTacToeGame>();
  }
  throw std::invalid_argument("unknown game '" + name + "' (djambi | tictactoe)");
}

Variants parse_variant_list(const std::string& text) {
  std::vector<std::string> names;
  std::string word;
  for (char c : text + ",") {
    if (c == ',' || c == ' ') {
      if (!word.empty() && word != "none") names.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  return parse_variants(names);
}

std::string variant_list_of(const Game& game) {
  const auto* djambi = dynamic_cast<const DjambiGame*>(&game);
  const std::string list = djambi ? djambi->variants().to_string() : "";
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
