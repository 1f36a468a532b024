// Players from spec strings (docs/PLAYERS.md) and matches between them, for Python. Searches run
// without the GIL, so that Python threads can play several games at once.
#include <pybind11/stl.h>

#include <stdexcept>

#include "apps/analysis_json.h"
#include "apps/network_library.h"
#include "apps/python/bindings.h"
#include "train/arena/arena.h"

namespace py = pybind11;

namespace djambi::python {

namespace {

// The player of one spec, for one game: whole turns chosen from states of that game.
class PyPlayer {
 public:
  PyPlayer(const std::string& spec, std::shared_ptr<const Game> game, uint64_t seed)
      : spec_(spec), game_(std::move(game)), player_(on_demand_player_factory().create(spec, game_, seed)) {}

  const std::string& spec() const { return spec_; }

  std::vector<Action> choose(const PyState& s) {
    check(s);
    py::gil_scoped_release unlocked;
    return player_->choose_turn(*s.state);
  }

  // The analysis as the bot protocol's `analyze` writes it (docs/PROTOCOL.md), or None.
  py::object analyze(const PyState& s, int multipv) {
    check(s);
    if (multipv < 1 || multipv > 256) throw std::invalid_argument("multipv must be in [1, 256]");
    std::optional<SearchAnalysis> analysis;
    {
      py::gil_scoped_release unlocked;
      analysis = player_->analyze(*s.state, multipv);
    }
    if (!analysis) return py::none();
    const std::string text = cli::json_line(cli::analysis_json(*s.state, *analysis, spec_, multipv));
    return py::module_::import("json").attr("loads")(text);
  }

  void inform_action(const PyState& s, Action action) {
    check_game(s);
    player_->observe(*s.state, action);
  }

 private:
  void check_game(const PyState& s) const {
    if (!(s.game->description() == game_->description()))
      throw std::invalid_argument("the state is of " + s.game->description().to_string() + ", this player plays " +
                                  game_->description().to_string());
  }
  void check(const PyState& s) const {
    check_game(s);
    if (s.state->is_terminal()) throw std::invalid_argument("the game is over: there is no turn to choose");
  }

  std::string spec_;
  std::shared_ptr<const Game> game_;
  std::unique_ptr<Player> player_;
};

py::dict arena_summary(const ArenaResult& result, int games, bool with_records) {
  py::list entrants;
  for (const ArenaEntrant& e : result.entrants) {
    const auto [low, high] = wilson_interval(e.wins, e.seats);
    py::dict d;
    d["spec"] = e.spec;
    d["seats"] = e.seats;
    d["wins"] = e.wins;
    d["draws"] = e.draws;
    d["win_rate"] = e.win_rate();
    d["win_rate_interval"] = py::make_tuple(low, high);
    d["mean_rank"] = e.mean_rank();
    d["rating"] = e.rating;
    entrants.append(d);
  }
  py::dict out;
  out["games"] = games;
  out["unfinished"] = result.unfinished;
  out["entrants"] = entrants;
  if (with_records) {
    std::vector<GameRecord> records;
    for (const ArenaGame& g : result.games) records.push_back(g.played.record);
    out["records"] = records;
  }
  return out;
}

}  // namespace

void bind_players(py::module_& m) {
  py::class_<PyPlayer>(m, "Player", "A player from its spec: random, greedy, mcts:..., ab,..., az:PATH,..., best")
      .def(py::init([](const std::string& spec, const std::shared_ptr<Game>& game, uint64_t seed) {
             return std::make_unique<PyPlayer>(spec, game, seed);
           }),
           py::arg("spec"), py::arg("game"), py::arg("seed") = 1)
      .def_property_readonly("spec", &PyPlayer::spec)
      .def("choose", &PyPlayer::choose, py::arg("state"),
           "The actions of the whole turn it plays from state (apply them in order)")
      .def("analyze", &PyPlayer::analyze, py::arg("state"), py::arg("multipv") = 1,
           "What its search finds (dict, as the protocol's analyze answers), None for players that do not search")
      .def("inform_action", &PyPlayer::inform_action, py::arg("state"), py::arg("action"),
           "Tells a searching player of an action applied to state by another, so that it keeps its tree");

  m.def(
      "arena",
      [](const std::shared_ptr<Game>& game, const std::vector<std::string>& specs, int games, int parallel,
         uint64_t seed, int max_turns, bool records) {
        if (games < 1 || games > 1'000'000) throw std::invalid_argument("games must be in [1, 1000000]");
        if (parallel < 1 || parallel > 256) throw std::invalid_argument("parallel must be in [1, 256]");
        if (max_turns < 1) throw std::invalid_argument("max_turns must be at least 1");
        ArenaSettings settings;
        settings.seat_specs = specs;
        settings.games = games;
        settings.parallel = parallel;
        settings.seed = seed;
        settings.max_turns = max_turns;
        const PlayerFactory factory = on_demand_player_factory();
        ArenaResult result;
        {
          py::gil_scoped_release unlocked;
          result = run_arena(game, factory, settings);
        }
        return arena_summary(result, games, records);
      },
      py::arg("game"), py::arg("specs"), py::arg("games"), py::arg("parallel") = 1, py::arg("seed") = 1,
      py::arg("max_turns") = 1000, py::arg("records") = false,
      "A tournament (djambi arena): one spec per seat, seats rotated; its summary as a dict");

  m.def(
      "play_game",
      [](const std::shared_ptr<Game>& game, const std::vector<std::string>& specs, uint64_t seed, int max_turns) {
        if (static_cast<int>(specs.size()) != game->num_players())
          throw std::invalid_argument(game->name() + " has " + std::to_string(game->num_players()) + " seats, not " +
                                      std::to_string(specs.size()) + " specs");
        if (max_turns < 1) throw std::invalid_argument("max_turns must be at least 1");
        const PlayerFactory factory = on_demand_player_factory();
        std::vector<std::unique_ptr<Player>> players;
        std::vector<Player*> seats;
        for (size_t s = 0; s < specs.size(); ++s) {
          players.push_back(factory.create(specs[s], game, seed + s));
          seats.push_back(players.back().get());
        }
        py::gil_scoped_release unlocked;
        return play_game(*game, seats, max_turns).record;
      },
      py::arg("game"), py::arg("specs"), py::arg("seed") = 1, py::arg("max_turns") = 1000,
      "One game between the specs (seat s plays specs[s]); its record");
}

}  // namespace djambi::python
