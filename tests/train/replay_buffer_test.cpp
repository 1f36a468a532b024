// The replay buffer (train/replay_buffer.h): its window, its chunks on disk (flushed, reloaded,
// deleted once out of the window) and the chunks it refuses.
#include "train/replay_buffer.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <set>

#include "env/tictactoe/game.h"
#include "tests/temp_dir.h"

namespace djambi {
namespace {

namespace fs = std::filesystem;

// Sample number `i`: told apart by its policy's action and value.
Sample numbered_sample(int i) {
  TicTacToeGame game;
  Sample s = encode_sample(*game.new_initial_state(), {{i % 9, 1.0f}});
  const float returns[2] = {static_cast<float>(i), -static_cast<float>(i)};
  set_value_target(s, returns, 2, 0);
  return s;
}

std::set<float> numbers_in(const ReplayBuffer& buffer) {
  std::mt19937_64 rng(3);
  std::set<float> out;
  for (const Sample* s : buffer.draw(2000, rng)) out.insert(s->value[0]);
  return out;
}

size_t chunks_in(const fs::path& dir) {
  size_t n = 0;
  for (const auto& entry : fs::directory_iterator(dir)) n += entry.path().extension() == ".bin";
  return n;
}

SampleShape tictactoe_shape() { return sample_shape_of(TicTacToeGame()); }

TEST(ReplayBuffer, KeepsTheNewestWindowAndDrawsFromAllOfIt) {
  ReplayBuffer buffer(5, tictactoe_shape());
  std::mt19937_64 rng(1);
  EXPECT_TRUE(buffer.draw(4, rng).empty());
  for (int i = 0; i < 8; ++i) buffer.add(numbered_sample(i));
  EXPECT_EQ(buffer.size(), 5u);
  EXPECT_EQ(buffer.total_added(), 8u);
  EXPECT_EQ(numbers_in(buffer), (std::set<float>{3, 4, 5, 6, 7}));
  EXPECT_EQ(buffer.draw(7, rng).size(), 7u);  // with replacement
}

// Sample `i` of input `input` (its observation's first byte).
Sample sample_of_input(int i, uint8_t input) {
  Sample s = numbered_sample(i);
  s.observation[0] = input;
  return s;
}

TEST(ReplayBuffer, DistinctDropsASampleWhoseInputIsInTheWindowAlready) {
  test::TempDir dir("replay");
  ReplayBuffer buffer(3, tictactoe_shape(), true);
  EXPECT_TRUE(buffer.add(sample_of_input(0, 1)));
  EXPECT_TRUE(buffer.add(sample_of_input(1, 2)));
  EXPECT_FALSE(buffer.add(sample_of_input(2, 1)));  // input 1 is in the window
  EXPECT_EQ(buffer.size(), 2u);
  EXPECT_EQ(numbers_in(buffer), (std::set<float>{0, 1}));
  EXPECT_TRUE(buffer.add(sample_of_input(3, 3)));
  EXPECT_TRUE(buffer.add(sample_of_input(4, 4)));  // input 1 leaves the window
  EXPECT_TRUE(buffer.add(sample_of_input(5, 1)));
  EXPECT_EQ(numbers_in(buffer), (std::set<float>{3, 4, 5}));
  EXPECT_EQ(buffer.total_added(), 5u);
  // A resumed buffer knows the inputs of the window it loads.
  buffer.flush(dir.path().string());
  ReplayBuffer resumed(3, tictactoe_shape(), true);
  resumed.load(dir.path().string());
  EXPECT_FALSE(resumed.add(sample_of_input(6, 4)));
  EXPECT_TRUE(resumed.add(sample_of_input(7, 2)));
  // Without distinct, every sample is kept.
  ReplayBuffer all(3, tictactoe_shape());
  EXPECT_TRUE(all.add(sample_of_input(0, 1)));
  EXPECT_TRUE(all.add(sample_of_input(1, 1)));
  EXPECT_EQ(all.size(), 2u);
}

TEST(ReplayBuffer, FlushedChunksReloadAndOldOnesAreDeleted) {
  test::TempDir dir("replay");
  const std::string path = dir.path().string();
  ReplayBuffer buffer(4, tictactoe_shape());
  for (int i = 0; i < 3; ++i) buffer.add(numbered_sample(i));
  buffer.flush(path);
  buffer.flush(path);  // nothing new: no second chunk
  EXPECT_EQ(chunks_in(path), 1u);
  for (int i = 3; i < 6; ++i) buffer.add(numbered_sample(i));
  buffer.flush(path);
  EXPECT_EQ(chunks_in(path), 2u);  // the first still holds sample 2, in the window
  for (int i = 6; i < 10; ++i) buffer.add(numbered_sample(i));
  buffer.flush(path);
  EXPECT_EQ(chunks_in(path), 1u);  // samples 6..9 fill the window: both older chunks go

  ReplayBuffer reloaded(4, tictactoe_shape());
  reloaded.load(path);
  EXPECT_EQ(reloaded.size(), 4u);
  EXPECT_EQ(reloaded.total_added(), 10u);
  EXPECT_EQ(numbers_in(reloaded), numbers_in(buffer));

  // A smaller window takes only the newest samples of the chunks.
  ReplayBuffer smaller(2, tictactoe_shape());
  smaller.load(path);
  EXPECT_EQ(numbers_in(smaller), (std::set<float>{8, 9}));
}

TEST(ReplayBuffer, ReadsTheChunksOfFormatOneWithoutAuxiliaryTargets) {
  test::TempDir dir("replay");
  const std::string path = dir.path().string();
  ReplayBuffer buffer(4, tictactoe_shape());
  for (int i = 0; i < 2; ++i) buffer.add(numbered_sample(i));
  buffer.flush(path);
  // The same chunk in format 1: version 1 and no auxiliary count after each sample's values.
  const fs::path chunk = fs::directory_iterator(path)->path();
  std::ifstream in(chunk, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  in.close();
  const size_t header = 4 + 5 * sizeof(uint32_t), sample = (bytes.size() - header - 4) / 2;
  std::string old = bytes.substr(0, header);
  old[4] = 1;  // the version, little-endian
  for (int k = 0; k < 2; ++k) old += bytes.substr(header + k * sample, sample - sizeof(uint32_t));
  old += "END!";
  std::ofstream(chunk, std::ios::binary | std::ios::trunc) << old;
  ReplayBuffer reloaded(4, tictactoe_shape());
  reloaded.load(path);
  EXPECT_EQ(numbers_in(reloaded), (std::set<float>{0, 1}));
}

TEST(ReplayBuffer, RefusesACorruptChunkOrOneOfAnotherGame) {
  test::TempDir dir("replay");
  const std::string path = dir.path().string();
  ReplayBuffer buffer(4, tictactoe_shape());
  buffer.add(numbered_sample(1));
  buffer.flush(path);
  SampleShape other = tictactoe_shape();
  other.num_actions += 1;
  EXPECT_THROW(ReplayBuffer(4, other).load(path), std::runtime_error);

  const fs::path chunk = fs::directory_iterator(path)->path();
  fs::resize_file(chunk, fs::file_size(chunk) - 3);
  try {
    ReplayBuffer(4, tictactoe_shape()).load(path);
    FAIL() << "a truncated chunk loaded";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(chunk.filename().string()), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace djambi
