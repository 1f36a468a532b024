// Checkpoints: round trips (weights, BatchNorm buffers, step, optimiser state), atomic
// overwrites, and every kind of bad file turned into a CheckpointError naming the path.
#include "nets/checkpoint.h"

#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "tests/file_size_limit.h"
#include "tests/nets/nets_test_util.h"

namespace djambi::nets_test {
namespace {

namespace fs = std::filesystem;

// A few training steps with a made-up loss, so that weights, BatchNorm running statistics and
// optimiser moments all move away from their initial values.
void train_steps(PolicyValueNet& net, torch::optim::Optimizer& optimizer, const torch::Tensor& obs,
                 int steps) {
  net->train();
  for (int i = 0; i < steps; ++i) {
    optimizer.zero_grad();
    const PolicyValueOutput out = net->forward(obs);
    (out.policy_logits.pow(2).mean() + out.values.sum()).backward();
    optimizer.step();
  }
}

// Runs a few forward passes in training mode without touching the weights: BatchNorm buffers
// then differ from their defaults, so a checkpoint that dropped them would change eval outputs.
void warm_batchnorm(PolicyValueNet& net, const torch::Tensor& obs) {
  torch::NoGradGuard no_grad;
  net->train();
  for (int i = 0; i < 3; ++i) net->forward(obs * (1.0 + i));
}

void expect_same_tensors(torch::nn::Module& a, torch::nn::Module& b) {
  const auto pa = a.named_parameters(), pb = b.named_parameters();
  ASSERT_EQ(pa.size(), pb.size());
  for (const auto& p : pa) EXPECT_TRUE(torch::equal(p.value(), pb[p.key()])) << p.key();
  const auto ba = a.named_buffers(), bb = b.named_buffers();
  ASSERT_EQ(ba.size(), bb.size());
  for (const auto& x : ba) EXPECT_TRUE(torch::equal(x.value(), bb[x.key()])) << x.key();
}

std::vector<fs::path> files_in(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename());
  return out;
}

const torch::optim::AdamParamState& adam_state(torch::optim::Optimizer& optimizer, const torch::Tensor& p) {
  // LibTorch keys optimiser state by the parameter's TensorImpl address.
  auto it = optimizer.state().find(c10::guts::to_string(p.unsafeGetTensorImpl()));
  if (it == optimizer.state().end()) throw std::runtime_error("no Adam state for a parameter");
  return static_cast<const torch::optim::AdamParamState&>(*it->second);
}

TEST_F(NetsTest, RoundTripKeepsOutputsBuffersAndStep) {
  TempDir dir;
  const std::string path = dir.file("net.ckpt");
  const NetConfig config = djambi_config(16, 1);
  PolicyValueNet net(config);
  const auto obs = observations_of(random_states(DjambiGame(), 6, 4, 21));
  warm_batchnorm(net, obs);
  ASSERT_GT(net->stem_bn->running_mean.abs().sum().item<float>(), 0.0f);  // buffers moved
  net->eval();
  save_checkpoint(path, net, 1234);

  LoadedCheckpoint loaded = load_checkpoint(path, &config);
  EXPECT_EQ(loaded.step, 1234);
  EXPECT_FALSE(loaded.has_optimizer);
  ASSERT_TRUE(loaded.net);
  EXPECT_TRUE(loaded.net->config.same_architecture(config));
  expect_same_tensors(*net, *loaded.net);

  loaded.net->eval();
  torch::NoGradGuard no_grad;
  const PolicyValueOutput a = net->forward(obs), b = loaded.net->forward(obs);
  EXPECT_TRUE(torch::equal(a.policy_logits, b.policy_logits));
  EXPECT_TRUE(torch::equal(a.values, b.values));

  const NetConfig read = read_checkpoint_config(path);
  EXPECT_EQ(read.describe(), config.describe());
  EXPECT_EQ(files_in(dir.path()), std::vector<fs::path>{"net.ckpt"});
}

// A net that went through TorchEvaluator has channels-last weights; it saves and loads the same.
TEST_F(NetsTest, RoundTripOfAnEvaluatorsNet) {
  TempDir dir;
  const std::string path = dir.file("eval.ckpt");
  TorchEvaluator evaluator(PolicyValueNet(djambi_config(16, 1)), torch::Device(torch::kCPU));
  save_checkpoint(path, evaluator.net(), 7);
  LoadedCheckpoint loaded = load_checkpoint(path);
  loaded.net->eval();
  const auto obs = observations_of(random_states(DjambiGame(), 3, 7, 2));
  torch::NoGradGuard no_grad;
  const PolicyValueOutput a = evaluator.net()->forward(obs), b = loaded.net->forward(obs);
  EXPECT_TRUE(torch::allclose(a.policy_logits, b.policy_logits, 1e-5, 1e-6));
  EXPECT_TRUE(torch::allclose(a.values, b.values, 1e-5, 1e-6));
}

TEST_F(NetsTest, OptimizerStateRoundTrip) {
  TempDir dir;
  const std::string path = dir.file("opt.ckpt");
  const NetConfig config = tictactoe_config(16, 1);
  const auto obs = observations_of(random_states(TicTacToeGame(), 8, 1, 4));
  PolicyValueNet net(config);
  torch::optim::Adam adam(net->parameters(), torch::optim::AdamOptions(2e-3));
  train_steps(net, adam, obs, 3);
  save_checkpoint(path, net, 3, &adam);

  // A fresh net and optimiser with other weights and another learning rate.
  PolicyValueNet other(config);
  torch::optim::Adam fresh(other->parameters(), torch::optim::AdamOptions(0.5));
  LoadedCheckpoint loaded = load_checkpoint(path, &config, &fresh);
  EXPECT_TRUE(loaded.has_optimizer);
  EXPECT_EQ(loaded.step, 3);
  // LibTorch 1.13 restores the moments but not the group options: the learning rate stays the
  // caller's. Set the saved one so that the continued runs below are comparable.
  auto& options = static_cast<torch::optim::AdamOptions&>(fresh.param_groups()[0].options());
  EXPECT_DOUBLE_EQ(options.lr(), 0.5);
  options.lr(2e-3);

  // The optimiser now steps the loaded net's tensors, with the saved moments.
  const auto params = net->parameters(), loaded_params = loaded.net->parameters();
  ASSERT_EQ(fresh.param_groups()[0].params().size(), loaded_params.size());
  for (size_t k = 0; k < params.size(); ++k) {
    EXPECT_TRUE(fresh.param_groups()[0].params()[k].is_same(loaded_params[k])) << k;
    const auto& s = adam_state(adam, params[k]);
    const auto& t = adam_state(fresh, loaded_params[k]);
    EXPECT_EQ(s.step(), t.step()) << k;
    EXPECT_TRUE(torch::equal(s.exp_avg(), t.exp_avg())) << k;
    EXPECT_TRUE(torch::equal(s.exp_avg_sq(), t.exp_avg_sq())) << k;
  }
  // Training continues identically from the original and from the checkpoint.
  train_steps(net, adam, obs, 2);
  train_steps(loaded.net, fresh, obs, 2);
  for (size_t k = 0; k < params.size(); ++k)
    EXPECT_TRUE(torch::allclose(params[k], loaded_params[k], 1e-6, 1e-7)) << k;
}

// The trainer's optimisers (SGD with Nesterov momentum, AdamW): training resumed from a
// checkpoint continues exactly as the uninterrupted run.
TEST_F(NetsTest, ResumedTrainingMatchesForEachOptimiser) {
  TempDir dir;
  const NetConfig config = tictactoe_config(8, 1);
  const auto obs = observations_of(random_states(TicTacToeGame(), 8, 1, 6));
  using MakeOptimizer = std::function<std::unique_ptr<torch::optim::Optimizer>(PolicyValueNet&)>;
  const std::vector<std::pair<std::string, MakeOptimizer>> makers = {
      {"sgd",
       [](PolicyValueNet& n) {
         return std::make_unique<torch::optim::SGD>(
             n->parameters(), torch::optim::SGDOptions(0.05).momentum(0.9).nesterov(true).weight_decay(1e-4));
       }},
      {"adamw", [](PolicyValueNet& n) {
         return std::make_unique<torch::optim::AdamW>(n->parameters(),
                                                      torch::optim::AdamWOptions(1e-3).weight_decay(1e-2));
       }}};
  for (const auto& [name, make] : makers) {
    SCOPED_TRACE(name);
    const std::string path = dir.file(name + ".ckpt");
    PolicyValueNet net(config);
    auto optimizer = make(net);
    train_steps(net, *optimizer, obs, 3);
    save_checkpoint(path, net, 3, optimizer.get());

    PolicyValueNet other(config);
    auto resumed = make(other);
    LoadedCheckpoint loaded = load_checkpoint(path, &config, resumed.get());
    ASSERT_TRUE(loaded.has_optimizer);
    EXPECT_EQ(resumed->state().size(), optimizer->state().size());
    train_steps(net, *optimizer, obs, 2);
    train_steps(loaded.net, *resumed, obs, 2);
    const auto a = net->parameters(), b = loaded.net->parameters();
    for (size_t k = 0; k < a.size(); ++k) EXPECT_TRUE(torch::allclose(a[k], b[k], 1e-6, 1e-7)) << k;
  }
}

TEST_F(NetsTest, OptimizerGivenButNotSaved) {
  TempDir dir;
  const std::string path = dir.file("noopt.ckpt");
  const NetConfig config = tictactoe_config(8, 1);
  PolicyValueNet net(config);
  save_checkpoint(path, net, 5);
  PolicyValueNet other(config);
  torch::optim::Adam adam(other->parameters(), torch::optim::AdamOptions(1e-3));
  train_steps(other, adam, observations_of(random_states(TicTacToeGame(), 4, 1, 9)), 1);
  ASSERT_FALSE(adam.state().empty());
  LoadedCheckpoint loaded = load_checkpoint(path, &config, &adam);
  EXPECT_FALSE(loaded.has_optimizer);
  EXPECT_TRUE(adam.state().empty());  // the old moments belonged to other tensors
  EXPECT_TRUE(adam.param_groups()[0].params()[0].is_same(loaded.net->parameters()[0]));
}

TEST_F(NetsTest, OptimizerOfAnotherArchitectureIsRejected) {
  TempDir dir;
  const std::string path = dir.file("arch.ckpt");
  PolicyValueNet net(tictactoe_config(8, 1));
  save_checkpoint(path, net, 5);
  PolicyValueNet bigger(tictactoe_config(8, 2));
  torch::optim::Adam adam(bigger->parameters(), torch::optim::AdamOptions(1e-3));
  try {
    load_checkpoint(path, nullptr, &adam);
    FAIL() << "loaded with a mismatched optimiser";
  } catch (const CheckpointError& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
}

TEST_F(NetsTest, OverwriteLeavesALoadableFileAndNoTemporaries) {
  TempDir dir;
  const std::string path = dir.file("net.ckpt");
  const NetConfig config = tictactoe_config(8, 1);
  PolicyValueNet first(config), second(config);
  save_checkpoint(path, first, 1);
  save_checkpoint(path, second, 2);
  LoadedCheckpoint loaded = load_checkpoint(path, &config);
  EXPECT_EQ(loaded.step, 2);
  expect_same_tensors(*second, *loaded.net);
  EXPECT_EQ(files_in(dir.path()), std::vector<fs::path>{"net.ckpt"});
}

// A save that fails (here: the disk is "full" halfway through the file) throws naming the path,
// and the previous checkpoint is untouched and no temporary is left.
TEST_F(NetsTest, FailedSaveKeepsThePreviousCheckpoint) {
  TempDir dir;
  const std::string path = dir.file("net.ckpt");
  const NetConfig config = tictactoe_config(8, 1);
  PolicyValueNet first(config), second(config);
  save_checkpoint(path, first, 1);
  const auto size = fs::file_size(path);
  {
    test::FileSizeLimit limit(size / 2);
    try {
      save_checkpoint(path, second, 2);
      ADD_FAILURE() << "a save past the file size limit succeeded";
    } catch (const CheckpointError& e) {
      EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(load_checkpoint(path, &config).step, 1);
  expect_same_tensors(*first, *load_checkpoint(path, &config).net);
  EXPECT_EQ(files_in(dir.path()), std::vector<fs::path>{"net.ckpt"});
}

// ---- rejected files ----

// Loading `path` (and reading its config, unless that is expected to work) throws
// CheckpointError naming the path and `also`.
void expect_rejected(const std::string& path, const NetConfig* expected, const std::string& also = "",
                     bool config_readable = false) {
  for (int read_config_only = 0; read_config_only < 2; ++read_config_only) {
    if (read_config_only && (expected || config_readable)) continue;
    try {
      if (read_config_only)
        read_checkpoint_config(path);
      else
        load_checkpoint(path, expected);
      ADD_FAILURE() << "accepted " << path;
    } catch (const CheckpointError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(path), std::string::npos) << what;
      EXPECT_NE(what.find(also), std::string::npos) << "'" << also << "' not in: " << what;
      EXPECT_LT(what.size(), 2000u) << "no backtraces in messages: " << what;
    }
  }
}

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST_F(NetsTest, RejectsTruncatedFiles) {
  TempDir dir;
  const std::string good = dir.file("good.ckpt");
  const NetConfig config = djambi_config(16, 1);
  PolicyValueNet net(config);
  save_checkpoint(good, net, 1);
  const std::string bytes = read_bytes(good);
  ASSERT_GT(bytes.size(), 1000u);
  for (double fraction : {0.5, 0.01, 0.9, 0.999}) {
    const std::string path = dir.file("cut_" + std::to_string(static_cast<int>(fraction * 1000)) + ".ckpt");
    write_bytes(path, bytes.substr(0, static_cast<size_t>(fraction * static_cast<double>(bytes.size()))));
    SCOPED_TRACE(path);
    expect_rejected(path, nullptr);
    expect_rejected(path, &config);
  }
}

TEST_F(NetsTest, RejectsRandomBytesAndEmptyFiles) {
  TempDir dir;
  std::mt19937 rng(99);
  std::string noise(4096, '\0');
  for (char& c : noise) c = static_cast<char>(rng());
  const std::string random_path = dir.file("random.ckpt");
  write_bytes(random_path, noise);
  expect_rejected(random_path, nullptr);

  const std::string empty_path = dir.file("empty.ckpt");
  write_bytes(empty_path, "");
  expect_rejected(empty_path, nullptr, "empty");
}

TEST_F(NetsTest, RejectsMissingPathsAndDirectories) {
  TempDir dir;
  expect_rejected(dir.file("no_such.ckpt"), nullptr, "No such file");
  expect_rejected(dir.path().string(), nullptr, "not a regular file");
}

TEST_F(NetsTest, RejectsAnotherArchitecture) {
  TempDir dir;
  const std::string path = dir.file("wide.ckpt");
  PolicyValueNet wide(djambi_config(32, 1));
  save_checkpoint(path, wide, 1);
  const NetConfig expected = djambi_config(16, 1);
  expect_rejected(path, &expected, wide->config.describe());
  expect_rejected(path, &expected, expected.describe());
  EXPECT_NO_THROW(load_checkpoint(path));  // without expectations it is a fine checkpoint
}

TEST_F(NetsTest, RejectsAnotherGame) {
  TempDir dir;
  const std::string path = dir.file("ttt.ckpt");
  PolicyValueNet ttt(tictactoe_config(16, 1));
  save_checkpoint(path, ttt, 1);
  const NetConfig expected = djambi_config(16, 1);
  expect_rejected(path, &expected, "game=tictactoe");
  expect_rejected(path, &expected, "game=djambi");
}

TEST_F(NetsTest, RejectsForeignArchivesAndOtherVersions) {
  TempDir dir;
  // A plain LibTorch file: a valid zip, not sealed.
  const std::string tensor_path = dir.file("tensor.pt");
  torch::save(torch::ones({3, 3}), tensor_path);
  expect_rejected(tensor_path, nullptr, "not a djambi-zero checkpoint");

  // Sealed, but without the checkpoint's entries.
  const std::string other_path = dir.file("other.ckpt");
  torch::serialize::OutputArchive other;
  other.write("hello", c10::IValue(int64_t{1}));
  write_checkpoint_archive(other, other_path);
  expect_rejected(other_path, nullptr, "format_version");

  // A format from the future.
  const std::string future_path = dir.file("future.ckpt");
  torch::serialize::OutputArchive future;
  future.write("format_version", c10::IValue(int64_t{kCheckpointFormatVersion + 1}));
  write_checkpoint_archive(future, future_path);
  expect_rejected(future_path, nullptr, "format version " + std::to_string(kCheckpointFormatVersion + 1));
}

// Flipped bytes anywhere (tensor data, the deflated TorchScript code records, zip headers, the
// seal) are caught by the seal. Without it, LibTorch 1.13 loads corrupted tensors silently and
// segfaults on some corrupted code records.
TEST_F(NetsTest, RejectsCorruptedBytes) {
  TempDir dir;
  const std::string good = dir.file("good.ckpt");
  PolicyValueNet net(tictactoe_config(8, 1));
  save_checkpoint(good, net, 1);
  const std::string bytes = read_bytes(good);
  std::vector<size_t> positions = {0, 100, bytes.size() / 3, bytes.size() / 2, bytes.size() - 30,
                                   bytes.size() - 1};
  const size_t code = bytes.find("archive/code/__torch__");
  ASSERT_NE(code, std::string::npos);
  positions.push_back(code + 80);  // past the local header's name: compressed code bytes
  for (size_t pos : positions) {
    std::string bad = bytes;
    bad[pos] = static_cast<char>(bad[pos] ^ 0x5a);
    const std::string path = dir.file("flip_" + std::to_string(pos) + ".ckpt");
    write_bytes(path, bad);
    SCOPED_TRACE(path);
    expect_rejected(path, nullptr);
  }
  // The untouched file still loads.
  EXPECT_EQ(load_checkpoint(good).step, 1);
}

// A checkpoint holding `config` and the tensors of `model` (a doctored file when they differ), in
// the format of before the auxiliary head unless `with_aux`.
void write_doctored(const std::string& path, const NetConfig& c, PolicyValueNet& model, bool with_aux = false) {
  torch::serialize::OutputArchive archive, config, weights;
  config.write("game", c10::IValue(c.game));
  config.write("variants", c10::IValue(c.variants));
  const std::vector<std::pair<const char*, int>> fields = {
      {"input_channels", c.input_channels}, {"board_height", c.board_height},
      {"board_width", c.board_width},       {"num_actions", c.num_actions},
      {"num_players", c.num_players},       {"channels", c.channels},
      {"blocks", c.blocks},                 {"policy_channels", c.policy_channels},
      {"value_channels", c.value_channels}, {"value_hidden", c.value_hidden}};
  for (const auto& [key, value] : fields) config.write(key, c10::IValue(int64_t{value}));
  if (with_aux) config.write("aux_outputs", c10::IValue(int64_t{c.aux_outputs}));
  model->save(weights);
  archive.write("format_version", c10::IValue(int64_t{kCheckpointFormatVersion}));
  archive.write("step", c10::IValue(int64_t{1}));
  archive.write("config", config);
  archive.write("model", weights);
  write_checkpoint_archive(archive, path);
}

// The auxiliary head round-trips; a file of before it (no aux_outputs entry: written here as
// write_doctored does) loads as a network without one; aux_outputs other than 0 or twice the
// players is refused.
TEST_F(NetsTest, TheAuxiliaryHeadRoundTripsAndOlderFilesLoadWithoutIt) {
  TempDir dir;
  NetConfig config = djambi_config(16, 1);
  config.aux_outputs = 2 * config.num_players;
  PolicyValueNet net(config);
  net->eval();
  const std::string path = dir.file("aux.ckpt");
  save_checkpoint(path, net, 3);
  LoadedCheckpoint loaded = load_checkpoint(path, &config);
  loaded.net->eval();
  torch::NoGradGuard no_grad;
  const auto obs = observations_of(random_states(DjambiGame(), 3, 4, 5));
  const PolicyValueOutput a = net->forward(obs), b = loaded.net->forward(obs);
  ASSERT_TRUE(b.aux_logits.defined());
  EXPECT_EQ(b.aux_logits.size(1), 8);
  EXPECT_TRUE(torch::equal(a.aux_logits, b.aux_logits));

  const NetConfig plain = djambi_config(16, 1);
  PolicyValueNet old(plain);
  const std::string old_path = dir.file("old.ckpt");
  write_doctored(old_path, plain, old);
  EXPECT_EQ(read_checkpoint_config(old_path).aux_outputs, 0);
  EXPECT_FALSE(load_checkpoint(old_path, &plain).net->forward(obs).aux_logits.defined());
  expect_rejected(old_path, &config, "aux_outputs=8", /*config_readable=*/true);  // another architecture

  NetConfig odd = config;
  odd.aux_outputs = 3;
  const std::string odd_path = dir.file("odd.ckpt");
  write_doctored(odd_path, odd, net, /*with_aux=*/true);
  expect_rejected(odd_path, nullptr, "'aux_outputs' is neither 0 nor twice the players");
}

// A checkpoint whose config does not describe its tensors (a doctored file): the config says 16
// channels, the weights are of a 32-channel net.
TEST_F(NetsTest, RejectsTensorsThatDoNotMatchTheConfig) {
  TempDir dir;
  const std::string path = dir.file("doctored.ckpt");
  const NetConfig c = tictactoe_config(16, 1);
  PolicyValueNet wide(tictactoe_config(32, 1));
  write_doctored(path, c, wide);
  EXPECT_TRUE(read_checkpoint_config(path).same_architecture(c));  // the config alone is fine
  expect_rejected(path, nullptr, "stem.weight", /*config_readable=*/true);
}

// A small file whose config claims a huge net (4,096 channels: gigabytes) is refused from its
// size, before the net is built.
TEST_F(NetsTest, RejectsAConfigLargerThanTheFileBeforeBuildingTheNet) {
  TempDir dir;
  const std::string path = dir.file("huge.ckpt");
  PolicyValueNet small(tictactoe_config(16, 1));
  write_doctored(path, tictactoe_config(4096, 8), small);
  expect_rejected(path, nullptr, "tensor elements, more than its", /*config_readable=*/true);
}

}  // namespace
}  // namespace djambi::nets_test
