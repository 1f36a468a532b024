// The network-free evaluators and the two wrappers (cache, queue) around any evaluator.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <limits>
#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <thread>

#include "env/djambi/game.h"
#include "env/random.h"
#include "env/tictactoe/game.h"
#include "mcts/basic_evaluators.h"
#include "mcts/caching_evaluator.h"
#include "mcts/queued_evaluator.h"

namespace djambi {
namespace {

// A batch of positions with their encodings and room for the results.
struct Batch {
  std::vector<std::unique_ptr<GameState>> owned;
  std::vector<const GameState*> states;
  std::vector<float> observations, priors, values;
  std::vector<uint8_t> masks;
  int actions = 0, players = 0, obs_size = 0;

  void add(std::unique_ptr<GameState> s) {
    actions = s->num_actions();
    players = s->num_players();
    obs_size = s->observation_shape().size();
    const size_t i = owned.size();
    observations.resize((i + 1) * obs_size);
    masks.resize((i + 1) * actions);
    s->observation(&observations[i * obs_size]);
    s->legal_mask(&masks[i * actions]);
    states.push_back(s.get());
    owned.push_back(std::move(s));
    priors.assign(owned.size() * actions, -1.0f);
    values.assign(owned.size() * players, -9.0f);
  }
  EvalBatch view() {
    return {static_cast<int>(states.size()), states.data(), observations.data(), masks.data(),
            priors.data(), values.data()};
  }
};

// Djambi positions reached by random decisions (different seeds give different positions).
std::unique_ptr<GameState> random_djambi_state(uint64_t seed, int decisions) {
  auto s = DjambiGame().new_initial_state();
  Rng rng(seed);
  for (int d = 0; d < decisions && !s->is_terminal(); ++d) {
    const auto legal = s->legal_actions();
    s->apply_action(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
  }
  return s;
}

// An evaluator whose output is a function of the position alone, so that any mix-up between
// positions shows; it counts the positions it saw.
class HashEvaluator : public Evaluator {
 public:
  void evaluate(const EvalBatch& b) override {
    seen += b.size;
    for (int i = 0; i < b.size; ++i) {
      const GameState& s = *b.states[i];
      const uint64_t h = s.hash();
      const int actions = s.num_actions(), players = s.num_players();
      for (int p = 0; p < players; ++p)
        b.values[i * players + p] = static_cast<float>((h >> (8 * p)) & 0xFF) / 255.0f;
      uniform_priors(b.legal_masks + static_cast<size_t>(i) * actions, actions, b.priors + static_cast<size_t>(i) * actions);
      // The observation arrived intact: its checksum is folded into the first legal prior.
      float sum = 0;
      const int obs = s.observation_shape().size();
      for (int k = 0; k < obs; ++k) sum += b.observations[static_cast<size_t>(i) * obs + k] * static_cast<float>(k % 7);
      b.values[i * players] += sum * 1e-3f;
    }
  }
  std::string describe() const override { return "hash"; }
  std::atomic<int> seen{0};
};

void expect_same_results(Batch& a, Batch& b) {
  EXPECT_EQ(a.priors, b.priors);
  EXPECT_EQ(a.values, b.values);
}

TEST(UniformEvaluator, UniformOverLegalActionsAndZeroValues) {
  Batch b;
  b.add(random_djambi_state(1, 30));
  UniformEvaluator().evaluate(b.view());
  const int legal = std::accumulate(b.masks.begin(), b.masks.begin() + b.actions, 0);
  for (int a = 0; a < b.actions; ++a) EXPECT_FLOAT_EQ(b.priors[a], b.masks[a] ? 1.0f / legal : 0.0f);
  for (int p = 0; p < b.players; ++p) EXPECT_EQ(b.values[p], 0.0f);
}

TEST(RolloutEvaluator, SeesAnImmediateWinAndIsDeterministic) {
  // X to move wins at once on the top row (x x .): random play from here favours X.
  Batch b;
  b.add(std::make_unique<TicTacToeState>(TicTacToeState::from_string("xx.oo....")));
  RolloutEvaluator(2000, 100, 3).evaluate(b.view());
  EXPECT_GT(b.values[0], 0.07f);  // about 0.13 for uniformly random play; sd 0.02
  EXPECT_NEAR(b.values[0], -b.values[1], 1e-5);
  Batch again;
  again.add(std::make_unique<TicTacToeState>(TicTacToeState::from_string("xx.oo....")));
  RolloutEvaluator(2000, 100, 3).evaluate(again.view());
  expect_same_results(b, again);
}

TEST(CachingEvaluator, SecondLookupHitsAndGivesTheSameResults) {
  auto inner = std::make_shared<HashEvaluator>();
  CachingEvaluator cache(inner, 1024);
  Batch first, reference;
  for (int i = 0; i < 6; ++i) {
    first.add(random_djambi_state(10 + i, 20 + i));
    reference.add(random_djambi_state(10 + i, 20 + i));
  }
  HashEvaluator direct;
  direct.evaluate(reference.view());
  cache.evaluate(first.view());
  expect_same_results(first, reference);
  EXPECT_EQ(inner->seen, 6);
  EXPECT_EQ(cache.hit_rate(), 0.0);

  // A mixed batch: 3 known positions and 2 new ones; only the new ones reach the inner evaluator,
  // and everyone gets its own results back.
  Batch mixed, mixed_reference;
  for (int i : {2, 40, 0, 41, 5}) {
    const int decisions = i < 6 ? 20 + i : i;
    mixed.add(random_djambi_state(10 + i, decisions));
    mixed_reference.add(random_djambi_state(10 + i, decisions));
  }
  direct.evaluate(mixed_reference.view());
  cache.evaluate(mixed.view());
  EXPECT_EQ(inner->seen, 8);
  expect_same_results(mixed, mixed_reference);
  EXPECT_NEAR(cache.hit_rate(), 3.0 / 11.0, 1e-9);
}

TEST(QueuedEvaluator, EveryCallerGetsItsOwnResultsUnderConcurrency) {
  auto inner = std::make_shared<HashEvaluator>();
  QueuedEvaluator queued(inner, 16, std::chrono::microseconds(2000));
  constexpr int kThreads = 6, kRounds = 25;
  std::atomic<int> mismatches{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      HashEvaluator direct;
      for (int r = 0; r < kRounds; ++r) {
        Batch mine, expected;
        const int n = 1 + (t + r) % 4;  // requests of 1 to 4 positions
        for (int k = 0; k < n; ++k) {
          const uint64_t seed = 1000 * t + 10 * r + k;
          mine.add(random_djambi_state(seed, 5 + static_cast<int>(seed % 40)));
          expected.add(random_djambi_state(seed, 5 + static_cast<int>(seed % 40)));
        }
        direct.evaluate(expected.view());
        queued.evaluate(mine.view());
        if (mine.priors != expected.priors || mine.values != expected.values) ++mismatches;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(mismatches, 0);
  int total = 0;
  for (int t = 0; t < kThreads; ++t)
    for (int r = 0; r < kRounds; ++r) total += 1 + (t + r) % 4;
  EXPECT_EQ(inner->seen, total);
  EXPECT_GT(queued.mean_batch_size(), 1.0) << "requests of several threads were batched together";
}

// An evaluator for one thread at a time, as most are: it counts its callers inside and what it
// saw without atomics, so that ThreadSanitizer reports a concurrent call, and notes any overlap.
class OneThreadEvaluator : public Evaluator {
 public:
  void evaluate(const EvalBatch& b) override {
    if (inside_.fetch_add(1) != 0) overlapped = true;
    hash_.evaluate(b);
    seen += b.size;  // a plain int: a data race if two callers were here at once
    inside_.fetch_sub(1);
  }
  std::string describe() const override { return "one-thread"; }
  std::atomic<bool> overlapped{false};
  int seen = 0;

 private:
  std::atomic<int> inside_{0};
  HashEvaluator hash_;
};

TEST(CachingEvaluator, ManyThreadsShareOneCacheAndCallTheInnerOneAtATime) {
  auto inner = std::make_shared<OneThreadEvaluator>();
  CachingEvaluator cache(inner, 64);  // small: threads replace each other's entries
  constexpr int kThreads = 8, kRounds = 30;
  std::atomic<int> mismatches{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      HashEvaluator direct;
      for (int r = 0; r < kRounds; ++r) {
        Batch mine, expected;
        for (int k = 0; k < 3; ++k) {
          const uint64_t seed = static_cast<uint64_t>((t * 7 + r * 3 + k) % 40);  // shared positions
          mine.add(random_djambi_state(seed, 6 + static_cast<int>(seed)));
          expected.add(random_djambi_state(seed, 6 + static_cast<int>(seed)));
        }
        direct.evaluate(expected.view());
        cache.evaluate(mine.view());
        if (mine.priors != expected.priors || mine.values != expected.values) ++mismatches;
        if (r % 10 == 9) cache.clear();
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(mismatches, 0);
  EXPECT_FALSE(inner->overlapped) << "two threads were inside the inner evaluator at once";
  EXPECT_EQ(cache.lookups(), static_cast<uint64_t>(kThreads * kRounds * 3));
  EXPECT_EQ(static_cast<uint64_t>(inner->seen), cache.lookups() - cache.hits());
}

// Throws on every call while `failing` is set (a LibTorch error, memory running out).
class FailingEvaluator : public Evaluator {
 public:
  void evaluate(const EvalBatch& b) override {
    ++calls;
    if (failing) throw std::runtime_error("out of memory");
    HashEvaluator().evaluate(b);
  }
  std::string describe() const override { return "failing"; }
  std::atomic<bool> failing{true};
  std::atomic<int> calls{0};
};

TEST(QueuedEvaluator, AnErrorOfTheInnerEvaluatorReachesEveryWaitingCaller) {
  auto inner = std::make_shared<FailingEvaluator>();
  // A long wait: the threads' requests are gathered into one failing call.
  QueuedEvaluator queued(inner, 6, std::chrono::microseconds(200000));
  constexpr int kThreads = 6;
  std::atomic<int> caught{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      Batch mine;
      mine.add(random_djambi_state(static_cast<uint64_t>(t), 10));
      try {
        queued.evaluate(mine.view());
      } catch (const std::runtime_error& e) {
        if (std::string(e.what()) == "out of memory") ++caught;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(caught, kThreads);
  EXPECT_LT(inner->calls, kThreads) << "requests were gathered";
  // The worker thread lives on: once the inner evaluator works again, so does the queue.
  inner->failing = false;
  Batch again, expected;
  again.add(random_djambi_state(1, 10));
  expected.add(random_djambi_state(1, 10));
  queued.evaluate(again.view());
  HashEvaluator().evaluate(expected.view());
  expect_same_results(again, expected);
}

TEST(CheckEvaluation, NamesTheEvaluatorThePositionAndTheNumber) {
  HashEvaluator hash;
  Batch b;
  for (int i = 0; i < 3; ++i) b.add(random_djambi_state(static_cast<uint64_t>(i), 12));
  hash.evaluate(b.view());
  EXPECT_NO_THROW(check_evaluation(b.view(), hash));
  const size_t legal = static_cast<size_t>(std::find(b.masks.begin() + b.actions, b.masks.end(), 1) - b.masks.begin());
  b.priors[legal] = std::numeric_limits<float>::quiet_NaN();
  try {
    check_evaluation(b.view(), hash);
    FAIL() << "a NaN prior passed";
  } catch (const EvaluatorError& e) {
    EXPECT_EQ(std::string(e.what()), "evaluator hash returned a non-finite prior (nan) for position 2 of 3, action " +
                                         std::to_string(legal % static_cast<size_t>(b.actions)));
  }
  b.priors[legal] = 0.5f;
  b.values[2 * b.players + 1] = -std::numeric_limits<float>::infinity();
  try {
    check_evaluation(b.view(), hash);
    FAIL() << "an infinite value passed";
  } catch (const EvaluatorError& e) {
    EXPECT_EQ(std::string(e.what()), "evaluator hash returned a non-finite value (-inf) for position 3 of 3, seat 1");
  }
}

}  // namespace
}  // namespace djambi
