#include "train/analysis/djambi/record_analysis.h"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "env/djambi/game.h"
#include "env/djambi/notation.h"
#include "env/games.h"
#include "mcts/djambi/eval.h"

namespace djambi {

namespace {

// Living pieces of each party.
std::array<int, kNumParties> living_by_party(const Position& pos) {
  std::array<int, kNumParties> n{};
  for (Cell c : pos.board)
    if (is_living(c)) ++n[static_cast<size_t>(party_of(c))];
  return n;
}

std::array<int, kNumParties> chiefs_by_party(const Position& pos) {
  std::array<int, kNumParties> n{};
  for (Cell c : pos.board)
    if (is_living(c) && is_chief(c)) ++n[static_cast<size_t>(party_of(c))];
  return n;
}

// The opponents' living pieces that `pos`'s mover can kill with the first part of its turn:
// by moving a chief, assassin or militant onto them, or with a reporter's kill after its move
// (all of them under reporter_kills_all). Counted by the player controlling them.
std::array<int, 4> pieces_within_reach(const Position& pos) {
  const Turn turn(pos);
  const PlayerId mover = turn.mover();
  std::set<Square> victims;
  ActionBuffer actions;
  const int n = turn.legal_actions(actions.data());
  for (int i = 0; i < n; ++i) {
    const Action a = actions[static_cast<size_t>(i)];
    if (!action::is_move_part(a)) continue;
    const Kind kind = kind_of(pos.board[static_cast<size_t>(action::from_of(a))]);
    const Square to = action::to_of(a);
    if (is_killer(kind) && is_living(pos.board[static_cast<size_t>(to)])) victims.insert(to);
    if (kind != Kind::kReporter) continue;
    Turn moved = turn;
    moved.apply(a);
    for (int v = 0; v < moved.num_auto_victims(); ++v) victims.insert(moved.auto_victim(v));
    if (moved.phase() != Phase::kReport) continue;
    ActionBuffer reports;
    const int r = moved.legal_actions(reports.data());
    for (int k = 0; k < r; ++k) {
      if (!action::is_report(reports[static_cast<size_t>(k)])) continue;
      Turn reported = moved;
      reported.apply(reports[static_cast<size_t>(k)]);
      for (Square s = 0; s < kNumSquares; ++s)
        if (is_living(moved.position().board[static_cast<size_t>(s)]) &&
            reported.position().board[static_cast<size_t>(s)] == kCorpseCell)
          victims.insert(s);
    }
  }
  std::array<int, 4> by_player{};
  for (Square s : victims) {
    const PlayerId owner = pos.controller[static_cast<size_t>(party_of(pos.board[static_cast<size_t>(s)]))];
    if (owner != kNobody && owner != mover) ++by_player[static_cast<size_t>(owner)];
  }
  return by_player;
}

// piece_value of the living pieces other than chiefs that each player controls. Every alive
// player has one living chief worth 100, so this is what tells players apart.
std::array<int, 4> army_material(const Position& pos) {
  std::array<int, 4> m{};
  for (Cell c : pos.board) {
    if (!is_living(c) || is_chief(c)) continue;
    const PlayerId owner = pos.controller[static_cast<size_t>(party_of(c))];
    if (owner != kNobody) m[static_cast<size_t>(owner)] += piece_value(kind_of(c));
  }
  return m;
}

// The alive player other than `except` that the evaluation ranks first, or kNobody.
PlayerId expected_winner(const Position& pos, PlayerId except) {
  const std::array<float, 4> scores = player_scores(pos, EvalWeights{});
  PlayerId best = kNobody;
  for (int seat = 0; seat < pos.num_players(); ++seat) {
    const PlayerId p = pos.player(seat);
    if (p == except || !pos.alive(p)) continue;
    if (best == kNobody || scores[static_cast<size_t>(p)] > scores[static_cast<size_t>(best)]) best = p;
  }
  return best;
}

// Counts one game into `out` (a fresh RecordAnalysis of the right size); throws if the record
// does not replay, so that a bad record adds nothing.
class GameCounter {
 public:
  GameCounter(const GameRecord& record, size_t index, RecordAnalysis& out) : record_(record), index_(index), out_(out) {}

  void count() {
    std::shared_ptr<const Game> game = make_game(record_.game, parse_variant_list(record_.variants));
    before_ = as_djambi(*state_from_text(*game, record_.start))->position();
    seats_ = before_.num_players();
    truce_start_.assign(static_cast<size_t>(seats_ * seats_), 0);
    std::unique_ptr<GameState> end = replay_record(record_, [&](const GameState& after, size_t move, int seat) {
      const Position& now = as_djambi(after)->position();
      count_turn(before_, now, move, seat);
      before_ = now;
    });
    finish(*end);
  }

 private:
  int seat_of(PlayerId p) const { return before_.two_players() ? p / 2 : p; }
  std::string name(int seat) const {
    const std::string letter(1, player_letter(before_.player(seat)));
    return record_.players.empty() ? letter : letter + " " + record_.players[static_cast<size_t>(seat)];
  }
  PlayerStats& seat_stats(int seat) { return out_.by_seat[static_cast<size_t>(seat)]; }
  PlayerStats& player_stats(int seat) {
    return out_.by_player[record_.players.empty() ? std::string(1, player_letter(before_.player(seat)))
                                                  : record_.players[static_cast<size_t>(seat)]];
  }
  template <class F>
  void both(int seat, F&& add) {
    add(seat_stats(seat));
    add(player_stats(seat));
  }

  void count_turn(const Position& b, const Position& a, size_t move, int seat) {
    const PlayerId mover = b.player(seat);
    both(seat, [](PlayerStats& s) { ++s.turns; });
    ++turns_;
    const Move parsed = parse_move(record_.moves[move]);
    count_pieces_used(b, parsed, seat);
    if (b.holder() == mover) both(seat, [](PlayerStats& s) { ++s.throne_turns; });
    if (a.holder() == mover && b.holder() != mover) both(seat, [](PlayerStats& s) { ++s.throne_seizures; });

    // Kills, by the player that controlled the victims before the turn.
    const auto living_b = living_by_party(b), living_a = living_by_party(a);
    const auto chiefs_b = chiefs_by_party(b), chiefs_a = chiefs_by_party(a);
    std::array<int, 4> opponent_kills{};  // by victim player
    std::vector<bool> hostile(static_cast<size_t>(seats_), false);
    for (int q = 0; q < kNumParties; ++q) {
      const int killed = living_b[static_cast<size_t>(q)] - living_a[static_cast<size_t>(q)];
      const int chiefs = chiefs_b[static_cast<size_t>(q)] - chiefs_a[static_cast<size_t>(q)];
      const PlayerId owner = b.controller[static_cast<size_t>(q)];
      const int victim = owner == kNobody ? kZombies : seat_of(owner);
      out_.kills[static_cast<size_t>(seat)][static_cast<size_t>(victim)] += killed;
      out_.chief_kills[static_cast<size_t>(seat)][static_cast<size_t>(victim)] += chiefs;
      if (owner == mover) {
        both(seat, [&](PlayerStats& s) { s.own_kills += killed; });
        continue;
      }
      both(seat, [&](PlayerStats& s) {
        s.kills += killed;
        s.chief_kills += chiefs;
      });
      if (owner != kNobody && killed > 0) {
        opponent_kills[static_cast<size_t>(owner)] += killed;
        hostile[static_cast<size_t>(victim)] = true;
      }
      // An army the mover controls now and did not before.
      if (a.controller[static_cast<size_t>(q)] == mover) {
        const int from = owner == kNobody ? kZombies : victim;
        out_.armies_taken[static_cast<size_t>(seat)][static_cast<size_t>(from)] += 1;
        both(seat, [](PlayerStats& s) { ++s.armies_taken; });
        if (owner != kNobody) hostile[static_cast<size_t>(victim)] = true;
      }
    }
    count_leader_attack(b, mover, opponent_kills);
    count_truces(b, a, seat, hostile);
    count_kingmaking(b, a, move, seat);
    for (int s = 0; s < seats_; ++s)
      if (b.alive(b.player(s)) && !a.alive(a.player(s))) {
        both(s, [&](PlayerStats& st) {
          ++st.eliminated;
          st.elimination_turn_sum += static_cast<double>(move + 1);
        });
      }
  }

  void count_pieces_used(const Position& b, const Move& m, int seat) {
    if (m.is_pass()) return;
    const Kind kind = kind_of(b.board[static_cast<size_t>(m.parts[0].from)]);
    const bool onto_piece = m.parts[0].capture;
    both(seat, [&](PlayerStats& s) {
      if (kind == Kind::kDiplomat) {
        ++s.diplomat_moves;
        s.displacements += onto_piece;
      }
      if (kind == Kind::kNecromobile && onto_piece) ++s.necromobile_burials;
      if (kind == Kind::kReporter) s.reporter_kills += m.num_victims;
    });
  }

  // The leaders: the mover's alive opponents with the most material before the turn.
  void count_leader_attack(const Position& b, PlayerId mover, const std::array<int, 4>& opponent_kills) {
    int killed = 0;
    for (int k : opponent_kills) killed += k;
    if (killed == 0) return;
    const EvalTerms terms = eval_terms(b);
    int top = -1;
    for (int s = 0; s < seats_; ++s) {
      const PlayerId p = b.player(s);
      if (p != mover && b.alive(p)) top = std::max(top, terms.material[static_cast<size_t>(p)]);
    }
    const std::array<int, 4> reach = pieces_within_reach(b);
    int leader_kills = 0, leader_reach = 0, all_reach = 0;
    for (int s = 0; s < seats_; ++s) {
      const PlayerId p = b.player(s);
      const bool leader = p != mover && b.alive(p) && terms.material[static_cast<size_t>(p)] == top;
      all_reach += reach[static_cast<size_t>(p)];
      if (!leader) continue;
      leader_kills += opponent_kills[static_cast<size_t>(p)];
      leader_reach += reach[static_cast<size_t>(p)];
    }
    if (all_reach == 0) return;  // kills the first move part could not make (an exit, a surrounded chief)
    ++out_.leader_attack_turns;
    out_.leader_attacks += static_cast<double>(leader_kills) / killed;
    out_.leader_attacks_expected += static_cast<double>(leader_reach) / all_reach;
  }

  // A truce between two seats runs from the turn after their last hostile act (or the start)
  // while both are alive; it ends broken at a hostile act, unbroken when one goes out.
  void count_truces(const Position& b, const Position& a, int seat, const std::vector<bool>& hostile) {
    const EvalTerms terms = eval_terms(b);
    for (int x = 0; x < seats_; ++x)
      for (int y = x + 1; y < seats_; ++y) {
        const PlayerId px = b.player(x), py = b.player(y);
        if (!b.alive(px) || !b.alive(py)) continue;
        size_t& start = truce_start_[static_cast<size_t>(x * seats_ + y)];
        TruceStats& t = out_.truces[{x, y}];
        const int other = seat == x ? y : seat == y ? x : -1;
        if (other >= 0 && hostile[static_cast<size_t>(other)]) {
          t.truces += turns_ - 1 > start;
          t.turns += static_cast<long long>(turns_ - 1 - start);
          if (turns_ - 1 > start) {
            ++t.broken;
            const PlayerId victim = b.player(other), author = b.player(seat);
            t.broken_by_stronger +=
                terms.material[static_cast<size_t>(author)] > terms.material[static_cast<size_t>(victim)];
          }
          start = turns_;
        } else if (!a.alive(a.player(x)) || !a.alive(a.player(y))) {
          t.truces += turns_ > start;
          t.turns += static_cast<long long>(turns_ - start);
        }
      }
  }

  // Out of contention: three or more players alive, and an army (material without the chief)
  // smaller than the strongest other player's and at most half of it. A move is kingmaking
  // when it changes which other player the evaluation (mcts/djambi/eval.h) ranks first.
  void count_kingmaking(const Position& b, const Position& a, size_t move, int seat) {
    const PlayerId mover = b.player(seat);
    if (b.num_alive() < 3) return;
    const std::array<int, 4> army = army_material(b);
    int strongest_other = 0;
    for (int s = 0; s < seats_; ++s)
      if (s != seat && b.alive(b.player(s)))
        strongest_other = std::max(strongest_other, army[static_cast<size_t>(b.player(s))]);
    const int own = army[static_cast<size_t>(mover)];
    if (own >= strongest_other || 2 * own > strongest_other) return;
    ++out_.out_of_contention_turns;
    both(seat, [](PlayerStats& s) { ++s.out_of_contention_turns; });
    const PlayerId before = expected_winner(b, mover), after = expected_winner(a, mover);
    if (before == kNobody || after == kNobody || before == after) return;
    both(seat, [](PlayerStats& s) { ++s.kingmaking_moves; });
    out_.kingmaking.push_back({index_, move, name(seat), record_.moves[move], std::string(1, player_letter(before)),
                               std::string(1, player_letter(after))});
  }

  void finish(const GameState& end) {
    const Position& last = as_djambi(end)->position();
    ++out_.games;
    out_.turns += turns_;
    const bool finished = end.is_terminal();
    out_.finished += finished;
    std::vector<int> ranks(static_cast<size_t>(seats_));
    if (finished) end.ranks(ranks.data());
    const int first = static_cast<int>(std::count(ranks.begin(), ranks.end(), 1));
    for (int s = 0; s < seats_; ++s) {
      const bool alive = last.alive(last.player(s));
      both(s, [&](PlayerStats& st) {
        ++st.games;
        if (!finished) return;
        st.rank_sum += ranks[static_cast<size_t>(s)];
        st.wins += ranks[static_cast<size_t>(s)] == 1 && first == 1;
        st.shared_draws += ranks[static_cast<size_t>(s)] == 1 && first > 1;
        st.survived += alive;
      });
      if (finished && ranks[static_cast<size_t>(s)] == 1 && first == 1) ++out_.first_place_by_seat[static_cast<size_t>(s)];
    }
    // Truces still running at the end of the game.
    for (int x = 0; x < seats_; ++x)
      for (int y = x + 1; y < seats_; ++y)
        if (last.alive(last.player(x)) && last.alive(last.player(y))) {
          const size_t start = truce_start_[static_cast<size_t>(x * seats_ + y)];
          TruceStats& t = out_.truces[{x, y}];
          t.truces += turns_ > start;
          t.turns += static_cast<long long>(turns_ - start);
        }
  }

  const GameRecord& record_;
  size_t index_;
  RecordAnalysis& out_;
  Position before_;
  int seats_ = 0;
  size_t turns_ = 0;
  std::vector<size_t> truce_start_;  // by seat pair: the turn count when its current truce began
};

// Adds one game's counts to the totals.
void merge(RecordAnalysis& total, const RecordAnalysis& game) {
  auto add_stats = [](PlayerStats& t, const PlayerStats& g) {
    t.games += g.games;
    t.wins += g.wins;
    t.shared_draws += g.shared_draws;
    t.rank_sum += g.rank_sum;
    t.survived += g.survived;
    t.eliminated += g.eliminated;
    t.elimination_turn_sum += g.elimination_turn_sum;
    t.turns += g.turns;
    t.kills += g.kills;
    t.own_kills += g.own_kills;
    t.chief_kills += g.chief_kills;
    t.armies_taken += g.armies_taken;
    t.throne_turns += g.throne_turns;
    t.throne_seizures += g.throne_seizures;
    t.diplomat_moves += g.diplomat_moves;
    t.displacements += g.displacements;
    t.necromobile_burials += g.necromobile_burials;
    t.reporter_kills += g.reporter_kills;
    t.kingmaking_moves += g.kingmaking_moves;
    t.out_of_contention_turns += g.out_of_contention_turns;
  };
  total.games += game.games;
  total.finished += game.finished;
  total.turns += game.turns;
  for (size_t s = 0; s < game.by_seat.size(); ++s) {
    add_stats(total.by_seat[s], game.by_seat[s]);
    total.first_place_by_seat[s] += game.first_place_by_seat[s];
    for (size_t v = 0; v < 5; ++v) {
      total.kills[s][v] += game.kills[s][v];
      total.chief_kills[s][v] += game.chief_kills[s][v];
      total.armies_taken[s][v] += game.armies_taken[s][v];
    }
  }
  for (const auto& [spec, stats] : game.by_player) add_stats(total.by_player[spec], stats);
  total.leader_attack_turns += game.leader_attack_turns;
  total.leader_attacks += game.leader_attacks;
  total.leader_attacks_expected += game.leader_attacks_expected;
  for (const auto& [pair, t] : game.truces) {
    TruceStats& sum = total.truces[pair];
    sum.truces += t.truces;
    sum.turns += t.turns;
    sum.broken += t.broken;
    sum.broken_by_stronger += t.broken_by_stronger;
  }
  total.out_of_contention_turns += game.out_of_contention_turns;
  total.kingmaking.insert(total.kingmaking.end(), game.kingmaking.begin(), game.kingmaking.end());
}

RecordAnalysis empty_analysis(int seats) {
  RecordAnalysis a;
  a.seats = seats;
  a.by_seat.resize(static_cast<size_t>(seats));
  a.first_place_by_seat.assign(static_cast<size_t>(seats), 0);
  a.kills.assign(static_cast<size_t>(seats), VictimCounts{});
  a.chief_kills = a.armies_taken = a.kills;
  return a;
}

}  // namespace

RecordAnalysis analyze_records(const std::vector<GameRecord>& records) {
  if (records.empty()) throw std::invalid_argument("no game records to analyse");
  RecordAnalysis total;
  for (size_t i = 0; i < records.size(); ++i) {
    const GameRecord& r = records[i];
    const std::string which = "record " + std::to_string(i + 1);
    if (r.game != "djambi")
      throw std::invalid_argument(which + " is a game of " + r.game + "; the analysis measures Djambi games");
    const int seats = parse_variant_list(r.variants).has(Variant::kTwoPlayers) ? 2 : 4;
    if (i == 0) total = empty_analysis(seats);
    if (seats != total.seats)
      throw std::invalid_argument(which + " has " + std::to_string(seats) + " players, the records before it " +
                                  std::to_string(total.seats) + ": analyse them apart");
    RecordAnalysis game = empty_analysis(seats);
    try {
      GameCounter(r, i, game).count();
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(which + " does not replay: " + e.what());
    }
    merge(total, game);
  }
  return total;
}

}  // namespace djambi
