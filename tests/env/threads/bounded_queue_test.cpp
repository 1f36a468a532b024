// The project's one hand-over point between threads (env/threads/bounded_queue.h).
#include "env/threads/bounded_queue.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <numeric>
#include <thread>
#include <vector>

namespace djambi {
namespace {

TEST(BoundedQueue, HandsOverInOrderBetweenTwoThreads) {
  BoundedQueue<int> queue(4);
  std::thread producer([&] {
    for (int i = 0; i < 1000; ++i) ASSERT_TRUE(queue.push(i));
    queue.close();
  });
  std::vector<int> seen;
  while (auto item = queue.pop()) seen.push_back(*item);
  producer.join();
  std::vector<int> expected(1000);
  std::iota(expected.begin(), expected.end(), 0);
  EXPECT_EQ(seen, expected);
}

TEST(BoundedQueue, AFullQueueHoldsItsProducerUntilAnItemIsTaken) {
  BoundedQueue<int> queue(2);
  ASSERT_TRUE(queue.push(1));
  ASSERT_TRUE(queue.push(2));
  std::atomic<bool> pushed{false};
  std::thread producer([&] {
    queue.push(3);
    pushed = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(pushed.load());  // no room: still waiting
  EXPECT_EQ(queue.pop(), 1);
  producer.join();
  EXPECT_TRUE(pushed.load());
  EXPECT_EQ(queue.pop(), 2);
  EXPECT_EQ(queue.pop(), 3);
}

TEST(BoundedQueue, ClosingHandsOutWhatIsLeftThenNothing) {
  BoundedQueue<int> queue;
  ASSERT_TRUE(queue.push(7));
  queue.close();
  EXPECT_FALSE(queue.push(8));
  EXPECT_EQ(queue.pop(), 7);
  EXPECT_EQ(queue.pop(), std::nullopt);
  EXPECT_EQ(queue.try_pop(), std::nullopt);
}

TEST(BoundedQueue, ClosingWakesWaitingConsumersAndProducers) {
  BoundedQueue<int> empty, full(1);
  ASSERT_TRUE(full.push(0));
  std::optional<int> popped = 5;
  bool push_answer = true;
  std::thread consumer([&] { popped = empty.pop(); });
  std::thread producer([&] { push_answer = full.push(1); });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  empty.close();
  full.close();
  consumer.join();
  producer.join();
  EXPECT_EQ(popped, std::nullopt);
  EXPECT_FALSE(push_answer);
}

TEST(BoundedQueue, ATimedPopGivesUpAtItsDeadline) {
  BoundedQueue<int> queue;
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(queue.pop_until(start + std::chrono::milliseconds(20)), std::nullopt);
  EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(20));
  ASSERT_TRUE(queue.push(4));
  EXPECT_EQ(queue.pop_until(start), 4);  // an item waiting is taken even past the deadline
}

TEST(BoundedQueue, ManyProducersAndConsumersLoseAndRepeatNothing) {
  BoundedQueue<int> queue(8);
  constexpr int kProducers = 4, kEach = 2000, kConsumers = 3;
  std::vector<std::thread> producers, consumers;
  std::vector<long long> sums(kConsumers, 0), counts(kConsumers, 0);
  for (int c = 0; c < kConsumers; ++c)
    consumers.emplace_back([&, c] {
      while (auto item = queue.pop()) {
        sums[c] += *item;
        ++counts[c];
      }
    });
  for (int p = 0; p < kProducers; ++p)
    producers.emplace_back([&, p] {
      for (int i = 0; i < kEach; ++i) queue.push(p * kEach + i);
    });
  for (std::thread& t : producers) t.join();
  queue.close();
  for (std::thread& t : consumers) t.join();
  const long long n = kProducers * kEach;
  EXPECT_EQ(std::accumulate(counts.begin(), counts.end(), 0LL), n);
  EXPECT_EQ(std::accumulate(sums.begin(), sums.end(), 0LL), n * (n - 1) / 2);
}

}  // namespace
}  // namespace djambi
