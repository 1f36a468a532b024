#include "mcts/tree.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "mcts/gumbel.h"

namespace djambi {

namespace {
// Returns lie in [-1, 1] (env/rewards.h): +1 only for a sole winner, -1 only for the last place.
constexpr float kProvenWin = 1.0f - 1e-6f;
constexpr float kProvenLoss = -1.0f + 1e-6f;
}  // namespace

Tree::Tree(const SearchConfig& config, std::unique_ptr<GameState> root_state)
    : config_(config), root_state_(std::move(root_state)), rng_(config.seed) {
  root_ = nodes_.append(1);
  root_seat_ = root_state_->current_player();
  players_ = root_state_->num_players();
  num_actions_ = root_state_->num_actions();
}

SeatValues Tree::terminal_values(const GameState& end) const {
  SeatValues values{};
  if (!config_.own_reward) {
    end.returns(values.data());
    return values;
  }
  std::array<int, kMaxPlayers> ranks{};
  end.ranks(ranks.data());
  returns_from_ranks(config_.reward, ranks.data(), end.num_players(), values.data(), config_.draw_value);
  return values;
}

float Tree::child_utility(const Node& parent, const NodeStats& child) const {
  // Sum of the deciding seat's values over the child's visits.
  if (!config_.paranoid) return child.value_sum[parent.to_act];
  return parent.to_act == root_seat_ ? child.value_sum[root_seat_] : -child.value_sum[root_seat_];
}

int32_t Tree::select_child(const Node& parent, const NodeStats& parent_stats, bool at_root) const {
  const float parent_visits = static_cast<float>(parent_stats.visits + parent_stats.virtual_visits);
  const float sqrt_visits = std::sqrt(std::max(1.0f, parent_visits));
  float parent_q = 0.0f;
  if (parent_stats.visits > 0) parent_q = child_utility(parent, parent_stats) / static_cast<float>(parent_stats.visits);
  const bool forced = at_root && config_.forced_playouts && config_.root_noise;
  const Node* children = &nodes_[parent.first_child];  // contiguous
  // The first child unless a score beats it: never no child, even if every score is NaN.
  int32_t best = 0;
  float best_score = -std::numeric_limits<float>::infinity();
  for (int32_t k = 0; k < parent.num_children; ++k) {
    const Node& c = children[k];
    if (solving() && proven_loss(parent, c)) continue;
    const int n = c.stats.visits + c.stats.virtual_visits;
    if (forced && c.prior > 0.0f &&
        static_cast<float>(c.stats.visits) < std::sqrt(config_.forced_playout_k * c.prior * parent_visits))
      return parent.first_child + k;
    float q = n > 0 ? (child_utility(parent, c.stats) - config_.virtual_loss * static_cast<float>(c.stats.virtual_visits)) /
                          static_cast<float>(n)
                    : parent_q - config_.fpu_reduction;
    if (n > 0 && c.has_minimax && minimaxing())
      q = (1.0f - config_.minimax_weight) * q + config_.minimax_weight * c.minimax[parent.to_act];
    const float score = q + config_.c_puct * c.prior * sqrt_visits / (1.0f + static_cast<float>(n));
    if (score > best_score) {
      best_score = score;
      best = k;
    }
  }
  return parent.first_child + best;
}

Tree::Selection Tree::select_leaf(Leaf& leaf) {
  leaf.path.assign(1, root_);
  auto state = root_state_->clone();
  int32_t current = root_;
  NodeStats seen;  // the current node's statistics before this playout's virtual visit
  // Ends the playout on a value known exactly (a proof): counted, with nothing to evaluate.
  const auto count_proven = [&](std::unique_lock<std::mutex>& lock, const SeatValues values) {
    lock.unlock();
    backup(leaf.path, &values);
    leaf.state.reset();
    return Selection::kTerminal;
  };
  while (true) {
    std::unique_lock<std::mutex> lock(lock_of(current));
    Node& node = nodes_[current];
    if (current == root_) {  // the root's statistics are guarded by its own lock
      seen = node.stats;
      ++node.stats.virtual_visits;
      if (node.proven && solving()) return count_proven(lock, node.proven_values);  // nothing left to search
    }
    bool first_visit = false;
    if (!node.expanded && state->is_terminal()) {
      node.expanded = node.terminal = first_visit = true;
      node.terminal_values = terminal_values(*state);
    }
    if (node.terminal) {
      const SeatValues values = node.terminal_values;
      lock.unlock();
      if (first_visit && minimaxing()) back_up_minimax(leaf.path, values);
      backup(leaf.path, &values);
      if (solving()) prove(leaf.path, values);
      leaf.state.reset();
      return Selection::kTerminal;
    }
    if (!node.expanded) {
      lock.unlock();
      // Another playout reached this leaf first and waits for its evaluation.
      if (seen.virtual_visits > 0) {
        backup(leaf.path, nullptr);
        return Selection::kCollision;
      }
      leaf.state = std::move(state);
      return Selection::kEvaluate;
    }
    const int32_t child = current == root_ && config_.gumbel ? select_gumbel_root_child(seen)
                                                             : select_child(node, seen, current == root_);
    Node& c = nodes_[child];
    seen = c.stats;
    ++c.stats.virtual_visits;
    leaf.path.push_back(child);
    if (c.proven && solving()) return count_proven(lock, c.proven_values);  // no need to go further
    lock.unlock();
    state->apply_action(c.action);
    current = child;
  }
}

void Tree::abandon(const Leaf& leaf) { backup(leaf.path, nullptr); }

bool Tree::proven_loss(const Node& parent, const Node& child) {
  return child.proven && child.proven_values[parent.to_act] <= kProvenLoss;
}

void Tree::prove(const std::vector<int32_t>& path, SeatValues values) {
  for (size_t k = path.size() - 1;; --k) {
    // The lock of path[k]'s proof; below the root it is the parent's, which guards the proofs of
    // all the parent's children and the parent's expansion (its seat to act) as well.
    std::lock_guard<std::mutex> lock(stats_lock(path, k));
    Node& node = nodes_[path[k]];
    if (node.proven) return;  // whoever proved it went on upward
    node.proven = true;
    node.proven_values = values;
    if (k == 0) return;
    const Node& parent = nodes_[path[k - 1]];
    const int seat = parent.to_act;
    if (values[seat] >= kProvenWin) continue;  // the seat to act there takes this win
    // Otherwise the parent is proven once all its children are: the best of them for its seat.
    const Node* children = &nodes_[parent.first_child];
    const Node* best = nullptr;
    for (int32_t i = 0; i < parent.num_children; ++i) {
      if (!children[i].proven) return;
      if (!best || children[i].proven_values[seat] > best->proven_values[seat]) best = &children[i];
    }
    values = best->proven_values;
  }
}

int32_t Tree::proven_choice() const {
  const Node& root = nodes_[root_];
  if (!solving() || !root.expanded) return -1;
  for (int32_t i = root.first_child; i < root.first_child + root.num_children; ++i)
    if (nodes_[i].proven && nodes_[i].proven_values[root.to_act] >= kProvenWin) return i;
  return -1;
}

void Tree::expand_and_backup(const Leaf& leaf, const float* priors, const float* values) {
  const int32_t leaf_index = leaf.path.back();
  {
    std::lock_guard<std::mutex> lock(lock_of(leaf_index));
    // A selected leaf waits for its evaluation alone (collisions): nobody else expands it.
    expand(leaf_index, *leaf.state, priors);
  }
  SeatValues v{};
  std::copy(values, values + players_, v.begin());
  if (minimaxing()) {
    SeatValues h{};
    config_.heuristic(*leaf.state, h.data());
    back_up_minimax(leaf.path, h);
  }
  backup(leaf.path, &v);
}

void Tree::back_up_minimax(const std::vector<int32_t>& path, SeatValues values) {
  for (size_t k = path.size() - 1;; --k) {
    // As in prove(): below the root this is the parent's lock, which guards its children's values.
    std::lock_guard<std::mutex> lock(stats_lock(path, k));
    Node& node = nodes_[path[k]];
    node.minimax = values;
    node.has_minimax = true;
    if (k == 0) return;
    const Node& parent = nodes_[path[k - 1]];
    const Node* children = &nodes_[parent.first_child];
    const Node* best = nullptr;
    for (int32_t i = 0; i < parent.num_children; ++i)
      if (children[i].has_minimax && (!best || children[i].minimax[parent.to_act] > best->minimax[parent.to_act]))
        best = &children[i];
    values = best->minimax;  // at least `node` has one
  }
}

void Tree::expand(int32_t node_index, const GameState& state, const float* priors) {
  std::vector<Action> legal = state.legal_actions();
  float total = 0.0f;
  for (Action a : legal) total += priors[a];
  const int32_t first = nodes_.append(static_cast<int32_t>(legal.size()));
  for (size_t k = 0; k < legal.size(); ++k) {
    Node& child = nodes_[first + static_cast<int32_t>(k)];
    child.action = legal[k];
    // Renormalised over the legal actions; uniform if the evaluator gave them no mass.
    child.prior = total > 0.0f ? priors[legal[k]] / total : 1.0f / static_cast<float>(legal.size());
  }
  Node& node = nodes_[node_index];
  node.first_child = first;
  node.num_children = static_cast<int32_t>(legal.size());
  node.to_act = static_cast<int8_t>(state.current_player());
  node.expanded = true;
  if (node_index == root_) add_root_noise();
}

void Tree::prepare_search() {
  if (nodes_[root_].expanded) add_root_noise();
}

void Tree::add_root_noise() {
  Node& root = nodes_[root_];
  if (!config_.root_noise || config_.gumbel || noise_added_ || root.num_children < 2) return;
  noise_added_ = true;
  std::gamma_distribution<float> gamma(config_.dirichlet_alpha, 1.0f);
  std::vector<float> noise(static_cast<size_t>(root.num_children));
  float sum = 0.0f;
  for (float& x : noise) sum += (x = gamma(rng_));
  if (sum <= 0.0f) return;
  for (int k = 0; k < root.num_children; ++k) {
    Node& c = nodes_[root.first_child + k];
    c.prior = (1.0f - config_.dirichlet_epsilon) * c.prior + config_.dirichlet_epsilon * noise[k] / sum;
  }
}

void Tree::backup(const std::vector<int32_t>& path, const SeatValues* values) {
  for (size_t k = 0; k < path.size(); ++k) {
    std::lock_guard<std::mutex> lock(stats_lock(path, k));
    NodeStats& n = nodes_[path[k]].stats;
    --n.virtual_visits;
    if (!values) continue;
    ++n.visits;
    for (int p = 0; p < players_; ++p) n.value_sum[p] += (*values)[p];
  }
}

std::vector<std::pair<Action, int>> Tree::root_visit_counts() const {
  const Node& root = nodes_[root_];
  std::vector<std::pair<Action, int>> out;
  for (int32_t i = root.first_child; i < root.first_child + root.num_children; ++i)
    out.emplace_back(nodes_[i].action, nodes_[i].stats.visits);
  return out;
}

std::vector<std::pair<Action, float>> Tree::policy_target() const {
  const Node& root = nodes_[root_];
  std::vector<std::pair<Action, float>> out;
  if (root.num_children == 0) return out;
  if (const int32_t won = proven_choice(); won >= 0) return {{nodes_[won].action, 1.0f}};
  if (config_.gumbel) {
    const std::vector<float> policy = gumbel_improved_policy();
    for (int32_t k = 0; k < root.num_children; ++k)
      if (policy[k] > 0.0f) out.emplace_back(nodes_[root.first_child + k].action, policy[k]);
    return out;
  }
  std::vector<float> visits;
  int32_t best = root.first_child;
  for (int32_t i = root.first_child; i < root.first_child + root.num_children; ++i) {
    visits.push_back(static_cast<float>(nodes_[i].stats.visits));
    if (nodes_[i].stats.visits > nodes_[best].stats.visits) best = i;
  }
  if (config_.forced_playouts && config_.root_noise) {
    // KataGo: take back the forced playouts a child would not have had on its own merit, that
    // is while its PUCT score stays below the best child's; drop children left with one visit.
    const float total = static_cast<float>(root.stats.visits);
    const float sqrt_total = std::sqrt(std::max(1.0f, total));
    const Node& b = nodes_[best];
    const float best_score = child_utility(root, b.stats) / std::max(1, b.stats.visits) +
                             config_.c_puct * b.prior * sqrt_total / (1.0f + static_cast<float>(b.stats.visits));
    for (int32_t i = root.first_child; i < root.first_child + root.num_children; ++i) {
      if (i == best || nodes_[i].stats.visits == 0) continue;
      const Node& c = nodes_[i];
      const float q = child_utility(root, c.stats) / static_cast<float>(c.stats.visits);
      const float forced = std::sqrt(config_.forced_playout_k * c.prior * total);
      float& n = visits[static_cast<size_t>(i - root.first_child)];
      const float floor_n = std::max(0.0f, n - forced);
      while (n > floor_n && n > 1.0f &&
             q + config_.c_puct * c.prior * sqrt_total / n < best_score)  // score with n - 1 visits
        n -= 1.0f;
      if (n <= 1.0f) n = 0.0f;
    }
  }
  if (solving()) {  // a proven loss is not taught, unless every visited move is one
    std::vector<float> kept = visits;
    for (int32_t k = 0; k < root.num_children; ++k)
      if (proven_loss(root, nodes_[root.first_child + k])) kept[k] = 0.0f;
    if (std::any_of(kept.begin(), kept.end(), [](float v) { return v > 0.0f; })) visits = kept;
  }
  float sum = 0.0f;
  for (float v : visits) sum += v;
  for (int32_t k = 0; k < root.num_children; ++k)
    if (visits[k] > 0.0f) out.emplace_back(nodes_[root.first_child + k].action, visits[k] / sum);
  return out;
}

SeatValues Tree::root_values() const {
  const Node& root = nodes_[root_];
  if (root.proven && solving()) return root.proven_values;
  SeatValues v{};
  if (root.stats.visits == 0) return v;
  for (int p = 0; p < players_; ++p) v[p] = root.stats.value_sum[p] / static_cast<float>(root.stats.visits);
  return v;
}

Action Tree::choose_action(float temperature, std::mt19937_64& rng) const {
  const Node& root = nodes_[root_];
  if (root.num_children == 0) return -1;
  if (const int32_t won = proven_choice(); won >= 0) return nodes_[won].action;
  if (config_.gumbel && root.stats.visits > 1) {
    if (temperature <= 0.0f || config_.root_noise) return nodes_[gumbel_choice()].action;
    std::vector<double> weights;
    for (float p : gumbel_improved_policy()) weights.push_back(std::pow(static_cast<double>(p), 1.0 / temperature));
    std::discrete_distribution<int> pick(weights.begin(), weights.end());
    return nodes_[root.first_child + pick(rng)].action;
  }
  // Solver: a proven loss is played only when every move is one.
  bool avoid_losses = false;
  if (solving())
    for (int32_t i = root.first_child; i < root.first_child + root.num_children; ++i)
      avoid_losses = avoid_losses || !proven_loss(root, nodes_[i]);
  const auto playable = [&](const Node& c) { return !avoid_losses || !proven_loss(root, c); };
  if (temperature <= 0.0f) {
    int32_t best = -1;
    for (int32_t i = root.first_child; i < root.first_child + root.num_children; ++i) {
      const Node& c = nodes_[i];
      if (!playable(c)) continue;
      if (best < 0) {
        best = i;
        continue;
      }
      const Node& b = nodes_[best];
      if (c.stats.visits > b.stats.visits || (c.stats.visits == b.stats.visits && c.prior > b.prior)) best = i;
    }
    return nodes_[best].action;
  }
  std::vector<double> weights;
  for (int32_t i = root.first_child; i < root.first_child + root.num_children; ++i)
    weights.push_back(playable(nodes_[i]) ? std::pow(static_cast<double>(nodes_[i].stats.visits), 1.0 / temperature) : 0.0);
  double sum = 0;
  for (double w : weights) sum += w;
  if (sum <= 0) return choose_action(0.0f, rng);
  std::discrete_distribution<int> pick(weights.begin(), weights.end());
  return nodes_[root.first_child + pick(rng)].action;
}

void Tree::advance(Action action) {
  root_state_->apply_action(action);
  noise_added_ = false;
  gumbel_.ready = false;
  root_seat_ = root_state_->current_player();
  const Node& root = nodes_[root_];
  int32_t child = -1;
  for (int32_t i = root.first_child; i < root.first_child + root.num_children; ++i)
    if (nodes_[i].action == action) child = i;
  StableArena<Node> kept;
  root_ = kept.append(1);
  if (child >= 0 && nodes_[child].expanded) {
    // Copy the subtree breadth-first into the fresh arena; children stay contiguous.
    kept[root_] = nodes_[child];
    kept[root_].action = -1;
    std::vector<int32_t> parents{root_};
    for (size_t q = 0; q < parents.size(); ++q) {
      Node& n = kept[parents[q]];
      if (n.num_children == 0) continue;
      const int32_t old_first = n.first_child;
      n.first_child = kept.append(n.num_children);
      for (int32_t k = 0; k < n.num_children; ++k) {
        const Node& c = kept[n.first_child + k] = nodes_[old_first + k];
        if (c.num_children > 0) parents.push_back(n.first_child + k);
      }
    }
  }
  nodes_ = std::move(kept);
}

// ---- Gumbel root search ----

namespace {
constexpr int kGumbelBudgetWithoutCount = 800;  // a search by time alone halves as if it had this many
}

void Tree::start_gumbel(const NodeStats& root_stats) {
  const Node& root = nodes_[root_];
  GumbelRoot& g = gumbel_;
  g = GumbelRoot{};
  g.ready = true;
  g.base_root_visits = root_stats.visits;
  g.budget = config_.simulations > 0 ? std::max(1, config_.simulations - root_stats.visits) : kGumbelBudgetWithoutCount;
  g.value = root_stats.visits > 0 ? child_utility(root, root_stats) / static_cast<float>(root_stats.visits) : 0.0f;
  std::extreme_value_distribution<float> gumbel_noise(0.0f, 1.0f);
  std::vector<std::pair<float, int>> ranked;
  for (int k = 0; k < root.num_children; ++k) {
    const Node& c = nodes_[root.first_child + k];
    g.base_visits.push_back(c.stats.visits);
    const float logit = std::log(std::max(c.prior, 1e-30f));
    ranked.emplace_back(logit + (config_.root_noise ? config_.gumbel_noise_scale * gumbel_noise(rng_) : 0.0f), k);
  }
  // Gumbel-top-k: the k best of noise + log prior are a sample without replacement from the prior.
  const int considered = std::min(std::max(1, config_.gumbel_considered), root.num_children);
  std::partial_sort(ranked.begin(), ranked.begin() + considered, ranked.end(),
                    [](const auto& a, const auto& b) { return a.first > b.first; });
  g.score.assign(static_cast<size_t>(root.num_children), -INFINITY);
  for (int i = 0; i < considered; ++i) g.score[static_cast<size_t>(ranked[i].second)] = ranked[i].first;
  g.sequence = gumbel::considered_visit_sequence(considered, g.budget, g.budget);
}

std::vector<float> Tree::gumbel_completed_q() const {
  const Node& root = nodes_[root_];
  std::vector<float> priors, q;
  std::vector<int> visits;
  for (int32_t i = root.first_child; i < root.first_child + root.num_children; ++i) {
    const Node& c = nodes_[i];
    priors.push_back(c.prior);
    visits.push_back(c.stats.visits);
    q.push_back(c.stats.visits > 0 ? child_utility(root, c.stats) / static_cast<float>(c.stats.visits) : 0.0f);
  }
  const float value = gumbel_.ready            ? gumbel_.value
                      : root.stats.visits > 0 ? child_utility(root, root.stats) / static_cast<float>(root.stats.visits)
                                              : 0.0f;
  return gumbel::completed_q(priors, q, visits, value);
}

std::vector<float> Tree::gumbel_improved_policy() const {
  const Node& root = nodes_[root_];
  std::vector<float> priors;
  int max_visits = 0;
  for (int32_t i = root.first_child; i < root.first_child + root.num_children; ++i) {
    priors.push_back(nodes_[i].prior);
    max_visits = std::max(max_visits, nodes_[i].stats.visits);
  }
  return gumbel::improved_policy(priors, gumbel_completed_q(), max_visits, config_.gumbel_c_visit,
                                 config_.gumbel_c_scale);
}

int32_t Tree::select_gumbel_root_child(const NodeStats& root_stats) {
  if (!gumbel_.ready) start_gumbel(root_stats);
  GumbelRoot& g = gumbel_;
  const Node& root = nodes_[root_];
  // This playout's place in the search: the playouts done and under way before it.
  const int k = root_stats.visits + root_stats.virtual_visits - g.base_root_visits;
  if (k >= static_cast<int>(g.sequence.size()))
    g.sequence = gumbel::considered_visit_sequence(
        static_cast<int>(std::count_if(g.score.begin(), g.score.end(), [](float s) { return s > -INFINITY; })),
        g.budget, 2 * k + 2);
  const int wanted = g.sequence[static_cast<size_t>(k)];
  const std::vector<float> completed = gumbel_completed_q();
  int max_visits = 0;
  for (int32_t i = root.first_child; i < root.first_child + root.num_children; ++i)
    max_visits = std::max(max_visits, nodes_[i].stats.visits);
  // Among the considered actions that have had `wanted` playouts in this search (the fewest, if
  // none has exactly that many), the best by noise + log prior + sigma(Q).
  int32_t best = -1;
  int best_n = 0;
  float best_score = -INFINITY;
  for (int c = 0; c < root.num_children; ++c) {
    if (g.score[static_cast<size_t>(c)] == -INFINITY) continue;
    const Node& child = nodes_[root.first_child + c];
    const int n = child.stats.visits + child.stats.virtual_visits - g.base_visits[static_cast<size_t>(c)];
    const float score = g.score[static_cast<size_t>(c)] +
                        gumbel::sigma(completed[static_cast<size_t>(c)], max_visits, config_.gumbel_c_visit,
                                      config_.gumbel_c_scale);
    const int distance = std::abs(n - wanted);
    const int best_distance = std::abs(best_n - wanted);
    if (best < 0 || distance < best_distance || (distance == best_distance && score > best_score)) {
      best = root.first_child + c;
      best_n = n;
      best_score = score;
    }
  }
  return best;
}

int32_t Tree::gumbel_choice() const {
  const Node& root = nodes_[root_];
  if (!gumbel_.ready) return select_child(root, root.stats, false);
  const std::vector<float> completed = gumbel_completed_q();
  int max_visits = 0, most_this_search = -1;
  for (int c = 0; c < root.num_children; ++c) {
    const Node& child = nodes_[root.first_child + c];
    max_visits = std::max(max_visits, child.stats.visits);
    if (gumbel_.score[static_cast<size_t>(c)] > -INFINITY)
      most_this_search = std::max(most_this_search, child.stats.visits - gumbel_.base_visits[static_cast<size_t>(c)]);
  }
  // The survivor: among the considered actions searched most, the best score.
  int32_t best = -1;
  float best_score = -INFINITY;
  for (int c = 0; c < root.num_children; ++c) {
    const Node& child = nodes_[root.first_child + c];
    if (gumbel_.score[static_cast<size_t>(c)] == -INFINITY ||
        child.stats.visits - gumbel_.base_visits[static_cast<size_t>(c)] != most_this_search)
      continue;
    const float score = gumbel_.score[static_cast<size_t>(c)] +
                        gumbel::sigma(completed[static_cast<size_t>(c)], max_visits, config_.gumbel_c_visit,
                                      config_.gumbel_c_scale);
    if (best < 0 || score > best_score) {
      best = root.first_child + c;
      best_score = score;
    }
  }
  return best;
}

}  // namespace djambi
