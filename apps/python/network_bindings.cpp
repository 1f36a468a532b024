// Player bundles and training checkpoints (nets/bundle.h) for Python: their architecture and
// weights as numpy arrays (djambi_zero.nets builds a torch.nn.Module from them), the C++
// network's forward pass on observations (what the module must equal), and a bundle written
// from weights trained in Python.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "apps/python/bindings.h"
#include "env/games.h"
#include "nets/bundle.h"
#include "nets/checkpoint.h"

namespace py = pybind11;

namespace djambi::python {

namespace {

// NetConfig's fields by name, in one table for both directions.
struct IntField {
  const char* name;
  int NetConfig::*field;
};
constexpr IntField kIntFields[] = {
    {"input_channels", &NetConfig::input_channels}, {"board_height", &NetConfig::board_height},
    {"board_width", &NetConfig::board_width},       {"num_actions", &NetConfig::num_actions},
    {"num_players", &NetConfig::num_players},       {"channels", &NetConfig::channels},
    {"blocks", &NetConfig::blocks},                 {"policy_channels", &NetConfig::policy_channels},
    {"value_channels", &NetConfig::value_channels}, {"value_hidden", &NetConfig::value_hidden},
};

// NetConfig::aux_outputs: 0 (no auxiliary head, then it may be left out) or twice the players.
constexpr const char* kAuxOutputs = "aux_outputs";

py::dict config_dict(const NetConfig& c) {
  py::dict d;
  d["game"] = c.game;
  d["variants"] = c.variants;
  for (const IntField& f : kIntFields) d[f.name] = c.*f.field;
  d[kAuxOutputs] = c.aux_outputs;
  return d;
}

// The config a dict describes; every field must be there, and no other. The sizes of the game
// must be the game's own (load_game of its name and variants).
NetConfig config_from_dict(const py::dict& d) {
  NetConfig c;
  size_t known = 0;
  auto need = [&](const char* key) {
    if (!d.contains(key)) throw std::invalid_argument(std::string("the network config has no '") + key + "'");
    ++known;
    return d[key];
  };
  c.game = need("game").cast<std::string>();
  c.variants = need("variants").cast<std::string>();
  for (const IntField& f : kIntFields) {
    const int value = need(f.name).cast<int>();
    if (value < 1 || value > (1 << 16))
      throw std::invalid_argument(std::string("the network config's ") + f.name + " must be in [1, 65536], not " +
                                  std::to_string(value));
    c.*f.field = value;
  }
  if (d.contains(kAuxOutputs)) {
    c.aux_outputs = d[kAuxOutputs].cast<int>();
    ++known;
    if (!c.aux_outputs_valid())
      throw std::invalid_argument("the network config's aux_outputs must be 0 or twice num_players, not " +
                                  std::to_string(c.aux_outputs));
  }
  if (d.size() != known) {
    std::string unknown;
    for (const auto& item : d) {
      const std::string key = py::str(item.first);
      const bool is_field = key == "game" || key == "variants" || key == kAuxOutputs ||
                            std::any_of(std::begin(kIntFields), std::end(kIntFields),
                                        [&](const IntField& f) { return key == f.name; });
      if (!is_field) unknown += (unknown.empty() ? "'" : ", '") + key + "'";
    }
    throw std::invalid_argument("the network config has keys that are not a network's: " + unknown);
  }
  const auto game = make_game(describe_game(c.game, parse_variant_list(c.variants)));
  const NetConfig sizes = net_config_for(*game, "default", c.variants);
  if (c.input_channels != sizes.input_channels || c.board_height != sizes.board_height ||
      c.board_width != sizes.board_width || c.num_actions != sizes.num_actions || c.num_players != sizes.num_players)
    throw std::invalid_argument("the network config's sizes [" + c.describe() + "] are not those of " + game->name() +
                                " [" + sizes.describe() + "]");
  return c;
}

py::array to_numpy(const torch::Tensor& tensor) {
  const torch::Tensor t = tensor.detach().to(torch::kCPU).contiguous();
  std::vector<py::ssize_t> shape(t.sizes().begin(), t.sizes().end());
  py::array out;
  if (t.scalar_type() == torch::kFloat)
    out = py::array_t<float>(shape);
  else if (t.scalar_type() == torch::kLong)
    out = py::array_t<int64_t>(shape);
  else
    throw std::invalid_argument("a network tensor of an unexpected type");
  std::memcpy(out.mutable_data(), t.data_ptr(), t.nbytes());
  return out;
}

// A loaded bundle or checkpoint, on the CPU in evaluation mode.
class Network {
 public:
  explicit Network(const std::string& path) : path_(path), bundle_(load_player_bundle(path)) { bundle_.net->eval(); }

  const NetConfig& config() const { return bundle_.net->config; }
  const PlayerBundle& bundle() const { return bundle_; }
  const std::string& path() const { return path_; }

  py::dict tensors() const {
    py::dict out;
    for (const auto& item : bundle_.net->named_parameters()) out[py::str(item.key())] = to_numpy(item.value());
    for (const auto& item : bundle_.net->named_buffers()) out[py::str(item.key())] = to_numpy(item.value());
    return out;
  }

  py::tuple forward(const py::array_t<float, py::array::c_style | py::array::forcecast>& observations) {
    const NetConfig& c = config();
    if (observations.ndim() != 4 || observations.shape(1) != c.input_channels ||
        observations.shape(2) != c.board_height || observations.shape(3) != c.board_width)
      throw std::invalid_argument("forward takes observations of shape (N, " + std::to_string(c.input_channels) + ", " +
                                  std::to_string(c.board_height) + ", " + std::to_string(c.board_width) + ")");
    const int64_t n = observations.shape(0);
    torch::Tensor input = torch::from_blob(const_cast<float*>(observations.data()),
                                           {n, c.input_channels, c.board_height, c.board_width}, torch::kFloat);
    PolicyValueOutput out;
    {
      py::gil_scoped_release unlocked;
      c10::InferenceMode guard;
      out = bundle_.net->forward(input);
    }
    return py::make_tuple(to_numpy(out.policy_logits), to_numpy(out.values));
  }

  void check_plays(const Game& game) const {
    const std::string why = game_mismatch(config(), game);
    if (!why.empty()) throw std::invalid_argument("the network " + path_ + " " + why);
  }

 private:
  std::string path_;
  PlayerBundle bundle_;
};

// The network of `config` with `tensors` (every parameter and buffer of the C++ network, by its
// name and shape).
PolicyValueNet network_of(const py::dict& config_fields, const py::dict& tensors) {
  const NetConfig config = config_from_dict(config_fields);
  // The tensors given must be the net's, element for element, before the net is allocated.
  double given = 0;
  for (const auto& item : tensors) given += static_cast<double>(py::array::ensure(item.second).size());
  if (given != net_tensor_elements(config))
    throw std::invalid_argument("the tensors hold " + std::to_string(static_cast<int64_t>(given)) +
                                " elements; a network of [" + config.describe() + "] has " +
                                std::to_string(static_cast<int64_t>(net_tensor_elements(config))));
  PolicyValueNet net(config);
  torch::NoGradGuard no_grad;
  auto fill = [&](const std::string& name, torch::Tensor& target) {
    if (!tensors.contains(name)) throw std::invalid_argument("the tensors have no '" + name + "'");
    py::array array = py::array::ensure(tensors[py::str(name)], py::array::c_style);
    if (!array) throw std::invalid_argument("'" + name + "' is not an array");
    std::vector<int64_t> shape(array.shape(), array.shape() + array.ndim());
    // PyTorch keeps a batch norm's num_batches_tracked as a scalar, LibTorch as one element.
    const bool one_element = target.numel() == 1 && array.size() == 1;
    if (!target.sizes().equals(shape) && !one_element)
      throw std::invalid_argument("'" + name + "' has the wrong shape for [" + config.describe() + "]");
    const bool is_long = target.scalar_type() == torch::kLong;
    py::array typed = is_long ? py::array(py::array_t<int64_t, py::array::c_style | py::array::forcecast>::ensure(array))
                              : py::array(py::array_t<float, py::array::c_style | py::array::forcecast>::ensure(array));
    std::memcpy(target.data_ptr(), typed.data(), target.nbytes());
  };
  for (auto& item : net->named_parameters()) fill(item.key(), item.value());
  for (auto& item : net->named_buffers()) fill(item.key(), item.value());
  return net;
}

void save_bundle(const std::string& path, const py::dict& config, const py::dict& tensors, int simulations,
                 int64_t step, const std::string& source) {
  if (simulations < 1 || simulations > kMaxSimulations)
    throw std::invalid_argument("simulations must be in [1, " + std::to_string(kMaxSimulations) + "]");
  PolicyValueNet net = network_of(config, tensors);
  SearchConfig search;
  search.simulations = simulations;
  save_player_bundle(path, net, search, step, source);
}

}  // namespace

void bind_networks(py::module_& m) {
  py::class_<Network>(m, "Network", "A player bundle or training checkpoint, loaded in C++")
      .def(py::init<const std::string&>(), py::arg("path"))
      .def_property_readonly("path", &Network::path)
      .def_property_readonly("config", [](const Network& n) { return config_dict(n.config()); })
      .def_property_readonly("step", [](const Network& n) { return n.bundle().step; })
      .def_property_readonly("source", [](const Network& n) { return n.bundle().source; })
      .def_property_readonly("is_bundle", [](const Network& n) { return !n.bundle().from_checkpoint; })
      .def_property_readonly("simulations", [](const Network& n) { return n.bundle().search.simulations; })
      .def("tensors", &Network::tensors, "Every parameter and buffer, by name, as numpy arrays (copies)")
      .def("forward", &Network::forward, py::arg("observations"),
           "The C++ network on observations [N, C, H, W]: (policy logits [N, A], values [N, P])")
      .def("check_plays", &Network::check_plays, py::arg("game"), "ValueError when it plays another game or variants");
  m.def("network_config", [](const std::shared_ptr<Game>& game, const std::string& preset) {
        return config_dict(net_config_for(*game, preset, variant_names_of(*game)));
      },
      py::arg("game"), py::arg("preset") = "default", "A network config for game: preset small, default or large");
  m.def("save_bundle", &save_bundle, py::arg("path"), py::arg("config"), py::arg("tensors"),
        py::arg("simulations") = 200, py::arg("step") = 0, py::arg("source") = "python",
        "Writes a player bundle (atomically) from a config and every tensor of the network, by name");
  m.def(
      "save_checkpoint",
      [](const std::string& path, const py::dict& config, const py::dict& tensors, int64_t step) {
        PolicyValueNet net = network_of(config, tensors);
        save_checkpoint(path, net, step);
      },
      py::arg("path"), py::arg("config"), py::arg("tensors"), py::arg("step") = 0,
      "Writes a training checkpoint (no optimiser state; atomically), as djambi train writes them");
}

}  // namespace djambi::python
