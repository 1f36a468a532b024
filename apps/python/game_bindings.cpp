// Games, states and records for Python, under OpenSpiel's names where they fit (load_game,
// new_initial_state, legal_actions, apply_action, returns, observation_tensor, ...).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "apps/python/bindings.h"
#include "env/game_description.h"
#include "env/game_record.h"
#include "env/games.h"
#include "env/io/atomic_file.h"

namespace py = pybind11;

namespace djambi::python {

void raise_os_error(const std::string& path) {
  PyErr_SetFromErrnoWithFilename(PyExc_OSError, path.c_str());
  throw py::error_already_set();
}

void PyState::apply(Action action) {
  if (state->is_terminal()) throw std::invalid_argument("the game is over: no action can be applied");
  if (action < 0 || action >= state->num_actions())
    throw std::invalid_argument("action " + std::to_string(action) + " is outside the action space [0, " +
                                std::to_string(state->num_actions()) + ")");
  std::vector<uint8_t> mask(static_cast<size_t>(state->num_actions()));
  state->legal_mask(mask.data());
  if (!mask[static_cast<size_t>(action)])
    throw std::invalid_argument("illegal action " + std::to_string(action) + " (" + state->action_to_string(action) +
                                ") for player " + std::to_string(state->current_player()));
  state->apply_action(action);
  history.push_back(action);
}

namespace {

PyState new_state(const std::shared_ptr<const Game>& game, std::unique_ptr<GameState> state) {
  return PyState{game, std::move(state), {}};
}

py::array_t<float> observation_of(const GameState& state) {
  const ObservationShape shape = state.observation_shape();
  py::array_t<float> out({shape.channels, shape.height, shape.width});
  state.observation(out.mutable_data());
  return out;
}

std::vector<float> returns_of(const GameState& state) {
  std::vector<float> out(static_cast<size_t>(state.num_players()));
  state.returns(out.data());
  return out;
}

std::vector<GameRecord> read_records(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) raise_os_error(path);
  try {
    return parse_records(in);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(path + ": " + e.what());
  }
}

std::string records_text(const std::vector<GameRecord>& records) {
  std::string text;
  for (const GameRecord& record : records) text += format_record(record);
  return text;
}

}  // namespace

void bind_games(py::module_& m) {
  py::class_<Game, std::shared_ptr<Game>>(m, "Game", "A game of the registry (load_game)")
      .def("name", &Game::name)
      .def("description", [](const Game& g) { return g.description().to_string(); },
           "The game string load_game makes this game from, e.g. djambi(variants=two_players)")
      .def("num_players", &Game::num_players)
      .def("num_distinct_actions", &Game::num_actions, "Size of the fixed action space")
      .def("observation_tensor_shape",
           [](const Game& g) {
             const ObservationShape s = g.observation_shape();
             return std::vector<int>{s.channels, s.height, s.width};
           })
      .def("new_initial_state",
           [](const std::shared_ptr<Game>& g) { return new_state(g, g->new_initial_state()); })
      .def(
          "state_from_text",
          [](const std::shared_ptr<Game>& g, const std::string& text) { return new_state(g, state_from_text(*g, text)); },
          py::arg("text"), "The position in RULES.md notation (Djambi), or 'initial'")
      .def("__str__", [](const Game& g) { return g.description().to_string(); })
      .def("__repr__", [](const Game& g) { return "load_game('" + g.description().to_string() + "')"; });

  m.def(
      "load_game",
      [](const std::string& text) {
        return std::const_pointer_cast<Game>(make_game(parse_game_description(text)));
      },
      py::arg("description"),
      "A game from its string: 'djambi', 'djambi(variants=two_players+no_own_kills)', 'tictactoe'");
  m.def("registered_names", &game_names, "The names load_game knows");

  py::class_<PyState>(m, "State", "A position of a game and the player to act")
      .def("game", [](const PyState& s) { return std::const_pointer_cast<Game>(s.game); })
      .def("current_player", [](const PyState& s) { return s.state->current_player(); },
           "The seat that decides now; -1 (TERMINAL) once the game is over")
      .def("is_terminal", [](const PyState& s) { return s.state->is_terminal(); })
      .def("num_players", [](const PyState& s) { return s.state->num_players(); })
      .def("legal_actions", [](const PyState& s) { return s.state->legal_actions(); })
      .def("legal_actions_mask",
           [](const PyState& s) {
             py::array_t<uint8_t> mask(s.state->num_actions());
             s.state->legal_mask(mask.mutable_data());
             return mask;
           })
      .def("apply_action", &PyState::apply, py::arg("action"))
      .def("returns", [](const PyState& s) { return returns_of(*s.state); },
           "One value per seat; zeros while the game runs")
      .def("rewards", [](const PyState& s) { return returns_of(*s.state); },
           "The same as returns: the game pays only at its end")
      .def("ranks",
           [](const PyState& s) {
             std::vector<int> out(static_cast<size_t>(s.state->num_players()));
             s.state->ranks(out.data());
             return out;
           })
      .def("result", [](const PyState& s) { return s.state->result_string(); })
      .def("observation_tensor", [](const PyState& s) { return observation_of(*s.state); },
           "The network's input [C, H, W] from the player to act's point of view (docs/ENCODING.md)")
      .def("clone", [](const PyState& s) { return PyState{s.game, s.state->clone(), s.history}; })
      .def("__copy__", [](const PyState& s) { return PyState{s.game, s.state->clone(), s.history}; })
      .def("__deepcopy__", [](const PyState& s, py::dict) { return PyState{s.game, s.state->clone(), s.history}; })
      .def("history", [](const PyState& s) { return s.history; },
           "The actions applied since new_initial_state or state_from_text")
      .def("hash", [](const PyState& s) { return s.state->hash(); })
      .def("action_to_string", [](const PyState& s, Action a) { return s.state->action_to_string(a); },
           py::arg("action"))
      .def("is_turn_start", [](const PyState& s) { return s.state->at_turn_start(); },
           "False while a turn of several decisions (a Djambi move and its placement) is half made")
      .def("position", [](const PyState& s) { return state_text(*s.state); },
           "The position in RULES.md notation (Djambi), 'initial' for tic-tac-toe")
      .def("legal_turns",
           [](const PyState& s) {
             std::vector<std::pair<std::string, std::vector<Action>>> out;
             for (TextTurn& t : s.state->legal_turns()) out.emplace_back(std::move(t.text), std::move(t.actions));
             return out;
           },
           "Every legal whole turn as (notation, actions), at a turn start")
      .def("parse_turn", [](const PyState& s, const std::string& text) { return s.state->parse_turn(text); },
           py::arg("move"), "The actions of a whole turn in RULES.md notation")
      .def(
          "apply_turn",
          [](PyState& s, const std::string& text) {
            for (Action a : s.state->parse_turn(text)) s.apply(a);
          },
          py::arg("move"))
      .def("__str__", [](const PyState& s) { return s.state->to_string(); });
  m.attr("TERMINAL") = kTerminalPlayer;

  // Its list fields are read and assigned as Python lists (copies): record.moves.append(...)
  // changes a copy, record.moves = moves + [...] the record.
  py::class_<GameRecord>(m, "Record", "A game record (docs/RECORDS.md); assign whole lists to its list fields")
      .def(py::init([](std::string game, std::string variants, std::vector<std::string> players, std::string start,
                       std::vector<std::string> moves, std::optional<std::vector<std::string>> comments,
                       std::string result) {
             GameRecord r;
             r.game = std::move(game);
             r.variants = std::move(variants);
             r.players = std::move(players);
             r.start = std::move(start);
             r.comments = comments ? std::move(*comments) : std::vector<std::string>(moves.size());
             if (r.comments.size() != moves.size())
               throw std::invalid_argument("a record has one comment per move ('' for none)");
             r.moves = std::move(moves);
             r.result = std::move(result);
             return r;
           }),
           py::arg("game") = "djambi", py::arg("variants") = "none", py::arg("players") = std::vector<std::string>{},
           py::arg("start") = "", py::arg("moves") = std::vector<std::string>{}, py::arg("comments") = py::none(),
           py::arg("result") = "")
      .def_readwrite("game", &GameRecord::game)
      .def_readwrite("variants", &GameRecord::variants)
      .def_readwrite("players", &GameRecord::players)
      .def_readwrite("start", &GameRecord::start)
      .def_readwrite("moves", &GameRecord::moves)
      .def_readwrite("comments", &GameRecord::comments)
      .def_readwrite("result", &GameRecord::result, "'' for a game stopped before its end")
      .def("__str__", &format_record);
  // replay_record's state has no Game beside it: the record's own game is made again for it.
  m.def(
      "replay_record",
      [](const GameRecord& r) {
        std::unique_ptr<GameState> end = replay_record(r);
        GameDescription d = describe_game(r.game, parse_variant_list(r.variants));
        return new_state(make_game(d), std::move(end));
      },
      py::arg("record"), "The final state of a record played again by the rules (ValueError on a bad move)");
  m.def("records_from_text", py::overload_cast<const std::string&>(&parse_records), py::arg("text"));
  m.def("records_to_text", &records_text, py::arg("records"));
  m.def("read_records", &read_records, py::arg("path"));
  m.def(
      "write_records",
      [](const std::string& path, const std::vector<GameRecord>& records) {
        write_file_atomically(path, records_text(records));
      },
      py::arg("path"), py::arg("records"), "Writes the records to path atomically (the old file is kept on failure)");
}

}  // namespace djambi::python
