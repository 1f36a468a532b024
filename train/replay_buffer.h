#pragma once
// The most recent `window` samples, drawn uniformly for training, and persisted in chunk files
// (replay/chunk-<N>.bin, written atomically through env/io/atomic_file.h) so that a resumed run
// starts with its buffer.
#include <deque>
#include <unordered_map>
#include <random>
#include <string>
#include <vector>

#include "train/sample.h"
#include "train/sample_codec.h"

namespace djambi {

class ReplayBuffer {
 public:
  // distinct: a sample whose observation equals one in the window is dropped (one label per
  // position seen by the learner: the learned evaluation's interior samples, replay.distinct).
  ReplayBuffer(size_t window, SampleShape shape, bool distinct = false);

  // False when the sample was dropped as a duplicate.
  bool add(Sample sample);
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
  bool distinct_;
  std::deque<uint64_t> keys_;                     // with distinct_: each sample's observation hash
  std::unordered_map<uint64_t, uint32_t> in_window_;  // ... and how many samples in the window have it
  uint64_t total_added_ = 0;
  size_t unflushed_ = 0;
};

}  // namespace djambi
