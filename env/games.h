#pragma once
// The project's games by name, and states from text: what records, the bot protocol and the
// command line share to set up a game.
#include <memory>
#include <string>
#include <vector>

#include "env/djambi/variants.h"
#include "env/game.h"
#include "env/game_description.h"
#include "env/rewards.h"

namespace djambi {

// The registry: the game a description names, made with its parameters. Games: "djambi"
// (parameters variants, reward, draw_value) and "tictactoe" (none). Throws std::invalid_argument
// naming an unknown game, a parameter the game does not take, or a bad value.
std::shared_ptr<const Game> make_game(const GameDescription& description);
// The registered games' names.
std::vector<std::string> game_names();
// The description of a game given by name and the usual settings (defaults left out).
GameDescription describe_game(const std::string& name, Variants variants = {},
                              RewardScheme scheme = RewardScheme::kWinner, float draw_value = 0.0f);
// make_game(describe_game(...)).
std::shared_ptr<const Game> make_game(const std::string& name, Variants variants = {},
                                      RewardScheme scheme = RewardScheme::kWinner, float draw_value = 0.0f);
// Variant names separated by commas, spaces or '+'; "" and "none" are the empty set.
Variants parse_variant_list(const std::string& text);
// The variants of `game` (its description's "variants") joined by ',' in section-9 order, "" if
// none: as network configs and bundles record them.
std::string variant_names_of(const Game& game);
// The same as a record writes it ("none" if none).
std::string variant_list_of(const Game& game);

// The text of a position: Djambi's position notation; "initial" for tic-tac-toe's only start.
std::string state_text(const GameState& state);
// The inverse (at a turn start). Throws std::invalid_argument (Djambi: NotationError) on bad text.
std::unique_ptr<GameState> state_from_text(const Game& game, const std::string& text);

}  // namespace djambi
