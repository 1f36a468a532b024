// start, moves, perft, apply: the rules engine's exact text interface (RULES.md section 8).
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "apps/cli_common.h"
#include "apps/commands.h"
#include "env/djambi/moves.h"
#include "env/djambi/notation.h"
#include "env/djambi/perft.h"
#include "env/djambi/ranking.h"

namespace djambi::cli {

namespace {

struct RulesOptions {
  std::vector<std::string> variants;
  std::string position;
  std::vector<std::string> moves;
  int depth = 1;
  bool divide = false;
};

void run_start(const RulesOptions& o) {
  std::printf("%s\n", format_position(Position::start(variants_from(o.variants))).c_str());
}

void run_moves(const RulesOptions& o) {
  const Position pos = read_position(o.position, o.variants);
  const auto moves = legal_moves(pos);
  for (const auto& m : moves) std::printf("%s\n", format_move(m.move).c_str());
  std::printf("count %zu\n", moves.size());
}

void run_perft(const RulesOptions& o) {
  const Position pos = read_position(o.position, o.variants);
  if (o.depth < 0) throw UsageError("perft depth must be >= 0, got " + std::to_string(o.depth));
  uint64_t total = 0;
  if (o.divide && o.depth > 0 && !pos.game_over()) {
    for (const auto& m : legal_moves(pos)) {
      Position next = pos;
      apply_move(next, m);
      const uint64_t n = perft(next, o.depth - 1);
      std::printf("%s %llu\n", format_move(m.move).c_str(), static_cast<unsigned long long>(n));
      total += n;
    }
  } else {
    total = perft(pos, o.depth);
  }
  std::printf("perft %d %llu\n", o.depth, static_cast<unsigned long long>(total));
}

void run_apply(const RulesOptions& o) {
  Position pos = read_position(o.position, o.variants);
  Ranking ranking(pos);
  for (const std::string& text : o.moves) {
    const Move move = parse_move(text);
    if (pos.game_over())
      throw UsageError("illegal move '" + text + "': the game is over in '" + format_position(pos) + "'");
    LegalMove legal;
    if (!find_legal_move(pos, move, &legal))
      throw UsageError("illegal move '" + text + "' in '" + format_position(pos) + "'");
    ranking.record(apply_move(pos, legal));
  }
  std::printf("%s\n", format_position(pos).c_str());
  if (pos.game_over()) std::printf("%s\n", ranking.result_line(pos).c_str());
}

}  // namespace

void register_rules_commands(CLI::App& app) {
  auto o = std::make_shared<RulesOptions>();

  auto* start = app.add_subcommand("start", "Print the start position");
  start->footer("Example: djambi start --variant two_players");
  add_variant_option(start, &o->variants);
  start->callback([o] { run_start(*o); });

  auto* moves = app.add_subcommand("moves", "List every legal whole move, sorted, then 'count N'");
  moves->footer("Example: djambi moves \"$(djambi start)\"");
  moves->add_option("position", o->position, "Position in RULES.md section 8 notation")->required();
  add_variant_option(moves, &o->variants);
  moves->callback([o] { run_moves(*o); });

  auto* perft_cmd = app.add_subcommand("perft", "Count the leaves after D whole turns");
  perft_cmd->footer("Example: djambi perft \"$(djambi start)\" 2");
  perft_cmd->add_option("position", o->position, "Position in notation")->required();
  perft_cmd->add_option("depth", o->depth, "Depth in whole turns")->required();
  perft_cmd->add_flag("--divide", o->divide, "Also print the count below each first move");
  add_variant_option(perft_cmd, &o->variants);
  perft_cmd->callback([o] { run_perft(*o); });

  auto* apply = app.add_subcommand("apply", "Apply whole moves and print the position (and result)");
  apply->footer("Example: djambi apply \"$(djambi start)\" c3-d4 g3-f4");
  apply->add_option("position", o->position, "Position in notation")->required();
  apply->add_option("moves", o->moves, "Moves in notation, applied in order");
  add_variant_option(apply, &o->variants);
  apply->callback([o] { run_apply(*o); });
}

}  // namespace djambi::cli
