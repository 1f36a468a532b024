#include "mcts/caching_evaluator.h"

#include <algorithm>

#include "mcts/leaf_batch.h"

namespace djambi {

CachingEvaluator::CachingEvaluator(std::shared_ptr<Evaluator> inner, size_t capacity)
    : inner_(std::move(inner)), table_(std::max<size_t>(capacity, 1)) {}

void CachingEvaluator::clear() {
  std::lock_guard<std::mutex> lock(mutex_);
  for (Entry& e : table_) e.used = false;
}

bool CachingEvaluator::lookup(uint64_t hash, int num_actions, float* priors, float* values) {
  std::lock_guard<std::mutex> lock(mutex_);
  const Entry& e = table_[hash % table_.size()];
  if (!e.used || e.hash != hash) return false;
  std::fill_n(priors, num_actions, 0.0f);
  for (const auto& [a, p] : e.priors) priors[a] = p;
  std::copy(e.values.begin(), e.values.end(), values);
  return true;
}

void CachingEvaluator::store(uint64_t hash, int num_actions, int num_players, const float* priors,
                             const float* values) {
  std::lock_guard<std::mutex> lock(mutex_);
  Entry& e = table_[hash % table_.size()];
  e.hash = hash;
  e.used = true;
  e.priors.clear();
  for (int a = 0; a < num_actions; ++a)
    if (priors[a] > 0.0f) e.priors.emplace_back(a, priors[a]);
  e.values.assign(values, values + num_players);
}

void CachingEvaluator::evaluate(const EvalBatch& batch) {
  if (batch.size == 0) return;
  const GameState& first = *batch.states[0];
  const int actions = first.num_actions();
  const int players = first.num_players();
  const bool with_observations = inner_->needs_observations();

  std::vector<int> misses;
  std::vector<uint64_t> hashes(static_cast<size_t>(batch.size));
  for (int i = 0; i < batch.size; ++i) {
    hashes[i] = batch.states[i]->hash();
    if (!lookup(hashes[i], actions, batch.priors + static_cast<size_t>(i) * actions,
                batch.values + static_cast<size_t>(i) * players))
      misses.push_back(i);
  }
  lookups_ += static_cast<uint64_t>(batch.size);
  hits_ += static_cast<uint64_t>(batch.size - static_cast<int>(misses.size()));
  if (misses.empty()) return;

  if (static_cast<int>(misses.size()) == batch.size) {
    std::lock_guard<std::mutex> lock(inner_mutex_);
    inner_->evaluate(batch);
  } else {  // gather the misses into a smaller batch
    LeafBatch gathered;
    gathered.prepare(first, misses.size(), with_observations);
    for (size_t k = 0; k < misses.size(); ++k) gathered.copy_input(batch, static_cast<size_t>(misses[k]), k);
    {
      std::lock_guard<std::mutex> lock(inner_mutex_);
      inner_->evaluate(gathered.view(misses.size(), with_observations));
    }
    for (size_t k = 0; k < misses.size(); ++k) gathered.copy_output(k, batch, static_cast<size_t>(misses[k]));
  }
  for (int i : misses)
    store(hashes[i], actions, players, batch.priors + static_cast<size_t>(i) * actions,
          batch.values + static_cast<size_t>(i) * players);
}

}  // namespace djambi
