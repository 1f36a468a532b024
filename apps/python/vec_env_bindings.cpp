// N games stepped together in C++ (env/vec_env.h, TBB), seen from Python as numpy arrays over
// the environment's own buffers: observations, legal masks, players to act, rewards and done
// flags are written in place at every step, never copied (their addresses never change).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>
#include <stdexcept>
#include <string>

#include "apps/python/bindings.h"
#include "env/vec_env.h"

namespace py = pybind11;

namespace djambi::python {

namespace {

class VectorEnv {
 public:
  VectorEnv(std::shared_ptr<const Game> game, int num_envs, uint64_t seed) : game_(std::move(game)), rng_(seed) {
    if (num_envs < 1 || num_envs > kMaxEnvs)
      throw std::invalid_argument("num_envs must be in [1, " + std::to_string(kMaxEnvs) + "], not " +
                                  std::to_string(num_envs));
    env_ = std::make_unique<VecEnv>(game_, num_envs);
    actions_.resize(static_cast<size_t>(num_envs));
    env_->encode();
  }

  VecEnv& env() { return *env_; }
  const Game& game() const { return *game_; }
  std::shared_ptr<const Game> game_ptr() const { return game_; }

  void reset(std::optional<uint64_t> seed) {
    if (seed) rng_ = Rng(*seed);
    env_->reset();
    finished_.clear();
    env_->encode();
  }

  // Checks every action against its game's mask, then steps and encodes without the GIL.
  void step(const py::array_t<int64_t, py::array::c_style | py::array::forcecast>& actions) {
    const int n = env_->size();
    if (actions.ndim() != 1 || actions.shape(0) != n)
      throw std::invalid_argument("step takes one action per game: an array of shape (" + std::to_string(n) + ",)");
    const int64_t* a = actions.data();
    for (int i = 0; i < n; ++i) {
      if (a[i] < 0 || a[i] >= env_->num_actions())
        throw std::invalid_argument("game " + std::to_string(i) + ": action " + std::to_string(a[i]) +
                                    " is outside the action space [0, " + std::to_string(env_->num_actions()) + ")");
      if (!env_->legal_masks()[static_cast<size_t>(i) * env_->num_actions() + static_cast<size_t>(a[i])])
        throw std::invalid_argument("game " + std::to_string(i) + ": illegal action " + std::to_string(a[i]) + " (" +
                                    env_->state(i).action_to_string(static_cast<Action>(a[i])) + ")");
      actions_[static_cast<size_t>(i)] = static_cast<Action>(a[i]);
    }
    py::gil_scoped_release unlocked;
    env_->step(actions_.data());
    finished_ = env_->take_finished();  // only the last step's, so that memory stays bounded
    env_->encode();
  }

  void play_random(int batches) {
    play_random_batches(*env_, rng_, batches);
    env_->encode();
  }

  py::array_t<int32_t> sample_actions() {
    env_->random_legal_actions(rng_, actions_.data());
    return py::array_t<int32_t>(static_cast<py::ssize_t>(actions_.size()), actions_.data());
  }

  py::list finished() const {
    py::list out;
    for (const Trajectory& t : finished_) {
      py::dict d;
      d["seats"] = t.seats;
      d["actions"] = t.actions;
      d["returns"] = t.returns;
      out.append(d);
    }
    return out;
  }

 private:
  static constexpr int kMaxEnvs = 1 << 16;
  std::shared_ptr<const Game> game_;
  std::unique_ptr<VecEnv> env_;
  Rng rng_;
  std::vector<Action> actions_;
  std::vector<Trajectory> finished_;
};

// A read-only numpy view of `data` that keeps `owner` (the environment) alive.
template <typename T>
py::array view(const py::object& owner, const T* data, std::vector<py::ssize_t> shape, py::dtype dtype) {
  py::array out(dtype, std::move(shape), {}, data, owner);
  out.attr("setflags")(py::arg("write") = false);
  return out;
}

}  // namespace

void bind_vec_env(py::module_& m) {
  py::class_<VectorEnv>(m, "VectorEnv",
                        "N games stepped together in C++; a finished game restarts at once (auto-reset)")
      .def(py::init([](const std::shared_ptr<Game>& game, int num_envs, uint64_t seed) {
             return std::make_unique<VectorEnv>(game, num_envs, seed);
           }),
           py::arg("game"), py::arg("num_envs"), py::arg("seed") = 0)
      .def_property_readonly("num_envs", [](VectorEnv& e) { return e.env().size(); })
      .def_property_readonly("game", [](const VectorEnv& e) { return std::const_pointer_cast<Game>(e.game_ptr()); })
      .def_property_readonly("observations",
                             [](py::object self) {
                               VectorEnv& e = self.cast<VectorEnv&>();
                               const ObservationShape s = e.game().observation_shape();
                               return view(self, e.env().observations(), {e.env().size(), s.channels, s.height, s.width},
                                           py::dtype::of<float>());
                             },
                             "[N, C, H, W] float32, each game from its player to act's point of view")
      .def_property_readonly("legal_masks",
                             [](py::object self) {
                               VectorEnv& e = self.cast<VectorEnv&>();
                               return view(self, e.env().legal_masks(), {e.env().size(), e.env().num_actions()},
                                           py::dtype("bool"));
                             },
                             "[N, A] bool: the legal actions of each game")
      .def_property_readonly("current_players",
                             [](py::object self) {
                               VectorEnv& e = self.cast<VectorEnv&>();
                               return view(self, e.env().current_players(), {e.env().size()}, py::dtype::of<int32_t>());
                             },
                             "[N] int32: the seat to act in each game")
      .def_property_readonly("rewards",
                             [](py::object self) {
                               VectorEnv& e = self.cast<VectorEnv&>();
                               return view(self, e.env().rewards(), {e.env().size(), e.env().num_players()},
                                           py::dtype::of<float>());
                             },
                             "[N, P] float32: each seat's return in the games the last step finished, else 0")
      .def_property_readonly("dones",
                             [](py::object self) {
                               VectorEnv& e = self.cast<VectorEnv&>();
                               return view(self, e.env().dones(), {e.env().size()}, py::dtype("bool"));
                             },
                             "[N] bool: the games the last step finished (they have restarted)")
      .def("reset", &VectorEnv::reset, py::arg("seed") = py::none(),
           "Every game to its start; a seed reseeds sample_actions")
      .def("step", &VectorEnv::step, py::arg("actions"),
           "Applies one legal action per game, restarts finished games and writes the arrays again")
      .def("sample_actions", &VectorEnv::sample_actions, "A uniformly drawn legal action per game (seeded)")
      .def("finished", &VectorEnv::finished,
           "The games the last step finished: dicts of seats, actions and returns, one per game")
      .def(
          "play_random",
          [](VectorEnv& e, int batches) {
            if (batches < 0) throw std::invalid_argument("batches must be at least 0");
            py::gil_scoped_release unlocked;
            e.play_random(batches);
          },
          py::arg("batches"), "Steps every game with random legal actions, in C++ (e.g. to reach the middle game)")
      .def(
          "state",
          [](VectorEnv& e, int i) {
            if (i < 0 || i >= e.env().size())
              throw py::index_error("game " + std::to_string(i) + " of " + std::to_string(e.env().size()));
            return PyState{e.game_ptr(), e.env().state(i).clone(), {}};
          },
          py::arg("index"), "A copy of game i's state");

  m.def(
      "bench_random_play",
      [](const std::shared_ptr<Game>& game, int num_envs, double seconds, uint64_t seed, int warm_up) {
        if (num_envs < 1 || seconds <= 0 || warm_up < 0)
          throw std::invalid_argument("bench_random_play needs num_envs >= 1, seconds > 0 and warm_up >= 0");
        VecEnv env(game, num_envs);
        Rng rng(seed);
        RandomPlayThroughput t;
        {
          py::gil_scoped_release unlocked;
          play_random_batches(env, rng, warm_up);
          t = measure_random_play(env, rng, seconds);
        }
        py::dict out;
        out["batches"] = t.batches;
        out["loop_steps_per_second"] = t.loop_steps_per_second(num_envs);
        out["step_steps_per_second"] = t.step_steps_per_second(num_envs);
        return out;
      },
      py::arg("game"), py::arg("num_envs"), py::arg("seconds"), py::arg("seed") = 7, py::arg("warm_up") = 150,
      "Random play in C++ alone, as djambi bench env measures it: game steps a second of the whole loop "
      "(encode, draw, step) and of the steps alone");
}

}  // namespace djambi::python
