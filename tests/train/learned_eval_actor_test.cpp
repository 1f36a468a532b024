// The learned evaluation's actor of an MPI rank (train/actors/learned_eval_actor.h), in one
// process: it plays the hand-written evaluation until a generation comes, then that one; a
// message that is no bundle for its game is refused and changes nothing.
#include "train/actors/learned_eval_actor.h"

#include <gtest/gtest.h>

#include "env/djambi/game.h"
#include "env/game_record.h"
#include "mcts/djambi/learned_eval.h"
#include "mcts/eval_bundle.h"
#include "nets/accumulator_model.h"

namespace djambi {
namespace {

LearnedEvalSelfPlaySettings tiny_selfplay() {
  LearnedEvalSelfPlaySettings s;
  s.games = 1;
  s.search = "nodes=200";
  s.random_turns = 4;
  s.max_decisions = 120;
  s.seed = 3;
  return s;
}

std::string generation_message(long long version, const std::string& game = "djambi",
                               const std::string& feature_set = kLearnedEvalFeatureSet) {
  AccumulatorModel model(AccumulatorNetShape{kLearnedEvalFeatures, 16, 8});
  const EvalBundle bundle{{game, "", feature_set, version, "test"}, to_accumulator_net(model)};
  return encode_weights_message(eval_bundle_bytes(bundle), version);
}

// Rounds until one played with `version`'s weights comes (the round in play when a generation
// arrives is still the previous one's).
ActorRound round_of(LearnedEvalActor& actor, long long version) {
  for (int tries = 0; tries < 20; ++tries) {
    ActorRound round = actor.play(60.0);
    if (!round.games.empty() && round.weights_version == version) return round;
  }
  ADD_FAILURE() << "no round with the weights of step " << version;
  return {};
}

TEST(LearnedEvalActor, PlaysTheHandWrittenEvaluationThenEachGenerationItIsSent) {
  const auto game = std::make_shared<DjambiGame>();
  LearnedEvalActor actor(game, tiny_selfplay(), "");
  EXPECT_EQ(actor.weights_version(), 0);
  const ActorRound first = round_of(actor, 0);
  ASSERT_FALSE(first.games.empty());
  EXPECT_FALSE(first.games[0].samples.empty());
  replay_record(first.games[0].record);

  actor.load_weights(generation_message(7));
  EXPECT_EQ(actor.weights_version(), 7);
  const ActorRound later = round_of(actor, 7);
  ASSERT_FALSE(later.games.empty());
  EXPECT_NE(format_record(later.games[0].record).find("eval="), std::string::npos)
      << "its players search with the generation's bundle";
}

TEST(LearnedEvalActor, RefusesAMessageThatIsNoBundleOfItsGameAndKeepsItsGeneration) {
  const auto game = std::make_shared<DjambiGame>();
  LearnedEvalActor actor(game, tiny_selfplay(), generation_message(3));
  EXPECT_EQ(actor.weights_version(), 3);
  std::string corrupt = generation_message(4);
  corrupt[corrupt.size() / 2] ^= 0x40;
  EXPECT_THROW(actor.load_weights(corrupt), std::runtime_error);
  try {
    actor.load_weights(generation_message(5, "djambi", "another-feature-set"));
    ADD_FAILURE() << "a bundle of another feature set was taken";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("feature set"), std::string::npos) << e.what();
  }
  EXPECT_THROW(actor.load_weights("not a message"), std::runtime_error);
  EXPECT_EQ(actor.weights_version(), 3);
}

}  // namespace
}  // namespace djambi
