#pragma once
// Each file registers its subcommands on the one `djambi` binary.
#include <CLI/CLI.hpp>

namespace djambi::cli {
void register_rules_commands(CLI::App& app);
void register_random_games_command(CLI::App& app);
void register_bench_command(CLI::App& app);
void register_train_command(CLI::App& app);
void register_export_command(CLI::App& app);
void register_arena_command(CLI::App& app);
void register_bot_command(CLI::App& app);
void register_play_command(CLI::App& app);
void register_replay_command(CLI::App& app);
void register_analyze_command(CLI::App& app);
void register_analyze_game_command(CLI::App& app);
void register_serve_command(CLI::App& app);
void register_heldout_command(CLI::App& app);
void register_bench_nets_command(CLI::App* bench);
void register_bench_mcts_command(CLI::App* bench);
void register_bench_search_command(CLI::App* bench);
void register_bench_startup_command(CLI::App* bench);
}  // namespace djambi::cli
