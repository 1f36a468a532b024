#include "mcts/search_analysis.h"

#include <algorithm>

#include "mcts/basic_players.h"
#include "mcts/tree.h"

namespace djambi {

namespace {

constexpr size_t kMaxPvTurns = 32;

std::vector<float> mean_values(const Node& n, int players) {
  std::vector<float> out;
  if (n.stats.visits <= 0) return out;
  for (int p = 0; p < players; ++p) out.push_back(n.stats.value_sum[p] / static_cast<float>(n.stats.visits));
  return out;
}

// More visits, ties to the higher prior (as Tree::choose_action).
bool more_visited(const Node& a, const Node& b) {
  if (a.stats.visits != b.stats.visits) return a.stats.visits > b.stats.visits;
  return a.prior > b.prior;
}

class Walker {
 public:
  Walker(const Tree& tree, int multipv) : tree_(tree), multipv_(static_cast<size_t>(multipv)) {}

  std::vector<SearchLine> lines;

  // The children of `index` to follow, best first: the visited ones by visits (ties to the
  // higher prior), `first` before them; none visited: the one of the highest prior.
  std::vector<int32_t> ordered_children(int32_t index, Action first) const {
    const Node& n = tree_.node(index);
    std::vector<int32_t> out;
    if (!n.expanded || n.terminal) return out;
    for (int32_t c = n.first_child; c < n.first_child + n.num_children; ++c)
      if (tree_.node(c).stats.visits > 0 || tree_.node(c).action == first) out.push_back(c);
    if (out.empty()) {
      for (int32_t c = n.first_child; c < n.first_child + n.num_children; ++c)
        if (out.empty() || tree_.node(c).prior > tree_.node(out[0]).prior) out = {c};
      return out;
    }
    std::stable_sort(out.begin(), out.end(), [&](int32_t x, int32_t y) {
      const Node& a = tree_.node(x);
      const Node& b = tree_.node(y);
      if ((a.action == first) != (b.action == first)) return a.action == first;
      return more_visited(a, b);
    });
    return out;
  }

  // Whole moves through `index` (the position `state`, `path` decided since the root, whose
  // last visited node is `counted`).
  void walk(int32_t index, const GameState& root, const GameState& state, std::vector<Action>& path, float prior,
            int32_t counted, Action first) {
    for (int32_t c : ordered_children(index, first)) {
      if (lines.size() >= multipv_) return;
      const Node& child = tree_.node(c);
      auto next = state.clone();
      next->apply_action(child.action);
      path.push_back(child.action);
      const int32_t seen = child.stats.visits > 0 ? c : counted;
      if (turn_over(root, *next)) {
        add_line(c, *next, path, prior * child.prior, seen);
      } else if (child.expanded && !child.terminal) {
        walk(c, root, *next, path, prior * child.prior, seen, -1);
      }  // else: a turn the tree cannot finish
      path.pop_back();
    }
  }

 private:
  void add_line(int32_t end, const GameState& after, const std::vector<Action>& path,
                float prior, int32_t counted) {
    SearchLine line;
    line.move = path;
    line.visits = tree_.node(counted).stats.visits;
    line.prior = prior;
    line.values = mean_values(tree_.node(counted), tree_.num_players());
    line.pv.push_back(path);
    // The most visited decisions after the move, cut into whole turns.
    auto state = after.clone();
    auto turn_start = after.clone();
    std::vector<Action> turn;
    int32_t at = end;
    while (line.pv.size() < kMaxPvTurns && !state->is_terminal()) {
      const Node& n = tree_.node(at);
      if (!n.expanded || n.terminal || n.stats.visits <= 1) break;
      int32_t best = -1;
      for (int32_t c = n.first_child; c < n.first_child + n.num_children; ++c) {
        const Node& x = tree_.node(c);
        if (x.stats.visits > 0 && (best < 0 || more_visited(x, tree_.node(best)))) best = c;
      }
      if (best < 0) break;
      state->apply_action(tree_.node(best).action);
      turn.push_back(tree_.node(best).action);
      at = best;
      if (turn_over(*turn_start, *state)) {
        line.pv.push_back(turn);
        turn.clear();
        turn_start = state->clone();
      }
    }
    lines.push_back(std::move(line));
  }

  const Tree& tree_;
  size_t multipv_;
};

}  // namespace

SearchAnalysis analysis_of_tree(const Tree& tree, Action first, int multipv) {
  SearchAnalysis out;
  out.visits = tree.root_visits();
  const SeatValues v = tree.root_values();
  for (int p = 0; p < tree.num_players(); ++p) out.root_values.push_back(v[p]);
  Walker walker(tree, std::max(multipv, 1));
  std::vector<Action> path;
  const GameState& root = tree.root_state();
  const Node& r = tree.root();
  if (r.expanded && !r.terminal && r.num_children > 0)
    walker.walk(tree.root_index(), root, root, path, 1.0f, tree.root_index(), first);
  out.lines = std::move(walker.lines);
  return out;
}

}  // namespace djambi
