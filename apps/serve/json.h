#pragma once
// djambi serve: what the page receives, as JSON (the shapes are documented in docs/WEB.md).
#include <nlohmann/json.hpp>

#include "apps/serve/games.h"
#include "env/game.h"

namespace djambi::cli::serve {

// The board of a Djambi state: pieces (kind, party, alive, zombie), controllers, players, the
// throne and its holder, whose turn it is, the counters, the position in notation and, mid-turn,
// the piece in hand and the moving piece.
nlohmann::json board_json(const GameState& state);
// The seats' final ranks, the result line, and the winner (null for a draw) of a finished game;
// null while it runs.
nlohmann::json result_json(const GameState& state);
// A game as the page shows it: id, variants, seats, board, the turn (whose, the phase, the
// decisions so far), the legal decisions, the move list and the result.
nlohmann::json game_json(const ServeGame& game);
// The variant names of a game, in section-9 order (an empty list for none).
nlohmann::json variants_json(const Game& game);

}  // namespace djambi::cli::serve
