// The alpha-beta player: forced wins, chief safety, agreement of the three algorithms where the
// game makes them agree, pruning against brute force, determinism, and its spec.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>

#include "env/djambi/game.h"
#include "env/djambi/moves.h"
#include "env/djambi/notation.h"
#include "env/random.h"
#include "env/tictactoe/game.h"
#include "mcts/basic_players.h"
#include "mcts/djambi/alphabeta_player.h"

namespace djambi {
namespace {

constexpr AbAlgorithm kAlgorithms[] = {AbAlgorithm::kParanoid, AbAlgorithm::kBestReply, AbAlgorithm::kMaxN};

AlphaBetaOptions fixed_depth(AbAlgorithm algo, int depth) {
  AlphaBetaOptions o;
  o.algorithm = algo;
  o.max_depth = depth;
  return o;
}

Position after_move(Position pos, const SearchMove& move) {
  Turn turn(pos);
  for (int i = 0; i < move.size; ++i) turn.apply(move.actions[i]);
  return turn.position();
}

// Whether `player` (to move in `pos`) has a whole move after which it is the only one alive.
bool wins_in_one(const Position& pos) {
  for (const LegalMove& m : legal_moves(pos)) {
    Position after = pos;
    apply_move(after, m);
    if (after.num_alive() == 1 && after.alive(pos.to_move)) return true;
  }
  return false;
}

// Red's assassin on b4 takes Blue's chief on b8, the last opponent.
const char* kWinInOne = "9/1Cb7/9/9/8Mb/1Ar7/9/9/Cr8 r rbrr - 0 10";
// Red holds power (chief on e5) and plays an extra turn, then its regular one. Blue's chief on
// i1 is shielded: by a militant on i5 from the assassin on i9, by one on g3 from Red's chief.
const char* kWinInTwo = "8Ar/9/9/9/4Cr3Mb/9/6Mb2/9/8Cb r rbrr b 0 10";
// Blue, next to move, has an assassin on a6 aimed at Red's chief on a1; a militant on c3 could
// take Blue's diplomat on c5 instead.
const char* kChiefInDanger = "Cg7Cy/9/9/Ab8/2Db6/9/2Mr6/9/Cr7Cb r rbyg - 0 10";

TEST(AlphaBeta, EveryAlgorithmFindsAWinInOne) {
  const Position pos = parse_position(kWinInOne);
  for (AbAlgorithm algo : kAlgorithms) {
    AlphaBetaSearch search(fixed_depth(algo, 2));
    const AlphaBetaResult r = search.search(pos);
    const Position after = after_move(pos, r.move);
    EXPECT_TRUE(after.alive(0) && after.num_alive() == 1) << ab_algorithm_name(algo);
    EXPECT_GT(r.value, 0.99f) << ab_algorithm_name(algo);
  }
}

TEST(AlphaBeta, EveryAlgorithmFindsAWinInTwoOwnTurns) {
  const Position pos = parse_position(kWinInTwo);
  ASSERT_FALSE(wins_in_one(pos));
  for (AbAlgorithm algo : kAlgorithms) {
    AlphaBetaSearch search(fixed_depth(algo, 3));
    const AlphaBetaResult r = search.search(pos);
    const Position after = after_move(pos, r.move);
    ASSERT_EQ(after.to_move, 0) << "Red's regular turn follows its extra turn";
    EXPECT_TRUE(wins_in_one(after)) << ab_algorithm_name(algo);
    EXPECT_GT(r.value, 0.99f) << ab_algorithm_name(algo);
  }
}

TEST(AlphaBeta, EveryAlgorithmKeepsItsChiefFromTheNextPlayer) {
  const Position pos = parse_position(kChiefInDanger);
  for (AbAlgorithm algo : kAlgorithms) {
    AlphaBetaSearch search(fixed_depth(algo, 2));
    const Position after = after_move(pos, search.search(pos).move);
    ASSERT_EQ(after.to_move, 1);
    for (const LegalMove& m : legal_moves(after)) {
      Position reply = after;
      apply_move(reply, m);
      EXPECT_TRUE(reply.alive(0)) << ab_algorithm_name(algo) << " loses its chief after "
                                  << format_position(after);
    }
  }
}

// Running positions 10 to 60 random turns from the start.
std::vector<Position> random_positions(Variants variants, int count, uint64_t seed) {
  Rng rng(seed);
  std::vector<Position> out;
  while (static_cast<int>(out.size()) < count) {
    Position pos = Position::start(variants);
    const int turns = 10 + static_cast<int>(rng.below(50));
    for (int t = 0; t < turns && !pos.game_over(); ++t) {
      const auto moves = legal_moves(pos);
      apply_move(pos, moves[rng.below(static_cast<uint32_t>(moves.size()))]);
    }
    if (!pos.game_over()) out.push_back(pos);
  }
  return out;
}

AlphaBetaOptions small_search(AbAlgorithm algo, bool pruning) {
  AlphaBetaOptions o = fixed_depth(algo, 2);
  o.quiescence = 1;
  o.placements = 2;
  o.tt_log2 = 0;  // a table could carry a deeper value into a shallower node
  o.pruning = pruning;
  return o;
}

TEST(AlphaBeta, PruningGivesTheValueOfPlainMinimax) {
  for (AbAlgorithm algo : kAlgorithms) {
    for (const Position& pos : random_positions({}, 4, 7)) {
      AlphaBetaSearch pruned(small_search(algo, true)), plain(small_search(algo, false));
      const AlphaBetaResult a = pruned.search(pos), b = plain.search(pos);
      EXPECT_NEAR(a.value, b.value, 1e-6) << ab_algorithm_name(algo) << " " << format_position(pos);
      EXPECT_LE(a.nodes, b.nodes);
    }
  }
}

TEST(AlphaBeta, TheAlgorithmsAgreeWithTwoPlayers) {
  Variants two;
  two.set(Variant::kTwoPlayers);
  for (const Position& pos : random_positions(two, 4, 11)) {
    float values[3];
    for (int i = 0; i < 3; ++i) values[i] = AlphaBetaSearch(small_search(kAlgorithms[i], true)).search(pos).value;
    EXPECT_NEAR(values[0], values[1], 1e-5) << format_position(pos);
    EXPECT_NEAR(values[0], values[2], 1e-5) << format_position(pos);
  }
}

// TreeStrap-style labels: each interior position a scalar search valued exactly, the root
// player to move there, is worth what a search of its own to the same depth finds. (Paranoid
// comes back to the root player after every opponent: two players, so that depth 3 reaches it.)
TEST(AlphaBeta, LabelledInteriorPositionsHoldTheirOwnSearchValue) {
  Variants two;
  two.set(Variant::kTwoPlayers);
  for (AbAlgorithm algo : {AbAlgorithm::kParanoid, AbAlgorithm::kBestReply}) {
    size_t labelled = 0;
    for (const Position& pos : random_positions(algo == AbAlgorithm::kParanoid ? two : Variants{}, 3, 21)) {
      AlphaBetaOptions o = small_search(algo, true);
      o.max_depth = 3;
      EXPECT_TRUE(AlphaBetaSearch(o).search(pos).labelled.empty()) << "labels only when asked";
      o.label_interior = true;
      const AlphaBetaResult r = AlphaBetaSearch(o).search(pos);
      std::set<std::string> seen;
      for (const LabelledPosition& l : r.labelled) {
        const std::string text = format_position(l.position);
        EXPECT_TRUE(seen.insert(text).second) << "twice: " << text;
        EXPECT_NE(text, format_position(pos)) << "the root is not an interior position";
        EXPECT_EQ(l.position.to_move, pos.to_move) << text;
        EXPECT_GE(l.depth, 1);
        EXPECT_LT(l.depth, o.max_depth);
        AlphaBetaOptions own = small_search(algo, false);
        own.max_depth = l.depth;
        const AlphaBetaResult again = AlphaBetaSearch(own).search(l.position);
        if (again.root_moves == 1) continue;  // a forced move: the search returns it unsearched
        EXPECT_NEAR(again.value, l.value, 1e-5) << ab_algorithm_name(algo) << " " << text << " at depth " << l.depth;
      }
      labelled += r.labelled.size();
    }
    EXPECT_GT(labelled, 0u) << ab_algorithm_name(algo);
  }
}

TEST(AlphaBeta, IsDeterministicForASeedAndDepth) {
  const Position pos = random_positions({}, 1, 3).front();
  for (AbAlgorithm algo : kAlgorithms) {
    AlphaBetaOptions o = fixed_depth(algo, 2);
    o.seed = 42;
    const AlphaBetaResult a = AlphaBetaSearch(o).search(pos), b = AlphaBetaSearch(o).search(pos);
    EXPECT_TRUE(a.move == b.move);
    EXPECT_EQ(a.nodes, b.nodes);
    EXPECT_EQ(a.value, b.value);
  }
}

TEST(AlphaBeta, StopsAtItsNodeBudget) {
  AlphaBetaOptions o;
  o.max_nodes = 5000;
  const AlphaBetaResult r = AlphaBetaSearch(o).search(Position::start());
  EXPECT_LE(r.nodes, 5000u);
  EXPECT_GE(r.depth, 1);
}

TEST(AlphaBetaPlayer, PlaysByItsSpecAndRefusesBadOnes) {
  const auto factory = basic_player_factory();
  auto game = std::make_shared<DjambiGame>();
  auto player = factory.create("ab:algo=paranoid,depth=1", game, 1);
  DjambiState s(parse_position(kWinInOne), RewardScheme::kWinner);
  for (Action a : player->choose_turn(s)) s.apply_action(a);
  EXPECT_TRUE(s.is_terminal());
  EXPECT_NE(player->last_analysis().find("depth 1"), std::string::npos);
  for (const char* bad : {"ab:algo=minimax", "ab:depth=0", "ab:depth=33", "ab:time=0", "ab:time=nan",
                          "ab:placements=-1", "ab:foo=1", "ab:x.djp", "ab:threat=-1", "ab:militant=nan",
                          "ab:mobility=1000", "ab:throne=5,eval=x.dje"}) {
    EXPECT_THROW(factory.create(bad, game, 1), std::invalid_argument) << bad;
  }
  EXPECT_THROW(factory.create("ab", std::make_shared<TicTacToeGame>(), 1), std::invalid_argument);
  EXPECT_NO_THROW(factory.create("ab:material=2,threat=0,throne=30,mobility=0,assassin=7,reporter=4,diplomat=3,"
                                 "necromobile=1,militant=0.5",
                                 game, 1));
}

}  // namespace
}  // namespace djambi
