// replay: steps through game records in the terminal, re-validating every move with the rules.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>

#include "apps/board_text.h"
#include "apps/cli_common.h"
#include "apps/commands.h"
#include "env/game_record.h"
#include "env/games.h"

namespace djambi::cli {

namespace {

struct StopReplay {};  // the user asked to stop

struct ReplayOptions {
  std::string file;
  int game = 0;  // 0: every record of the file
  bool step = false;
  bool check = false;
};

void show_record(const GameRecord& record, int number, const ReplayOptions& o) {
  const bool colour = stdout_wants_colour();
  std::printf("game %d: %s, variants %s, players", number, record.game.c_str(), record.variants.c_str());
  for (const auto& p : record.players) std::printf(" %s", p.c_str());
  std::printf("\n");
  // Validate first, so that a bad record is reported before anything is drawn from it.
  replay_record(record);
  auto start = state_from_text(*make_game(record.game, parse_variant_list(record.variants)), record.start);
  std::printf("%s", draw_board(*start, colour).c_str());
  replay_record(record, [&](const GameState& after, size_t move, int mover) {
    const std::string& comment = record.comments[move];
    const std::string who = seat_label(*start, mover) +
                            (static_cast<size_t>(mover) < record.players.size() ? " (" + record.players[static_cast<size_t>(mover)] + ")" : "");
    std::printf("\n%zu. %s: %s%s%s\n", move + 1, who.c_str(), record.moves[move].c_str(), comment.empty() ? "" : "   ; ",
                comment.c_str());
    std::printf("%s", draw_board(after, colour).c_str());
    if (o.step) {
      std::printf("[enter: next move, q: stop] ");
      std::fflush(stdout);
      std::string answer;
      if (!std::getline(std::cin, answer) || answer == "q") throw StopReplay{};
    }
  });
  std::printf("result %s\n", record.result.empty() ? "unfinished" : record.result.c_str());
}

void run_replay(const ReplayOptions& o) {
  const std::vector<GameRecord> records = read_record_file(o.file);
  if (records.empty()) throw UsageError(o.file + ": no game record in it");
  if (o.game < 0 || o.game > static_cast<int>(records.size()))
    throw UsageError("--game " + std::to_string(o.game) + ": " + o.file + " holds " + std::to_string(records.size()) + " games");
  int shown = 0;
  for (size_t i = 0; i < records.size(); ++i) {
    if (o.game != 0 && static_cast<int>(i) + 1 != o.game) continue;
    try {
      if (o.check) {
        replay_record(records[i]);
      } else {
        show_record(records[i], static_cast<int>(i) + 1, o);
      }
    } catch (const StopReplay&) {
      return;
    } catch (const std::invalid_argument& e) {
      throw UsageError(o.file + ", game " + std::to_string(i + 1) + ": " + e.what());
    }
    ++shown;
  }
  if (o.check) std::printf("%d game%s valid\n", shown, shown == 1 ? "" : "s");
}

}  // namespace

void register_replay_command(CLI::App& app) {
  auto o = std::make_shared<ReplayOptions>();
  auto* cmd = app.add_subcommand("replay", "Step through game records, re-validating every move");
  cmd->footer("Example: djambi replay runs/quick/games/games-00000000-step-0.txt --game 3 --step");
  cmd->add_option("record", o->file, "A file of game records (docs/RECORDS.md)")->required();
  cmd->add_option("--game", o->game, "Only this game of the file (1 = the first)");
  cmd->add_flag("--step", o->step, "Wait for Enter after each move");
  cmd->add_flag("--check", o->check, "Only validate: print how many games replay cleanly");
  cmd->callback([o] { run_replay(*o); });
}

}  // namespace djambi::cli
