// The byte form of samples (train/sample_codec.h): what is written reads back the same, and a
// short or inconsistent buffer is refused with the reader's name.
#include "train/sample_codec.h"

#include <gtest/gtest.h>

#include "env/tictactoe/game.h"

namespace djambi {
namespace {

// A mid-game tic-tac-toe sample with a two-action policy and values of both players.
Sample tictactoe_sample() {
  TicTacToeGame game;
  auto state = game.new_initial_state();
  state->apply_action(4);
  state->apply_action(0);
  Sample s = encode_sample(*state, {{2, 0.25f}, {8, 0.75f}});
  const float returns[2] = {1.0f, -1.0f};
  set_value_target(s, returns, 2, state->current_player());
  return s;
}

TEST(SampleCodec, WhatIsWrittenReadsBackTheSame) {
  TicTacToeGame game;
  const Sample a = tictactoe_sample();
  Sample other = a;
  other.policy = {{1, 1.0f}};
  const Sample& b = other;
  std::string bytes;
  append_sample(bytes, a);
  append_sample(bytes, b);
  ByteReader in{bytes, "test bytes"};
  for (const Sample* expected : {&a, &b}) {
    const Sample got = read_sample(in, sample_shape_of(game));
    EXPECT_EQ(got.observation, expected->observation);
    EXPECT_EQ(got.legal, expected->legal);
    EXPECT_EQ(got.policy, expected->policy);
    EXPECT_EQ(got.value, expected->value);
  }
  EXPECT_TRUE(in.done());
}

TEST(SampleCodec, ATruncatedBufferIsRefusedByName) {
  TicTacToeGame game;
  std::string bytes;
  append_sample(bytes, tictactoe_sample());
  for (size_t cut : {size_t{0}, size_t{1}, bytes.size() / 2, bytes.size() - 1}) {
    const std::string shorter = bytes.substr(0, cut);
    ByteReader in{shorter, "replay chunk 'x'"};
    try {
      read_sample(in, sample_shape_of(game));
      FAIL() << "read " << cut << " of " << bytes.size() << " bytes";
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find("replay chunk 'x'"), std::string::npos) << e.what();
    }
  }
}

TEST(SampleCodec, APolicyLongerThanTheActionSpaceIsRefused) {
  TicTacToeGame game;
  Sample s = tictactoe_sample();
  s.policy.assign(10, {0, 0.1f});  // tic-tac-toe has 9 actions
  std::string bytes;
  append_sample(bytes, s);
  ByteReader in{bytes, "actor message"};
  EXPECT_THROW(read_sample(in, sample_shape_of(game)), std::runtime_error);
}

}  // namespace
}  // namespace djambi
