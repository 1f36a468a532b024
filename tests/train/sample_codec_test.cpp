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
  const float later[2] = {0.5f, 0.25f}, end[2] = {0.125f, 1.0f};
  set_aux_target(s, later, end, 2, state->current_player());
  return s;
}

TEST(SampleCodec, WhatIsWrittenReadsBackTheSame) {
  TicTacToeGame game;
  const Sample a = tictactoe_sample();
  Sample other = a;
  other.policy = {{1, 1.0f}};
  other.aux.clear();  // a sample without auxiliary targets beside one with them
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
    EXPECT_EQ(got.aux, expected->aux);
  }
  EXPECT_TRUE(in.done());
}

TEST(SampleCodec, AuxiliaryTargetsFollowTheSeatToAct) {
  const Sample s = tictactoe_sample();  // two moves made: the first player (seat 0) is to act
  EXPECT_EQ(s.aux, (std::vector<float>{0.5f, 0.25f, 0.125f, 1.0f}));
  Sample other = s;
  const float later[2] = {0.5f, 0.25f}, end[2] = {0.125f, 1.0f};
  set_aux_target(other, later, end, 2, 1);
  EXPECT_EQ(other.aux, (std::vector<float>{0.25f, 0.5f, 1.0f, 0.125f}));
}

TEST(SampleCodec, FormatOneHasNoAuxiliaryTargetsAndABadCountIsRefused) {
  TicTacToeGame game;
  Sample s = tictactoe_sample();
  std::string bytes;
  append_sample(bytes, s);
  // Format 1 ended at the values: the same bytes without the count and the targets.
  const std::string format_one = bytes.substr(0, bytes.size() - sizeof(uint32_t) - 4 * sizeof(float));
  ByteReader old{format_one, "replay chunk 'old'"};
  const Sample got = read_sample(old, sample_shape_of(game), false);
  EXPECT_TRUE(old.done());
  EXPECT_EQ(got.value, s.value);
  EXPECT_TRUE(got.aux.empty());
  s.aux.resize(3);  // neither none nor twice the players
  std::string bad;
  append_sample(bad, s);
  ByteReader in{bad, "actor message"};
  EXPECT_THROW(read_sample(in, sample_shape_of(game)), std::runtime_error);
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
