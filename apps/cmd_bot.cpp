// bot: a player behind the line protocol of docs/PROTOCOL.md on stdin/stdout.
#include <iostream>
#include <memory>
#include <string>

#include "apps/bot_session.h"
#include "apps/cli_common.h"
#include "apps/commands.h"
#include "apps/network_library.h"
#include "env/io/bounded_read.h"

namespace djambi::cli {

namespace {

struct BotOptions {
  std::string player = "best";
  std::string game = "djambi";
  std::vector<std::string> variants;
  uint64_t seed = 1;
};

// A position line with a long game's moves is tens of kilobytes; a longer line is refused
// without being kept.
constexpr size_t kMaxBotLineBytes = 1 << 20;

void run_bot(const BotOptions& o) {
  auto game = game_from(o.game, o.variants);
  std::unique_ptr<Player> player;
  try {
    player = on_demand_player_factory().create(o.player, game, o.seed);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  BotSession session(game, std::move(player), o.player);
  std::string line;
  // Every reply is flushed at once: the other side waits for it before writing again. A search
  // of `go infinite` writes its lines from its own thread, through the session's lock.
  while (true) {
    const LineRead read = read_line_at_most(std::cin, line, kMaxBotLineBytes);
    if (read == LineRead::kEnd) {
      session.finish(std::cout);  // a running search stops and answers
      break;
    }
    if (read == LineRead::kTooLong) {
      session.write(std::cout, "error the line is longer than the limit of " + std::to_string(kMaxBotLineBytes) + " bytes\n");
      continue;
    }
    if (!session.handle(line, std::cout)) break;
  }
}

}  // namespace

void register_bot_command(CLI::App& app) {
  auto o = std::make_shared<BotOptions>();
  auto* cmd = app.add_subcommand("bot", "Serve a player over the line protocol of docs/PROTOCOL.md (stdin/stdout)");
  cmd->footer("Examples: djambi bot   (the shipped player; then type: position start / go / quit)\n"
              "          djambi bot az:mine.djp,sims=400");
  cmd->add_option("player", o->player, "Player spec: best (the shipped player, the default), az:NAME.djp, ab, mcts, greedy, random (docs/PLAYERS.md)");
  cmd->add_option("--seed", o->seed, "Seed of the player's random choices")->capture_default_str();
  cmd->add_option("--game", o->game, "djambi | tictactoe")->capture_default_str();
  add_variant_option(cmd, &o->variants);
  cmd->callback([o] { run_bot(*o); });
}

}  // namespace djambi::cli
