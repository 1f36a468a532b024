// Djambi's learned evaluation (mcts/djambi/learned_eval.h): its features, accumulators brought
// along a line equal to ones computed afresh, the alpha-beta search scoring its leaves with it,
// and bundles refused for another game, feature set or variant set.
#include "mcts/djambi/learned_eval.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "env/djambi/game.h"
#include "env/djambi/turn.h"
#include "env/random.h"
#include "mcts/djambi/alphabeta.h"
#include "mcts/djambi/search_moves.h"
#include "mcts/player.h"
#include "tests/temp_dir.h"

namespace djambi {
namespace {

std::shared_ptr<const AccumulatorNet> random_net(int hidden, int head, uint64_t seed) {
  auto net = std::make_shared<AccumulatorNet>(AccumulatorNetShape{kLearnedEvalFeatures, hidden, head});
  std::mt19937_64 rng(seed);
  std::normal_distribution<float> normal(0.0f, 0.2f);
  for (auto* v : {&net->feature_weights, &net->feature_bias, &net->head_weights, &net->head_bias, &net->out_weights})
    for (float& x : *v) x = normal(rng);
  return net;
}

TEST(LearnedEvalFeatures, EachPlayerSeesItsOwnPiecesInItsOwnCorner) {
  const Position start = Position::start();
  for (PlayerId p = 0; p < 4; ++p) {
    int features[kMaxActiveFeatures];
    const int n = learned_eval_features(start, p, features);
    ASSERT_EQ(n, 4 * 9 + 1);  // nine pieces a party, and the player to move
    EXPECT_EQ(features[n - 1], 2511 + (4 - p) % 4);  // red to move, seen from p
    int own = 0;
    for (int i = 0; i < n - 1; ++i) {
      ASSERT_GE(features[i], 0);
      ASSERT_LT(features[i], 2430);  // living pieces only at the start
      const int relation = features[i] / kNumSquares % 5, square = features[i] % kNumSquares;
      if (relation != 0) continue;
      ++own;
      EXPECT_LE(file_of(square), 2) << "player " << int(p);
      EXPECT_LE(rank_of(square), 2) << "player " << int(p);
    }
    EXPECT_EQ(own, 9);
  }
}

// Over random games of every variant set, through every kind of decision, the accumulators
// brought from the previous decision's equal those computed afresh.
TEST(LearnedEval, AccumulatorsBroughtAlongALineEqualFreshOnes) {
  const auto net = random_net(24, 8, 11);
  std::array<int, 4> phases_seen{};
  int controller_changes = 0, checked = 0;
  for (int bits = 0; bits < (1 << kNumVariants); ++bits) {
    Variants variants;
    for (int v = 0; v < kNumVariants; ++v)
      if (bits & (1 << v)) variants.set(static_cast<Variant>(v));
    Rng rng(1000 + static_cast<uint64_t>(bits));
    constexpr int kLine = 60;  // plies of one line, then a new line from its last position
    LearnedEval eval(net, kLine);
    std::vector<Position> line(kLine + 1);
    Turn turn(Position::start(variants));
    line[0] = turn.position();
    eval.enter(0, line[0]);
    int ply = 0;
    ActionBuffer buffer;
    for (int decision = 0; decision < 400 && !turn.game_over(); ++decision) {
      const int n = turn.legal_actions(buffer.data());
      ASSERT_GT(n, 0);
      ++phases_seen[static_cast<int>(turn.phase())];
      turn.apply(buffer[rng.below(static_cast<uint32_t>(n))]);
      if (ply == kLine) {
        line[0] = line[kLine];
        eval.enter(0, line[0]);
        ply = 0;
      }
      controller_changes += line[ply].controller != turn.position().controller;
      line[++ply] = turn.position();
      eval.enter(ply, line[ply]);
      // Every other decision: leave a ply uncomputed, so that the next brings two plies along.
      if (decision % 3 == 1) continue;
      const Position& pos = line[ply];
      int features[kMaxActiveFeatures];
      std::vector<float> fresh(24);
      for (PlayerId p = 0; p < 4; ++p) {
        if (!pos.is_player(p) || !pos.alive(p)) continue;
        net->refresh(features, learned_eval_features(pos, p, features), fresh.data());
        const float* brought = eval.accumulator(ply, p);
        for (int h = 0; h < 24; ++h) ASSERT_NEAR(brought[h], fresh[h], 1e-4) << "variants " << bits << " decision " << decision;
        ++checked;
      }
      const auto a = eval.shares(ply), b = learned_eval_shares(*net, pos);
      for (int p = 0; p < 4; ++p) ASSERT_NEAR(a[p], b[p], 1e-5);
    }
  }
  EXPECT_GT(checked, 20000);
  for (int phase = 0; phase < 4; ++phase) EXPECT_GT(phases_seen[phase], 0) << "phase " << phase;
  EXPECT_GT(controller_changes, 0);  // chiefs killed: parties inherited or turned zombie
}

TEST(LearnedEval, SharesSumToOneOverTheAlivePlayers) {
  const auto net = random_net(16, 4, 3);
  Rng rng(5);
  Turn turn(Position::start());
  ActionBuffer buffer;
  for (int i = 0; i < 600 && !turn.game_over(); ++i) {
    turn.apply(buffer[rng.below(static_cast<uint32_t>(turn.legal_actions(buffer.data())))]);
    const Position& pos = turn.position();
    const auto shares = learned_eval_shares(*net, pos);
    float total = 0;
    for (PlayerId p = 0; p < 4; ++p) {
      if (!pos.alive(p)) {
        EXPECT_EQ(shares[p], 0.0f);
      }
      EXPECT_GE(shares[p], 0.0f);
      total += shares[p];
    }
    EXPECT_NEAR(total, 1.0f, 1e-5);
  }
}

// At depth 1 without quiescence, the search's value is the best of the root's moves as the
// learned evaluation scores the positions after them.
TEST(LearnedEval, TheSearchScoresItsLeavesWithIt) {
  const auto net = random_net(32, 8, 21);
  Rng rng(9);
  Position pos = Position::start();
  for (int k = 0; k < 12; ++k) {
    AlphaBetaOptions o;
    o.max_depth = 1;
    o.quiescence = 0;
    o.learned = net;
    AlphaBetaSearch search(o);
    const AlphaBetaResult result = search.search(pos);
    const Turn turn(pos);
    ActionBuffer buffer;
    const int n = turn.legal_actions(buffer.data());
    float best = -1;
    std::vector<SearchChild> children;
    for (int i = 0; i < n; ++i) expand_first_part(turn, buffer[i], o.placements, false, children);
    for (const SearchChild& c : children) best = std::max(best, learned_eval_shares(*net, c.after)[pos.to_move]);
    if (children.size() > 1) {
      EXPECT_NEAR(result.value, best, 1e-5) << "turn " << k;
    }
    EXPECT_GT(search.learned_updates(), 0u);
    pos = children[rng.below(static_cast<uint32_t>(children.size()))].after;
  }
}

// The -on-eval feature set adds the hand-written evaluation's log scores to the logits: with
// zero output weights it is the hand-written evaluation, and the search with it searches alike.
TEST(LearnedEval, OnTheHandWrittenEvaluationNoCorrectionIsThatEvaluation) {
  auto zero = std::make_shared<AccumulatorNet>(*random_net(16, 4, 7));
  std::fill(zero->out_weights.begin(), zero->out_weights.end(), 0.0f);
  zero->out_bias = 0.3f;  // the same for every player: no effect on shares
  zero->on_base = true;
  Rng rng(13);
  Turn turn(Position::start());
  ActionBuffer buffer;
  AlphaBetaSearch hand_written(AlphaBetaOptions{});
  int compared = 0;
  for (int i = 0; i < 400 && !turn.game_over(); ++i) {
    turn.apply(buffer[rng.below(static_cast<uint32_t>(turn.legal_actions(buffer.data())))]);
    const Position& pos = turn.position();
    if (pos.game_over() || pos.quiet >= Position::kDrawQuietTurns) continue;
    const auto learned = learned_eval_shares(*zero, pos), expected = hand_written.evaluate(pos, 0);
    for (int p = 0; p < 4; ++p) ASSERT_NEAR(learned[p], expected[p], 1e-5) << "decision " << i;
    ++compared;
  }
  EXPECT_GT(compared, 100);

  Position pos = Position::start();
  for (int k = 0; k < 6; ++k) {
    AlphaBetaOptions o;
    o.max_depth = 2;
    AlphaBetaSearch plain(o);
    o.learned = zero;
    AlphaBetaSearch corrected(o);
    const AlphaBetaResult a = plain.search(pos), b = corrected.search(pos);
    EXPECT_TRUE(a.move == b.move) << "turn " << k;
    EXPECT_NEAR(a.value, b.value, 1e-5) << "turn " << k;
    EXPECT_GT(corrected.learned_updates(), 0u);
    Turn next(pos);
    for (int i = 0; i < a.move.size; ++i) next.apply(a.move.actions[static_cast<size_t>(i)]);
    pos = next.position();
  }

  // A correction moves the shares away from the hand-written ones.
  const auto corrected = random_net(16, 4, 7);
  auto on_base = std::make_shared<AccumulatorNet>(*corrected);
  on_base->on_base = true;
  const auto a = learned_eval_shares(*on_base, pos), b = learned_eval_shares(*corrected, pos);
  EXPECT_GT(std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]), 1e-3);
}

TEST(LearnedEval, TheAbPlayerLoadsABundleForItsVariantSetOnly) {
  test::TempDir dir("learned_eval");
  EvalBundle bundle{{"djambi", "", kLearnedEvalFeatureSet, 3, "test"}, *random_net(8, 4, 1)};
  write_eval_bundle(dir.file("plain.dje"), bundle);
  bundle.info.variants = "two_players";
  write_eval_bundle(dir.file("two.dje"), bundle);
  bundle.info.variants = "";
  bundle.info.feature_set = "djambi-pieces-0";
  write_eval_bundle(dir.file("old.dje"), bundle);
  bundle.info.feature_set = kLearnedEvalOnEvalFeatureSet;
  write_eval_bundle(dir.file("on-eval.dje"), bundle);
  EXPECT_TRUE(load_learned_eval(dir.file("on-eval.dje"), Variants())->on_base);
  EXPECT_FALSE(load_learned_eval(dir.file("plain.dje"), Variants())->on_base);
  bundle.info.feature_set = kLearnedEvalFeatureSet;
  bundle.info.game = "tictactoe";
  write_eval_bundle(dir.file("ttt.dje"), bundle);

  const auto game = std::make_shared<DjambiGame>();
  const PlayerFactory factory = basic_player_factory();
  auto player = factory.create("ab,depth=1,eval=" + dir.file("plain.dje"), game, 1);
  auto state = game->new_initial_state();
  EXPECT_FALSE(player->choose_turn(*state).empty());

  auto refusal = [&](const std::string& file) -> std::string {
    try {
      factory.create("ab,eval=" + dir.file(file), game, 1);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "accepted";
  };
  EXPECT_NE(refusal("two.dje").find("a learned evaluation for the variant set 'two_players', not ''"), std::string::npos)
      << refusal("two.dje");
  EXPECT_NE(refusal("old.dje").find("for the feature set 'djambi-pieces-0'"), std::string::npos);
  EXPECT_NE(refusal("ttt.dje").find("for the game 'tictactoe'"), std::string::npos);
  EXPECT_NE(refusal("none.dje").find("cannot be read"), std::string::npos);
  const auto two = std::make_shared<DjambiGame>(Variants().set(Variant::kTwoPlayers));
  EXPECT_NO_THROW(factory.create("ab,eval=" + dir.file("two.dje"), two, 1));
}

}  // namespace
}  // namespace djambi
