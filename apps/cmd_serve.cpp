// serve: play and watch Djambi in the browser (docs/WEB.md).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>

#include "apps/cli_common.h"
#include "apps/commands.h"
#include "apps/network_library.h"
#include "apps/serve/api.h"
#include "apps/serve/http.h"

namespace djambi::cli {

namespace {

struct ServeCliOptions {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::vector<std::string> opponents;
  std::vector<std::string> allow_hosts;
  std::vector<std::string> variants;
  std::string records;
  std::string web_dir;
  uint64_t seed = 1;
  size_t max_games = 0;
  double idle_timeout = 900;
  size_t max_searches = 0;
  std::string analysis = "ab";   // the page's analysing player (serve/analysis.h)
  int analysis_visits = 20000;
};

bool is_loopback(const std::string& host) {
  return host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

void run_serve(const ServeCliOptions& o) {
  // Checked at start: otherwise the server runs and every page answers 404.
  std::error_code error;
  if (!o.web_dir.empty() && !std::filesystem::is_directory(o.web_dir, error))
    throw UsageError("--web-dir '" + o.web_dir + "' " +
                     (std::filesystem::exists(o.web_dir, error) ? "is not a directory" : "does not exist"));
  serve::ServeOptions options;
  options.variants = o.variants;
  options.records = o.records;
  options.seed = o.seed;
  options.any_spec = is_loopback(o.host);
  options.max_games = o.max_games ? o.max_games : serve::default_max_games(options.max_sessions, options.max_games_per_session);
  options.idle_seconds = o.idle_timeout;
  options.max_searches = o.max_searches ? o.max_searches : serve::default_max_searches();
  options.analysis.player = o.analysis;
  options.analysis.visits = o.analysis_visits;
  options.analysis.game_visits = std::min(options.analysis.game_visits, o.analysis_visits);
  try {
    if (!o.opponents.empty()) options.opponents.clear();
    for (const auto& list : o.opponents)
      for (auto& s : split_player_list(list)) options.opponents.push_back(s);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--opponents: ") + e.what());
  }
  const PlayerFactory factory = on_demand_player_factory();
  // Every bot on offer is made once now, so that a bad spec or a missing bundle stops the
  // server at start rather than the first game. They are kept: so their networks stay loaded,
  // and the games' bots share them (SharedNetworks) rather than load them again.
  auto game = game_from("djambi", o.variants);
  std::vector<std::unique_ptr<Player>> offered;
  for (const std::string& spec : options.opponents) {
    try {
      offered.push_back(factory.create(spec, game, 0));
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--opponents: ") + e.what());
    }
  }
  try {
    serve::Analyst(options.analysis, factory, game);  // a bad analysis spec stops the server at start
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--analysis: ") + e.what());
  }
  serve::ServeApi api(options, factory);
  serve::WebServer server(api, o.web_dir);
  const int port = server.bind(o.host, o.port, o.allow_hosts);
  const bool v6 = o.host.find(':') != std::string::npos;
  std::printf("djambi serve: http://%s%s%s:%d/ (Ctrl-C stops)\n", v6 ? "[" : "", o.host.c_str(), v6 ? "]" : "", port);
  std::printf("at most %zu games at a time (games idle for over %g s make room for new ones)\n", options.max_games,
              options.idle_seconds);
  std::printf("at most %zu bots' searches at a time\n", options.max_searches);
  if (!options.any_spec) std::printf("not a loopback address: the page may seat only the bots on offer\n");
  std::fflush(stdout);
  server.run();
}

}  // namespace

void register_serve_command(CLI::App& app) {
  auto o = std::make_shared<ServeCliOptions>();
  auto* cmd = app.add_subcommand("serve", "Play and watch games in the browser");
  cmd->footer("Examples: djambi serve   (then open http://127.0.0.1:8080/)\n"
              "          djambi serve --port 9000 --opponents az:runs/r1/players/final.djp,greedy,ab,time=0.5 --records runs");
  cmd->add_option("--port", o->port, "TCP port (0: any free one, printed)")->capture_default_str();
  cmd->add_option("--host", o->host, "Address to listen on (other than loopback: only the offered bots can be seated)")
      ->capture_default_str();
  cmd->add_option("--allow-host", o->allow_hosts,
                  "Another name the server answers to in the Host header (requests naming any other are refused, "
                  "against DNS rebinding)");
  cmd->add_option("--opponents", o->opponents,
                  "Bot specs offered on the page, the first seated by default (default: best, the shipped player; "
                  "random and greedy are always offered)");
  cmd->add_option("--records", o->records, "A folder of game records the page may open (arena, self-play, play)");
  cmd->add_option("--web-dir", o->web_dir, "Serve the page's files from this folder instead of the built-in ones (apps/serve/web)");
  cmd->add_option("--max-games", o->max_games,
                  "Games kept at a time in the whole server; past it a new game replaces the longest idle one, or is "
                  "refused (503, the server is full) when none is idle (default 0: a quarter of the machine's memory "
                  "at 32 MiB a game, at least 16, at most 2048)")
      ->capture_default_str()
      ->check(CLI::Range(size_t{0}, size_t{1} << 20));
  cmd->add_option("--idle-timeout", o->idle_timeout,
                  "Seconds after which an untouched game may be dropped to make room for a new one")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1e7));
  cmd->add_option("--max-searches", o->max_searches,
                  "Bots' searches at a time in the whole server, on threads of its own; the others wait their turn "
                  "(default 0: the machine's cores, at least 2, at most 8)")
      ->capture_default_str()
      ->check(CLI::Range(size_t{0}, size_t{256}));
  cmd->add_option("--analysis", o->analysis,
                  "The player whose search gives the page's win chances, best moves and value graph (a searching "
                  "spec: ab, mcts, az:PATH, best; its budget is --analysis-visits)")
      ->capture_default_str();
  cmd->add_option("--analysis-visits", o->analysis_visits,
                  "Its budget per position (ab: nodes; a whole game's graph uses 2000 a move, or this if less)")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000000));
  cmd->add_option("--seed", o->seed, "Seed of the bots' random choices")->capture_default_str();
  add_variant_option(cmd, &o->variants);
  cmd->callback([o] { run_serve(*o); });
}

}  // namespace djambi::cli
