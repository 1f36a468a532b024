#pragma once
// The most recent `window` samples, drawn uniformly for training, and persisted in chunk files
// (replay/chunk-<N>.bin, written atomically through env/io/atomic_file.h) so that a resumed run
// starts with its buffer.
#include <deque>
#include <random>
#include <string>
#include <vector>

#include "train/sample.h"
#include "train/sample_codec.h"

namespace djambi {

class ReplayBuffer {
 public:
  ReplayBuffer(size_t window, SampleShape shape);

  void add(Sample sample);
  size_t size() const { return samples_.size(); }
  uint64_t total_added() const { return total_added_; }
  const SampleShape& shape() const { return shape_; }
  // `n` samples drawn uniformly with replacement.
  std::vector<const Sample*> draw(size_t n, std::mt19937_64& rng) const;

  // Writes the samples added since the last flush to `dir` as one chunk; deletes chunks whose
  // samples have all left the window. Does nothing if there is nothing new.
  void flush(const std::string& dir);
  // Reads the newest chunks of `dir` (up to the window). Throws std::runtime_error naming a
  // chunk that is corrupt or of another shape.
  void load(const std::string& dir);

 private:
  size_t window_;
  SampleShape shape_;
  std::deque<Sample> samples_;
  uint64_t total_added_ = 0;
  size_t unflushed_ = 0;
};

}  // namespace djambi
