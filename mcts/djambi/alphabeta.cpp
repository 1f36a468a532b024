#include "mcts/djambi/alphabeta.h"

#include <algorithm>
#include <functional>
#include <random>
#include <stdexcept>

#include "env/djambi/hash.h"

namespace djambi {

namespace {

constexpr float kInfinity = 2.0f;       // shares lie in [0, 1]
constexpr float kPlyDiscount = 1e-4f;   // a win sooner is worth a little more
constexpr float kShallowMargin = 1e-5f; // float rounding of shares that sum to 1
constexpr float kWinThreshold = 0.99f;  // a forced win found: no need to deepen
constexpr int kMaxPly = 200;
constexpr uint8_t kExact = 0, kLower = 1, kUpper = 2;

// Keys mixed into the position hash: values depend on the root player and on whose reply a
// brs node searches.
constexpr std::array<uint64_t, 4> kRootKeys = {0x9E3779B97F4A7C15ull, 0xC2B2AE3D27D4EB4Full,
                                               0x165667B19E3779F9ull, 0xD6E8FEB86659FD93ull};
constexpr uint64_t kMinTurnKey = 0xFF51AFD7ED558CCDull;

// Shallow pruning: once the mover here secures `best[p]`, the parent's player (another one)
// gets at most 1 - best[p] from this node; if that cannot beat what it already has, stop.
bool shallow_cut(bool pruning, PlayerId parent, PlayerId p, float parent_best, float mine) {
  return pruning && parent != kNobody && parent != p && mine > 1.0f - parent_best + kShallowMargin;
}

}  // namespace

AbAlgorithm ab_algorithm_from_name(const std::string& name) {
  if (name == "paranoid") return AbAlgorithm::kParanoid;
  if (name == "brs") return AbAlgorithm::kBestReply;
  if (name == "maxn") return AbAlgorithm::kMaxN;
  throw std::invalid_argument("unknown search algorithm '" + name + "' (paranoid, brs, maxn)");
}

const char* ab_algorithm_name(AbAlgorithm algo) {
  switch (algo) {
    case AbAlgorithm::kParanoid: return "paranoid";
    case AbAlgorithm::kBestReply: return "brs";
    case AbAlgorithm::kMaxN: return "maxn";
  }
  return "?";
}

AlphaBetaSearch::AlphaBetaSearch(const AlphaBetaOptions& options)
    : options_(options),
      killers_(kMaxPly + 1, {-1, -1}),
      history_(action::kNumActions, 0),
      child_stack_(kMaxPly + 1),
      order_stack_(kMaxPly + 1),
      pv_(kMaxPly + 2) {
  if (options_.tt_log2 > 0) tt_.resize(size_t{1} << options_.tt_log2);
  if (options_.learned) learned_ = std::make_unique<LearnedEval>(options_.learned, kMaxPly);
}

void AlphaBetaSearch::set_limits(int max_depth, double seconds, uint64_t max_nodes) {
  options_.max_depth = max_depth;
  options_.seconds = seconds;
  options_.max_nodes = max_nodes;
}

std::array<float, 4> AlphaBetaSearch::evaluate(const Position& pos, int ply) const {
  Values v{};
  const int alive = pos.num_alive();
  if (alive <= 1) {
    const int n = pos.num_players();
    for (int seat = 0; seat < n; ++seat) {
      const PlayerId p = pos.player(seat);
      if (alive == 0)
        v[p] = 1.0f / static_cast<float>(n);
      else
        v[p] = pos.alive(p) ? 1.0f - kPlyDiscount * static_cast<float>(ply)
                            : kPlyDiscount * static_cast<float>(ply) / static_cast<float>(n - 1);
    }
    return v;
  }
  if (pos.quiet >= Position::kDrawQuietTurns) {  // the survivors share the draw
    for (int p = 0; p < 4; ++p) v[p] = pos.alive(p) ? 1.0f / static_cast<float>(alive) : 0.0f;
    return v;
  }
  const Values s = player_scores(pos, options_.weights);
  float total = 0;
  for (float x : s) total += x;
  for (int p = 0; p < 4; ++p) v[p] = s[p] / total;
  return v;
}

AlphaBetaSearch::Values AlphaBetaSearch::leaf_values(const Position& pos, int ply) {
  if (!learned_ || pos.game_over()) return evaluate(pos, ply);
  return learned_->shares(ply);
}

int AlphaBetaSearch::mover_positions(const Position& pos, bool reply, std::array<Position, 3>& out) const {
  if (!reply) {
    out[0] = pos;
    return 1;
  }
  int n = 0;
  for (int seat = 0; seat < pos.num_players(); ++seat) {
    const PlayerId q = pos.player(seat);
    if (q == root_player_ || !pos.alive(q)) continue;
    out[n] = pos;
    out[n].to_move = q;
    out[n].after = kNobody;
    ++n;
  }
  return n;
}

Position AlphaBetaSearch::next_position(const SearchChild& child, bool reply) const {
  Position next = child.after;
  if (reply && next.alive(root_player_)) {  // the root player moves after the reply
    next.to_move = root_player_;
    next.after = kNobody;
  }
  return next;
}

bool AlphaBetaSearch::best_reply_node(const Position& pos) const {
  // With one opponent left, best reply is plain alpha-beta in the game's own turn order.
  return options_.algorithm == AbAlgorithm::kBestReply && pos.num_alive() - 1 > 1;
}

bool AlphaBetaSearch::terminal(const Position& pos) const {
  return pos.game_over() || !pos.alive(root_player_);
}

bool AlphaBetaSearch::out_of_budget() {
  if (options_.max_nodes > 0 && nodes_ >= options_.max_nodes) return true;
  if ((nodes_ & 1023) != 0) return false;
  // The first whole depth is always finished: a stopped search still plays a searched move.
  if (iteration_ > 1 && options_.stop && options_.stop->load(std::memory_order_relaxed)) return true;
  if (options_.seconds <= 0 && !progress_.report) return false;
  const auto now = std::chrono::steady_clock::now();
  if (progress_.report && current_ && current_->depth > 0 &&
      std::chrono::duration<double>(now - last_progress_).count() >= progress_.seconds)
    report_progress(now, true);
  return options_.seconds > 0 && std::chrono::duration<double>(now - start_).count() >= options_.seconds;
}

void AlphaBetaSearch::report_progress(std::chrono::steady_clock::time_point now, bool periodic) {
  if (periodic) last_progress_ = now;
  current_->nodes = nodes_;
  current_->seconds = std::chrono::duration<double>(now - start_).count();
  progress_.report(*current_);
}

uint64_t AlphaBetaSearch::tt_key(const Position& pos, bool min_turn) const {
  return hash_turn(Turn(pos)) ^ kRootKeys[root_player_] ^ (min_turn ? kMinTurnKey : 0);
}

AlphaBetaSearch::TtEntry* AlphaBetaSearch::tt_probe(uint64_t key) {
  if (tt_.empty()) return nullptr;
  TtEntry& e = tt_[key & (tt_.size() - 1)];
  return e.key == key ? &e : nullptr;
}

void AlphaBetaSearch::tt_store(uint64_t key, int depth, float value, uint8_t bound, Action best) {
  if (tt_.empty()) return;
  TtEntry& e = tt_[key & (tt_.size() - 1)];
  if (e.key == key && e.depth > depth) return;  // keep the deeper result of this position
  e = {key, value, best, static_cast<int8_t>(std::min(depth, 127)), bound};
}

void AlphaBetaSearch::order_moves(const Turn& turn, int ply, Action tt_move, bool kills_only,
                                  std::vector<Ordered>& out) const {
  ActionBuffer buffer;
  const int n = turn.legal_actions(buffer.data());
  const Position& pos = turn.position();
  out.clear();
  for (int i = 0; i < n; ++i) {
    const Action a = buffer[i];
    const bool kill = may_kill(turn, a);
    if (kills_only && !kill) continue;
    int score = 0;
    if (a == tt_move) {
      score = 1 << 30;
    } else if (action::is_move_part(a)) {
      const Cell mover = pos.board[action::from_of(a)];
      const Cell target = pos.board[action::to_of(a)];
      if (kill && is_killer(kind_of(mover))) {
        // Most valuable victim first, least valuable killer first; own pieces last.
        score = pos.controls(turn.mover(), target)
                    ? -1000
                    : (1 << 20) + 16 * piece_value(kind_of(target)) - piece_value(kind_of(mover));
      } else if (kill) {
        score = (1 << 20) + 16 * piece_value(Kind::kReporter);
      } else if (kind_of(mover) == Kind::kDiplomat && is_chief(target)) {
        score = 1 << 19;
      } else if (a == killers_[ply][0]) {
        score = (1 << 18) + 1;
      } else if (a == killers_[ply][1]) {
        score = 1 << 18;
      } else {
        score = std::min(history_[a], (1 << 18) - 1);
      }
    }
    out.push_back({a, score});
  }
  std::stable_sort(out.begin(), out.end(), [](const Ordered& x, const Ordered& y) { return x.score > y.score; });
}

void AlphaBetaSearch::note_cutoff(Action first, int ply, int depth) {
  if (!action::is_move_part(first)) return;
  history_[first] = std::min(history_[first] + depth * depth, 1 << 24);
  if (killers_[ply][0] != first) {
    killers_[ply][1] = killers_[ply][0];
    killers_[ply][0] = first;
  }
}

void AlphaBetaSearch::note_pv(int ply, const SearchMove& move, PlayerId mover) {
  std::vector<PvStep>& line = pv_[static_cast<size_t>(ply)];
  line.clear();
  line.push_back({move, mover});
  const std::vector<PvStep>& rest = pv_[static_cast<size_t>(ply) + 1];
  line.insert(line.end(), rest.begin(), rest.end());
}

// Below depth 0 the search goes on as quiescence: kills only, and the side to move may stand
// pat (keep the static value), down to depth -quiescence. The maximising side is the root
// player, or under brs every node that is not a reply node.
float AlphaBetaSearch::alphabeta(const Position& pos, int depth, float alpha, float beta, int ply, bool min_turn) {
  ++nodes_;
  if (multipv_ > 0) pv_[ply].clear();
  enter(ply, pos);
  if (aborted_ || out_of_budget()) {
    aborted_ = true;
    return 0;
  }
  if (terminal(pos) || ply >= kMaxPly) return leaf_values(pos, ply)[root_player_];
  const bool brs = best_reply_node(pos);
  if (!brs) min_turn = false;
  const bool maximizing = brs ? !min_turn : pos.to_move == root_player_;
  const bool quiet = depth <= 0;
  float best = maximizing ? -kInfinity : kInfinity;
  if (quiet) {
    best = leaf_values(pos, ply)[root_player_];
    if (depth <= -options_.quiescence) return best;
    if (options_.pruning && (maximizing ? best >= beta : best <= alpha)) return best;
    if (maximizing)
      alpha = std::max(alpha, best);
    else
      beta = std::min(beta, best);
  }
  const uint64_t key = quiet ? 0 : tt_key(pos, min_turn);
  Action tt_move = -1;
  if (const TtEntry* e = quiet ? nullptr : tt_probe(key)) {
    tt_move = e->best;
    if (options_.pruning && e->depth >= depth) {
      if (e->bound == kExact) return e->value;
      if (e->bound == kLower && e->value >= beta) return e->value;
      if (e->bound == kUpper && e->value <= alpha) return e->value;
    }
  }
  const float alpha0 = alpha, beta0 = beta;
  Action best_first = -1;
  std::vector<SearchChild>& children = child_stack_[ply];
  std::vector<Ordered>& order = order_stack_[ply];
  std::array<Position, 3> movers;
  const int num_movers = mover_positions(pos, brs && min_turn, movers);
  for (int m = 0; m < num_movers; ++m) {
    const Turn turn(movers[m]);
    order_moves(turn, ply, tt_move, quiet, order);
    for (const Ordered& o : order) {
      children.clear();
      expand_first_part(turn, o.first, options_.placements, quiet, children);
      for (const SearchChild& child : children) {
        const float v = alphabeta(next_position(child, brs && min_turn), depth - 1, alpha, beta, ply + 1,
                                  brs && !min_turn);
        if (aborted_) return 0;
        if (maximizing ? v > best : v < best) {
          best = v;
          best_first = o.first;
          if (multipv_ > 0) note_pv(ply, child.move, movers[m].to_move);
        }
        if (maximizing)
          alpha = std::max(alpha, v);
        else
          beta = std::min(beta, v);
        if (options_.pruning && alpha >= beta) {
          if (!quiet) note_cutoff(o.first, ply, depth);
          goto done;
        }
      }
    }
  }
done:
  if (!quiet) {
    const uint8_t bound = best <= alpha0 ? kUpper : best >= beta0 ? kLower : kExact;
    tt_store(key, depth, best, bound, best_first);
    // The root player's own nodes: their value is the share of the player to move.
    if (bound == kExact && options_.label_interior && ply > 0 && !(brs && min_turn) && pos.to_move == root_player_)
      label(key, pos, best, depth);
  }
  return best;
}

void AlphaBetaSearch::label(uint64_t key, const Position& pos, float value, int depth) {
  auto [it, added] = labelled_.try_emplace(key, LabelledPosition{pos, value, depth});
  if (!added && it->second.depth <= depth) it->second = {pos, value, depth};
}

// Below depth 0 the search goes on as quiescence: kills only, the mover may also stand pat
// (keep the static value), down to depth -quiescence.
AlphaBetaSearch::Values AlphaBetaSearch::maxn(const Position& pos, int depth, int ply, PlayerId parent,
                                              float parent_best) {
  ++nodes_;
  if (multipv_ > 0) pv_[ply].clear();
  enter(ply, pos);
  if (aborted_ || out_of_budget()) {
    aborted_ = true;
    return {};
  }
  if (terminal(pos) || ply >= kMaxPly) return leaf_values(pos, ply);
  const bool quiet = depth <= 0;
  const PlayerId p = pos.to_move;
  Values best{};
  bool have = false;
  if (quiet) {
    best = leaf_values(pos, ply);
    have = true;
    if (depth <= -options_.quiescence || shallow_cut(options_.pruning, parent, p, parent_best, best[p])) return best;
  }
  const uint64_t key = quiet ? 0 : tt_key(pos, false);
  const TtEntry* e = quiet ? nullptr : tt_probe(key);
  const Turn turn(pos);
  std::vector<SearchChild>& children = child_stack_[ply];
  std::vector<Ordered>& order = order_stack_[ply];
  order_moves(turn, ply, e ? e->best : -1, quiet, order);
  Action best_first = -1;
  for (const Ordered& o : order) {
    children.clear();
    expand_first_part(turn, o.first, options_.placements, quiet, children);
    for (const SearchChild& child : children) {
      const Values v = maxn(child.after, depth - 1, ply + 1, p, have ? best[p] : -1.0f);
      if (aborted_) return {};
      if (!have || v[p] > best[p]) {
        best = v;
        best_first = o.first;
        have = true;
        if (multipv_ > 0) note_pv(ply, child.move, p);
      }
      if (shallow_cut(options_.pruning, parent, p, parent_best, best[p])) {
        if (!quiet) note_cutoff(o.first, ply, depth);
        goto done;
      }
    }
  }
done:
  if (!quiet) tt_store(key, depth, best[p], kExact, best_first);  // maxn keeps the move only, for ordering
  return best;
}

std::array<float, 4> AlphaBetaSearch::quiescence_values(const Position& pos) {
  start_ = std::chrono::steady_clock::now();
  nodes_ = 0;
  aborted_ = false;
  root_player_ = pos.to_move;
  return maxn(pos, 0, 0, kNobody, -1.0f);
}

AlphaBetaResult AlphaBetaSearch::search(const Position& root) {
  start_ = std::chrono::steady_clock::now();
  nodes_ = 0;
  aborted_ = false;
  root_player_ = root.to_move;
  enter(0, root);
  for (auto& k : killers_) k = {-1, -1};
  for (int& h : history_) h /= 8;  // keep a little of the last decision's history

  // The root's whole moves, in a seeded order, kills first.
  const Turn turn(root);
  std::vector<Ordered> order;
  const TtEntry* e = tt_probe(tt_key(root, false));
  order_moves(turn, 0, e ? e->best : -1, false, order);
  std::vector<std::pair<int, SearchChild>> moves;
  for (const Ordered& o : order) {
    std::vector<SearchChild> children;
    expand_first_part(turn, o.first, options_.placements, false, children);
    for (auto& c : children) moves.push_back({o.score, std::move(c)});
  }
  std::mt19937_64 rng(options_.seed);
  std::shuffle(moves.begin(), moves.end(), rng);
  std::stable_sort(moves.begin(), moves.end(), [](const auto& x, const auto& y) { return x.first > y.first; });

  AlphaBetaResult result;
  result.root_moves = static_cast<int>(moves.size());
  result.move = moves.front().second.move;
  current_ = &result;
  last_progress_ = start_;
  iteration_ = 0;
  labelled_.clear();
  auto finish = [&] {
    current_ = nullptr;
    for (auto& [key, labelled] : labelled_) result.labelled.push_back(std::move(labelled));
    labelled_.clear();
    result.nodes = nodes_;
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    return result;
  };
  if (moves.size() == 1) return finish();  // forced: nothing to search

  const bool scalar = options_.algorithm != AbAlgorithm::kMaxN;
  const int depth_limit = options_.max_depth > 0 ? options_.max_depth : 64;
  // Analysis: the `want` best values of this iteration so far, best first; the others are
  // searched against the last of them.
  const size_t want = static_cast<size_t>(std::max(multipv_, 1));
  for (int depth = 1; depth <= depth_limit; ++depth) {
    iteration_ = depth;
    float best = -kInfinity;
    size_t best_index = 0;
    size_t searched = 0;  // root moves fully searched at this depth
    std::vector<float> top, values;
    std::vector<std::vector<PvStep>> pvs;
    for (size_t i = 0; i < moves.size(); ++i) {
      const Position& after = moves[i].second.after;
      const float bound = multipv_ > 1 ? (top.size() >= want ? top[want - 1] : -kInfinity) : best;
      float v;
      if (scalar) {
        const float alpha = options_.pruning ? bound : -kInfinity;
        const bool reply = options_.algorithm == AbAlgorithm::kBestReply;
        v = alphabeta(after, depth - 1, alpha, kInfinity, 1, reply);
      } else {
        v = maxn(after, depth - 1, 1, root_player_, bound)[root_player_];
      }
      if (aborted_) break;
      ++searched;
      if (multipv_ > 0) {
        values.push_back(v);
        pvs.push_back(pv_[1]);
        top.insert(std::upper_bound(top.begin(), top.end(), v, std::greater<float>()), v);
        if (top.size() > want) top.pop_back();
      }
      if (v > best) {
        best = v;
        best_index = i;
      }
    }
    // An unfinished iteration still counts when it finished the previous best move (searched
    // first): its best among the moves it finished is at least as well founded.
    if (searched > 0) {
      result.move = moves[best_index].second.move;
      result.value = best;
    }
    // Analysis: the best root moves of the deepest iteration that searched enough of them (the
    // first of ties, as above, so that the first line is the move chosen).
    std::vector<size_t> best_first;
    if (multipv_ > 0 && searched >= std::min(want, moves.size())) {
      for (size_t i = 0; i < searched; ++i) best_first.push_back(i);
      std::stable_sort(best_first.begin(), best_first.end(), [&](size_t x, size_t y) { return values[x] > values[y]; });
      best_first.resize(std::min(want, best_first.size()));
      result.lines.clear();
      for (size_t i : best_first) result.lines.push_back({moves[i].second.move, values[i], depth, pvs[i]});
    }
    if (aborted_) break;
    result.depth = depth;
    if (multipv_ > 1) {  // the best moves first, in order, then the others as they were
      std::vector<std::pair<int, SearchChild>> reordered;
      std::vector<bool> taken(moves.size(), false);
      for (size_t i : best_first) {
        reordered.push_back(moves[i]);
        taken[i] = true;
      }
      for (size_t i = 0; i < moves.size(); ++i)
        if (!taken[i]) reordered.push_back(std::move(moves[i]));
      moves = std::move(reordered);
    } else {
      std::rotate(moves.begin(), moves.begin() + static_cast<long>(best_index),
                  moves.begin() + static_cast<long>(best_index) + 1);
    }
    if (progress_.report) report_progress(std::chrono::steady_clock::now(), false);
    if (best >= kWinThreshold) break;
    if (options_.stop && options_.stop->load(std::memory_order_relaxed)) break;
    if (options_.seconds > 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() > options_.seconds * 0.5)
      break;  // the next depth would not finish
    if (options_.max_nodes > 0 && nodes_ * 2 > options_.max_nodes) break;
  }
  // Several lines: an unfinished iteration that searched fewer moves than the lines keeps the
  // lines of the last one; the move is that of the first line.
  if (multipv_ > 1 && !result.lines.empty()) {
    result.move = result.lines.front().move;
    result.value = result.lines.front().value;
  }
  return finish();
}

}  // namespace djambi
