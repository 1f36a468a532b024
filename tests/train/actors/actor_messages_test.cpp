// The actor's round as bytes: what is encoded decodes to the same games, samples and counts;
// a cut, foreign, corrupt or overlong message is refused.
#include "train/actors/actor_messages.h"

#include <gtest/gtest.h>

#include "env/game_record.h"
#include "env/tictactoe/game.h"
#include "tests/train/run_test_util.h"

namespace djambi {
namespace {

struct ActorMessages : ::testing::Test {
  ActorMessages() : tmp("actor_messages") {
    TrainConfig config = load_train_config(std::string(DJAMBI_SOURCE_DIR) + "/configs/tictactoe.yaml");
    apply_overrides(config, {"selfplay.games=4", "mcts.sims=8"});
    const NetConfig net_config = net_config_for(*game, "small");
    PolicyValueNet net(net_config);
    Actor actor(game, config, net_config, torch::kCPU, RunDir(tmp.file("run")), {3, &net}, 5);
    while (round.games.size() < 2) {
      ActorRound next = actor.play();
      for (FinishedGame& g : next.games) round.games.push_back(std::move(g));
    }
    round.weights_version = 3;
    round.games.front().imitation_samples = 2;
    round.games.front().taught_samples = 5;
    round.search = {1.5, 0.25, 1000, 600};
  }
  train_test::TempDir tmp;
  std::shared_ptr<const Game> game = std::make_shared<TicTacToeGame>();
  SampleShape shape = sample_shape_of(*game);
  ActorRound round;
};

TEST_F(ActorMessages, RoundTrip) {
  const ActorRound back = decode_actor_round(encode_actor_round(round, shape), shape);
  EXPECT_EQ(back.weights_version, 3);
  EXPECT_EQ(back.search.tree_seconds, 1.5);
  EXPECT_EQ(back.search.network_seconds, 0.25);
  EXPECT_EQ(back.search.positions, 1000);
  EXPECT_EQ(back.search.network_positions, 600);
  EXPECT_DOUBLE_EQ(back.search.cache_hit_rate(), 0.4);
  ASSERT_EQ(back.games.size(), round.games.size());
  for (size_t k = 0; k < round.games.size(); ++k) {
    const FinishedGame &a = round.games[k], &b = back.games[k];
    EXPECT_EQ(format_record(b.record), format_record(a.record));
    EXPECT_EQ(b.outcome.ranks, a.outcome.ranks);
    EXPECT_EQ(b.outcome.returns, a.outcome.returns);
    EXPECT_EQ(b.outcome.winner, a.outcome.winner);
    EXPECT_EQ(b.outcome.finished, a.outcome.finished);
    EXPECT_EQ(b.network_seats, a.network_seats);
    EXPECT_EQ(b.decisions, a.decisions);
    EXPECT_EQ(b.forced_decisions, a.forced_decisions);
    EXPECT_EQ(b.imitation_samples, a.imitation_samples);
    EXPECT_EQ(b.taught_samples, a.taught_samples);
    ASSERT_EQ(b.samples.size(), a.samples.size());
    ASSERT_FALSE(a.samples.empty());
    for (size_t i = 0; i < a.samples.size(); ++i) {
      EXPECT_EQ(b.samples[i].observation, a.samples[i].observation);
      EXPECT_EQ(b.samples[i].legal, a.samples[i].legal);
      EXPECT_EQ(b.samples[i].policy, a.samples[i].policy);
      EXPECT_EQ(b.samples[i].value, a.samples[i].value);
    }
  }
}

TEST_F(ActorMessages, BadBytesAreRefused) {
  const std::string bytes = encode_actor_round(round, shape);
  for (size_t cut : {size_t(0), size_t(3), size_t(20), bytes.size() / 2, bytes.size() - 1})
    EXPECT_THROW(decode_actor_round(bytes.substr(0, cut), shape), std::runtime_error) << cut;
  EXPECT_THROW(decode_actor_round(bytes + "x", shape), std::runtime_error);
  std::string foreign = bytes;
  foreign[0] = 'X';
  EXPECT_THROW(decode_actor_round(foreign, shape), std::runtime_error);
  SampleShape other = shape;
  other.num_actions += 1;
  EXPECT_THROW(decode_actor_round(bytes, other), std::runtime_error);
  // A sample count far beyond the bytes: refused before anything is reserved.
  std::string huge = bytes;
  const std::string record = format_record(round.games[0].record);
  // magic, version, shape, weights version, search totals, games, record, ..., the game's four counts
  const size_t count_at = 4 + 4 + 12 + 8 + 32 + 4 + 8 + record.size() + 1 + 4 + 4 + 2 * (4 + 4 + 1) + 16;
  const uint32_t many = 0xFFFFFFF0u;
  std::memcpy(&huge[count_at], &many, sizeof many);
  EXPECT_THROW(decode_actor_round(huge, shape), std::runtime_error);
}

// The weights travel with their version; the copy computes what the original does; a cut or
// foreign message, or one of another architecture, leaves the receiving network as it was.
TEST_F(ActorMessages, WeightsRoundTrip) {
  const NetConfig config = net_config_for(*game, "small");
  PolicyValueNet sent(config), received(config);
  const torch::Tensor x = torch::rand({3, game->observation_shape().channels, 3, 3});
  sent->eval();
  received->eval();
  const std::string bytes = encode_weights(sent, 42);
  torch::NoGradGuard no_grad;
  const torch::Tensor before = received->forward(x).values.clone();
  EXPECT_THROW(decode_weights(bytes.substr(0, bytes.size() / 2), received), std::runtime_error);
  std::string flipped = bytes;
  flipped[bytes.size() / 2] ^= 0x5a;
  EXPECT_THROW(decode_weights(flipped, received), std::runtime_error);
  NetConfig bigger = config;
  bigger.channels *= 2;
  EXPECT_THROW(decode_weights(encode_weights(PolicyValueNet(bigger), 1), received), std::runtime_error);
  EXPECT_TRUE(torch::equal(received->forward(x).values, before));
  EXPECT_EQ(decode_weights(bytes, received), 42);
  EXPECT_TRUE(torch::allclose(received->forward(x).values, sent->forward(x).values));
}

// The learner's answer and hello to a remote actor come back as they went; anything else is
// refused.
TEST_F(ActorMessages, ControlAndHelloRoundTrip) {
  ActorControl control;
  control.opponent_games = 0.375;
  control.checkpoints = 7;
  ActorControl back = decode_actor_control(encode_actor_control(control));
  EXPECT_EQ(back.opponent_games, 0.375);
  EXPECT_EQ(back.checkpoints, 7);
  EXPECT_FALSE(back.stop);
  control.stop = true;
  EXPECT_TRUE(decode_actor_control(encode_actor_control(control)).stop);

  ActorHello hello{"game:\n  name: tictactoe\n", "runs/x", 12345, "weights bytes"};
  const ActorHello hello_back = decode_actor_hello(encode_actor_hello(hello));
  EXPECT_EQ(hello_back.config_yaml, hello.config_yaml);
  EXPECT_EQ(hello_back.run_dir, "runs/x");
  EXPECT_EQ(hello_back.seed, 12345u);
  EXPECT_EQ(hello_back.weights, "weights bytes");

  const std::string bytes = encode_actor_control(control);
  for (size_t cut = 0; cut < bytes.size(); ++cut) EXPECT_THROW(decode_actor_control(bytes.substr(0, cut)), std::runtime_error);
  EXPECT_THROW(decode_actor_control(bytes + "x"), std::runtime_error);
  EXPECT_THROW(decode_actor_hello(bytes), std::runtime_error);  // a control is not a hello
  EXPECT_THROW(decode_actor_control(encode_actor_hello(hello)), std::runtime_error);
  control.opponent_games = 1.5;
  EXPECT_THROW(decode_actor_control(encode_actor_control(control)), std::runtime_error);
}

}  // namespace
}  // namespace djambi
