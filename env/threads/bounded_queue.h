#pragma once
// The project's one hand-over point between threads: a FIFO of at most `capacity` items that
// producers and consumers block on, and that close() ends. After close() no item is taken in,
// push() answers false at once, and pops hand out what is left, then answer nothing, so that
// a worker's loop `while (auto item = queue.pop())` ends once the queue is closed and drained.
// (tbb::concurrent_bounded_queue has no timed pop, which batching needs.)
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <limits>
#include <mutex>
#include <optional>
#include <utility>

namespace djambi {

template <class T>
class BoundedQueue {
 public:
  explicit BoundedQueue(size_t capacity = std::numeric_limits<size_t>::max()) : capacity_(capacity ? capacity : 1) {}
  BoundedQueue(const BoundedQueue&) = delete;
  BoundedQueue& operator=(const BoundedQueue&) = delete;

  // Waits for room; false (and `item` dropped) once the queue is closed.
  bool push(T item) {
    std::unique_lock<std::mutex> lock(mutex_);
    room_.wait(lock, [&] { return closed_ || items_.size() < capacity_; });
    if (closed_) return false;
    items_.push_back(std::move(item));
    lock.unlock();
    ready_.notify_one();
    return true;
  }

  // Waits for an item; nothing once the queue is closed and empty.
  std::optional<T> pop() {
    std::unique_lock<std::mutex> lock(mutex_);
    ready_.wait(lock, [&] { return closed_ || !items_.empty(); });
    return take(lock);
  }

  // As pop(), giving up at `deadline`.
  std::optional<T> pop_until(std::chrono::steady_clock::time_point deadline) {
    std::unique_lock<std::mutex> lock(mutex_);
    ready_.wait_until(lock, deadline, [&] { return closed_ || !items_.empty(); });
    return take(lock);
  }

  // An item if one is waiting, without waiting.
  std::optional<T> try_pop() {
    std::unique_lock<std::mutex> lock(mutex_);
    return take(lock);
  }

  void close() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      closed_ = true;
    }
    ready_.notify_all();
    room_.notify_all();
  }

 private:
  std::optional<T> take(std::unique_lock<std::mutex>& lock) {
    if (items_.empty()) return std::nullopt;
    std::optional<T> item(std::move(items_.front()));
    items_.pop_front();
    lock.unlock();
    room_.notify_one();
    return item;
  }

  const size_t capacity_;
  std::mutex mutex_;
  std::condition_variable ready_, room_;
  std::deque<T> items_;
  bool closed_ = false;
};

}  // namespace djambi
