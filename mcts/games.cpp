#include "mcts/games.h"

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "env/djambi/game.h"
#include "mcts/djambi/alphabeta_player.h"
#include "mcts/djambi/eval.h"
#include "mcts/djambi/greedy.h"
#include "mcts/djambi/learned_eval.h"
#include "mcts/djambi/quiescent_eval.h"
#include "mcts/learned_eval_share.h"
#include "mcts/player.h"

namespace djambi {

namespace {

constexpr const char* kDjambi = "djambi";  // Game::name of env/djambi/game.h

// `maker`, refusing a game other than the one named `game_name` (`title` in messages).
PlayerFactory::Maker only_in(const std::string& game_name, const std::string& title, PlayerFactory::Maker maker) {
  return [game_name, title, maker](const PlayerSpec& spec, std::shared_ptr<const Game> game, uint64_t seed) {
    if (game->name() != game_name)
      throw std::invalid_argument("bad player spec '" + spec.text + "': " + spec.kind + " plays " + title + " only");
    return maker(spec, std::move(game), seed);
  };
}

}  // namespace

HeuristicValues heuristic_of(const std::string& game_name, int quiescence) {
  if (game_name == kDjambi) return quiescence > 0 ? quiescent_heuristic(quiescence) : HeuristicValues(heuristic_values);
  return {};
}

LearnedEvalFeatures learned_eval_features_of(const std::string& game_name, const std::string& feature_set) {
  if (game_name != kDjambi) return {};
  const bool on_eval = feature_set == kLearnedEvalOnEvalFeatureSet;
  if (!feature_set.empty() && feature_set != kLearnedEvalFeatureSet && !on_eval) return {};
  LearnedEvalFeatures f;
  f.feature_set = on_eval ? kLearnedEvalOnEvalFeatureSet : kLearnedEvalFeatureSet;
  f.features = kLearnedEvalFeatures;
  f.max_active = kMaxActiveFeatures;
  f.active = [](const GameState& state, int seat, int* out) {
    const Position& pos = dynamic_cast<const DjambiState&>(state).position();
    const PlayerId p = pos.player(seat);
    return pos.alive(p) ? learned_eval_features(pos, p, out) : 0;
  };
  if (on_eval)
    f.base = [](const GameState& state, float* by_seat) {
      const Position& pos = dynamic_cast<const DjambiState&>(state).position();
      const std::array<float, 4> logits = learned_eval_base_logits(pos);  // by player index
      for (int seat = 0; seat < pos.num_players(); ++seat) by_seat[seat] = logits[pos.player(seat)];
    };
  f.kills = [](const GameState& before, const GameState& after) {
    const auto living = [](const GameState& s) {
      const Position& pos = dynamic_cast<const DjambiState&>(s).position();
      return std::count_if(pos.board.begin(), pos.board.end(), is_living);
    };
    return living(after) < living(before);  // a kill leaves a corpse where a living piece was
  };
  // One search for every call: its static evaluation keeps nothing between calls.
  auto search = std::make_shared<const AlphaBetaSearch>([] {
    AlphaBetaOptions o;
    o.tt_log2 = 0;
    return o;
  }());
  f.hand_written_share = [search](const GameState& state) {
    const Position& pos = dynamic_cast<const DjambiState&>(state).position();
    return search->evaluate(pos, 0)[pos.to_move];
  };
  f.player_spec = [](const std::string& path, const std::string& options) {
    std::string spec = "ab";
    if (!options.empty()) spec += "," + options;
    if (!path.empty()) spec += ",eval=" + path;
    return spec;
  };
  return f;
}

PositionShare learned_eval_share(const std::string& path, const Game& game) {
  if (game.name() != kDjambi) throw std::invalid_argument(game.name() + " has no learned evaluation");
  std::shared_ptr<const AccumulatorNet> net;
  try {
    net = load_learned_eval(path, dynamic_cast<const DjambiGame&>(game).variants());
  } catch (const std::runtime_error& e) {
    throw std::invalid_argument(e.what());
  }
  return [net](const GameState& state) {
    const Position& pos = dynamic_cast<const DjambiState&>(state).position();
    return learned_eval_shares(*net, pos)[pos.to_move];
  };
}

void add_game_players(PlayerFactory& factory) {
  factory.add("greedy", only_in(kDjambi, "Djambi", [](const PlayerSpec& spec, std::shared_ptr<const Game>, uint64_t seed) {
                spec.check_keys({});
                return std::unique_ptr<Player>(std::make_unique<GreedyPlayer>(seed));
              }));
  factory.add("ab", only_in(kDjambi, "Djambi", [](const PlayerSpec& spec, std::shared_ptr<const Game> game, uint64_t seed) {
                return make_alphabeta_player(spec, dynamic_cast<const DjambiGame&>(*game).variants(), seed);
              }));
}

}  // namespace djambi
