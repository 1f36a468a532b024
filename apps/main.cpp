// djambi: one binary, one subcommand per job (`djambi SUBCOMMAND --help`).
#include <cstdio>
#include <exception>

#include "apps/cli_common.h"
#include "apps/commands.h"
#include "env/io/message_text.h"

int main(int argc, char** argv) {
  CLI::App app{"djambi-zero: Djambi rules, search and self-play training"};
  app.require_subcommand(1);
  djambi::cli::register_rules_commands(app);
  djambi::cli::register_random_games_command(app);
  djambi::cli::register_bench_command(app);
  djambi::cli::register_train_command(app);
  djambi::cli::register_export_command(app);
  djambi::cli::register_arena_command(app);
  djambi::cli::register_bot_command(app);
  djambi::cli::register_play_command(app);
  djambi::cli::register_replay_command(app);
  djambi::cli::register_analyze_command(app);
  djambi::cli::register_analyze_game_command(app);
  djambi::cli::register_heldout_command(app);
#ifdef DJAMBI_WITH_SERVE
  djambi::cli::register_serve_command(app);
#endif
  djambi::cli::apply_option_rules(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "error: %s\n", djambi::printable_message(e.what()).c_str());
    return 2;
  } catch (const std::invalid_argument& e) {  // bad positions, moves, variants, options
    std::fprintf(stderr, "error: %s\n", djambi::printable_message(e.what()).c_str());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", djambi::printable_message(e.what()).c_str());
    return 1;
  }
  return 0;
}
