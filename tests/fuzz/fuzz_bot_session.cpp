// Fuzz target: a whole bot-protocol session (docs/PROTOCOL.md), one command per line, played
// by a random player. Every line gets its answer and the session stays usable; nothing may
// throw out of it.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "apps/bot_session.h"
#include "env/games.h"
#include "mcts/basic_players.h"

using namespace djambi;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const auto game = make_game("djambi");
  cli::BotSession session(game, basic_player_factory().create("random", game, 1), "random");
  std::istringstream in(text);
  std::ostringstream out;
  std::string line;
  while (std::getline(in, line))
    if (!session.handle(line, out)) break;
  return 0;
}
