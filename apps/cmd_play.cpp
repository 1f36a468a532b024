// play: a person at the terminal against bots; the game record is saved at the end.
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

#include "apps/board_text.h"
#include "apps/cli_common.h"
#include "apps/commands.h"
#include "apps/network_library.h"
#include "env/game_record.h"
#include "env/io/atomic_file.h"
#include "env/io/bounded_read.h"
#include "env/io/message_text.h"
#include "env/turn_text.h"

namespace djambi::cli {

namespace {

struct PlayOptions {
  std::string seat = "r";
  std::vector<std::string> opponents{"best"};
  std::string game = "djambi";
  std::vector<std::string> variants;
  std::string record;
  uint64_t seed = 1;
};

constexpr const char* kHelp =
    "Type a move in the notation of RULES.md section 8 (c3-d4, c3xd5>e1, ...),\n"
    "or: moves (the legal moves), moves c3 (those of the piece on c3), board, help, quit.\n";

int seat_from(const GameState& state, const std::string& text) {
  for (int s = 0; s < state.num_players(); ++s)
    if (text == seat_label(state, s) || text == std::to_string(s)) return s;
  std::string seats;
  for (int s = 0; s < state.num_players(); ++s) seats += (s ? ", " : "") + seat_label(state, s);
  throw UsageError("--seat '" + text + "': this game's seats are " + seats);
}

// The legal moves, wrapped. Without a square, the placements of a kill are summed up
// ("a1xa2>(45 squares)"); with one, the moves of the piece on it are written out in full.
void print_moves(const GameState& state, const std::string& square) {
  std::vector<std::string> items;
  int total = 0;
  for (const TextTurn& t : legal_turns(state)) {
    if (!square.empty() && t.text.rfind(square, 0) != 0) continue;
    ++total;
    const size_t place = t.text.rfind('>');
    const std::string prefix = square.empty() && place != std::string::npos ? t.text.substr(0, place + 1) : "";
    if (!prefix.empty() && !items.empty() && items.back().rfind(prefix + "(", 0) == 0) {
      const int n = std::stoi(items.back().substr(prefix.size() + 1)) + 1;
      items.back() = prefix + "(" + std::to_string(n) + " squares)";
    } else {
      items.push_back(prefix.empty() ? t.text : prefix + "(1 squares)");
    }
  }
  std::printf("%d legal moves%s:", total, square.empty() ? "" : (" from " + printable_message(square)).c_str());
  size_t column = 80;
  for (const std::string& item : items) {
    if (column + item.size() + 1 > 78) {
      std::printf("\n ");
      column = 1;
    }
    std::printf(" %s", item.c_str());
    column += item.size() + 1;
  }
  std::printf("\n%s", square.empty() ? "('moves c3' lists the moves of the piece on c3 in full)\n" : "");
}

// Reads the person's turn; an empty result means quit (or end of input).
std::vector<Action> read_human_turn(const GameState& state, const std::string& me, bool colour) {
  while (true) {
    std::printf("%s to move> ", me.c_str());
    std::fflush(stdout);
    std::string line;
    const LineRead read = read_line_at_most(std::cin, line, 4096);  // a move is a few words
    if (read == LineRead::kEnd) return {};
    if (read == LineRead::kTooLong) {
      std::printf("that line is longer than 4096 bytes; type a move, 'help' or 'quit'\n");
      continue;
    }
    const size_t first = line.find_first_not_of(" \t\r");
    line = first == std::string::npos ? "" : line.substr(first, line.find_last_not_of(" \t\r") - first + 1);
    if (line.empty()) continue;
    if (line == "quit" || line == "resign") return {};
    if (line == "help") {
      std::printf("%s", kHelp);
    } else if (line == "moves" || line == "legal" || line == "?") {
      print_moves(state, "");
    } else if (line.rfind("moves ", 0) == 0) {
      print_moves(state, line.substr(6));
    } else if (line == "board") {
      std::printf("%s", draw_board(state, colour).c_str());
    } else {
      try {
        return parse_turn(state, line);
      } catch (const std::invalid_argument& e) {
        std::printf("%s; type 'moves' for the legal moves, 'help' for help\n", printable_message(e.what()).c_str());
      }
    }
  }
}

void run_play(const PlayOptions& o) {
  auto game = game_from(o.game, o.variants);
  auto state = game->new_initial_state();
  const int human = seat_from(*state, o.seat);
  const std::string record_path = o.record.empty() ? timestamped("runs/play-%Y%m%d-%H%M%S.txt") : o.record;
  if (std::filesystem::exists(record_path))
    throw UsageError("'" + record_path + "' already exists; the game record is never written over an existing file");
  check_directory_path("--record", record_path, true);

  // One spec for every bot, or one per bot seat in seat order.
  std::vector<std::string> specs;
  try {
    for (const auto& list : o.opponents)
      for (auto& s : split_player_list(list)) specs.push_back(s);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  const int bots = state->num_players() - 1;
  if (specs.size() == 1) specs.assign(static_cast<size_t>(bots), specs[0]);
  if (static_cast<int>(specs.size()) != bots)
    throw UsageError("--opponents: give one spec for all " + std::to_string(bots) + " bots or one each, not " +
                     std::to_string(specs.size()));
  const PlayerFactory factory = on_demand_player_factory();
  std::vector<std::unique_ptr<Player>> seats(static_cast<size_t>(state->num_players()));
  std::vector<std::string> names;
  for (int s = 0, b = 0; s < state->num_players(); ++s) {
    if (s == human) {
      names.push_back("human");
      continue;
    }
    const std::string& spec = specs[static_cast<size_t>(b++)];
    try {
      seats[static_cast<size_t>(s)] = factory.create(spec, game, o.seed + static_cast<uint64_t>(s));
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
    names.push_back(spec);
  }

  const bool colour = stdout_wants_colour();
  const std::string me = seat_label(*state, human);
  std::printf("You play %s. %s", me.c_str(), kHelp);
  RecordBuilder record(*game, *state, names);
  bool quit = false;
  while (!state->is_terminal() && !quit) {
    const int seat = state->current_player();
    std::vector<Action> actions;
    std::string comment;
    if (seat == human) {
      std::printf("\n%s", draw_board(*state, colour).c_str());
      actions = read_human_turn(*state, me, colour);
      quit = actions.empty();
      if (quit) break;
    } else {
      Player& bot = *seats[static_cast<size_t>(seat)];
      actions = bot.choose_turn(*state);
      comment = bot.last_analysis();
      std::printf("%s (%s) plays %s\n", seat_label(*state, seat).c_str(), names[static_cast<size_t>(seat)].c_str(),
                  turn_to_string(*state, actions).c_str());
    }
    for (Action a : actions) {
      for (auto& p : seats)
        if (p) p->observe(*state, a);
      record.on_action(*state, a, a == actions.front() ? comment : "");
      state->apply_action(a);
    }
  }
  std::printf("\n%s", draw_board(*state, colour).c_str());
  std::printf("%s\n", state->is_terminal() ? ("result " + state->result_string()).c_str() : "game abandoned");
  std::filesystem::path parent = std::filesystem::path(record_path).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent);
  write_file_atomically(record_path, format_record(record.finish(*state)));
  std::printf("game record saved to %s (djambi replay %s)\n", record_path.c_str(), record_path.c_str());
}

}  // namespace

void register_play_command(CLI::App& app) {
  auto o = std::make_shared<PlayOptions>();
  auto* cmd = app.add_subcommand("play", "Play against bots at the terminal");
  cmd->footer("Examples: djambi play   (you are red; three copies of the shipped player, spec best)\n"
              "          djambi play --seat b --opponents best,time=2,greedy,ab,time=1");
  cmd->add_option("--seat", o->seat, "Your seat: r, b, y or g (0, 1 for tic-tac-toe)")->capture_default_str();
  cmd->add_option("--opponents", o->opponents, "Bot specs: one for every bot, or one per bot seat in order (default: best, the shipped player)");
  cmd->add_option("--record", o->record, "Where to save the game record (default runs/play-DATE-TIME.txt)");
  cmd->add_option("--seed", o->seed, "Seed of the bots' random choices")->capture_default_str();
  cmd->add_option("--game", o->game, "djambi | tictactoe")->capture_default_str();
  add_variant_option(cmd, &o->variants);
  cmd->callback([o] { run_play(*o); });
}

}  // namespace djambi::cli
