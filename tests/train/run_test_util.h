#pragma once
// Shared by the resume tests: the settings of a tiny tic-tac-toe run
// (a few seconds on 2 cores), as --set assignments.
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "tests/temp_dir.h"

namespace djambi::train_test {

using test::TempDir;  // tests/temp_dir.h

inline std::vector<std::string> tiny_run_settings(int max_steps, int checkpoint_every_steps) {
  return {"mcts.sims=8",
          "selfplay.games=16",
          "replay.min_samples=64",
          "replay.flush_every_games=16",
          "learner.batch_size=32",
          "learner.train_ratio=1",
          "learner.max_minutes=0",
          "learner.max_steps=" + std::to_string(max_steps),
          "run.checkpoint_every_steps=" + std::to_string(checkpoint_every_steps),
          "run.keep_checkpoints=3",
          "evaluation.every_steps=0",
          "evaluation.games=2",
          "evaluation.sims=8",
          "evaluation.opponents=[random]"};
}

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

inline void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

}  // namespace djambi::train_test
