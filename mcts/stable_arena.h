#pragma once
// Storage whose elements never move: threads may read and write elements while another thread
// appends (the search tree's nodes under search_tree_parallel); a std::vector would move them
// when it grows. Block b holds kFirstBlock << b elements, so that, as in a vector, at most half
// of the memory is spare; the block table is fixed, so that finding an element takes no lock.
#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <new>
#include <stdexcept>
#include <type_traits>

namespace djambi {

template <typename T>
class StableArena {
  // Blocks are raw memory, constructed range by range and never destroyed element by element.
  static_assert(std::is_trivially_destructible_v<T>);

 public:
  StableArena() = default;
  StableArena(StableArena&& other) noexcept { *this = std::move(other); }
  // Not thread-safe (the mutex guards appends, not the arena itself).
  StableArena& operator=(StableArena&& other) noexcept {
    blocks_ = std::move(other.blocks_);
    size_ = other.size_;
    other.size_ = 0;
    return *this;
  }

  T& operator[](int32_t i) { return blocks_[block_of(i)].get()[i - start_of(block_of(i))]; }
  const T& operator[](int32_t i) const { return blocks_[block_of(i)].get()[i - start_of(block_of(i))]; }

  // Appends `n` default-constructed elements, contiguous in memory, and returns the index of the
  // first. Thread-safe against other appends and against access to elements appended before.
  int32_t append(int32_t n) {
    std::lock_guard<std::mutex> lock(mutex_);
    int64_t first = size_;
    int b = first < start_of(kBlocks) ? block_of(static_cast<int32_t>(first)) : kBlocks;
    // A range never straddles two blocks: skip to the first block that has room for all of it.
    while (b < kBlocks && first + n > start_of(b + 1)) {
      ++b;
      first = start_of(b);
    }
    if (b == kBlocks) throw std::length_error("the search tree is full (2^31 nodes)");
    if (!blocks_[b]) blocks_[b].reset(static_cast<T*>(::operator new(sizeof(T) * size_of(b))));
    T* at = blocks_[b].get() + (first - start_of(b));
    for (int32_t k = 0; k < n; ++k) new (at + k) T();
    size_ = first + n;
    return static_cast<int32_t>(first);
  }

 private:
  static constexpr int kFirstBits = 8;  // the first block holds 256 elements
  static constexpr int kBlocks = 23;    // 256 * (2^23 - 1) < 2^31: every index is an int32_t

  static int64_t start_of(int b) { return ((int64_t{1} << b) - 1) << kFirstBits; }
  static int64_t size_of(int b) { return int64_t{1} << (b + kFirstBits); }
  // The b with start_of(b) <= i < start_of(b + 1): i / 256 + 1 has its highest bit at b.
  static int block_of(int32_t i) { return 31 - __builtin_clz((static_cast<uint32_t>(i) >> kFirstBits) + 1); }

  struct Free {
    void operator()(T* p) const { ::operator delete(p); }
  };
  std::array<std::unique_ptr<T, Free>, kBlocks> blocks_;
  int64_t size_ = 0;  // elements appended, skipped ends of blocks included
  std::mutex mutex_;
};

}  // namespace djambi
