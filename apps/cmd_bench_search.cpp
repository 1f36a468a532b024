// bench search: whole-turn nodes/s and the depth the alpha-beta search reaches in a fixed time,
// on one core, from the start position and from middle-game positions; with --eval, the
// hand-written and the learned evaluation side by side, each row's pair measured back to back.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>

#include "apps/cli_common.h"
#include "apps/commands.h"
#include "env/djambi/game.h"
#include "env/random.h"
#include "mcts/djambi/alphabeta.h"
#include "mcts/djambi/learned_eval.h"

namespace djambi::cli {

namespace {

struct BenchSearchOptions {
  std::vector<std::string> algorithms = {"brs", "paranoid", "maxn"};
  std::vector<double> budgets = {0.05, 1.0};
  int positions = 8;
  std::vector<std::string> variants;
  std::string eval;  // a learned-evaluation bundle, measured beside the hand-written evaluation
  bool json = false;
};

// Middle-game positions at a turn start (the benchmarks' shared generator, then the turn ended).
std::vector<Position> midgame_positions(const BenchSearchOptions& o) {
  auto game = std::make_shared<DjambiGame>(variants_from(o.variants));
  Rng rng(2024);
  std::vector<Position> out;
  while (static_cast<int>(out.size()) < o.positions) {
    auto s = random_midgame(*game, rng);
    while (!s->is_terminal() && !s->at_turn_start()) s->apply_action(s->legal_actions().front());
    if (!s->is_terminal()) out.push_back(as_djambi(*s)->position());
  }
  return out;
}

struct Row {
  std::string algorithm, positions, evaluation;
  double budget = 0;
  double mean_depth = 0;
  double nodes_per_second = 0;
};

Row measure(AbAlgorithm algo, double budget, const std::vector<Position>& positions, const char* label,
            const std::shared_ptr<const AccumulatorNet>& learned) {
  AlphaBetaOptions options;
  options.algorithm = algo;
  options.seconds = budget;
  options.learned = learned;
  uint64_t nodes = 0;
  double seconds = 0, depth = 0;
  for (const Position& pos : positions) {
    AlphaBetaSearch search(options);  // a fresh table for each position
    const AlphaBetaResult r = search.search(pos);
    nodes += r.nodes;
    seconds += r.seconds;
    depth += r.depth;
  }
  return {ab_algorithm_name(algo), label, learned ? "learned" : "hand", budget,
          depth / static_cast<double>(positions.size()), static_cast<double>(nodes) / seconds};
}

void run_bench_search(const BenchSearchOptions& o) {
  const std::vector<Position> start = {Position::start(variants_from(o.variants))};
  const std::vector<Position> midgames = midgame_positions(o);
  std::vector<std::shared_ptr<const AccumulatorNet>> evaluations = {nullptr};
  if (!o.eval.empty()) evaluations.push_back(load_learned_eval(o.eval, start.front().variants));
  std::vector<Row> rows;
  for (const std::string& name : o.algorithms) {
    const AbAlgorithm algo = ab_algorithm_from_name(name);
    for (double budget : o.budgets) {
      for (const auto& learned : evaluations) rows.push_back(measure(algo, budget, start, "start", learned));
      for (const auto& learned : evaluations) rows.push_back(measure(algo, budget, midgames, "midgame", learned));
    }
  }
  if (o.json) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const Row& r : rows)
      out.push_back({{"algo", r.algorithm},
                     {"positions", r.positions},
                     {"eval", r.evaluation},
                     {"seconds", r.budget},
                     {"mean_depth", r.mean_depth},
                     {"nodes_per_second", r.nodes_per_second}});
    std::printf("%s\n", out.dump().c_str());
    return;
  }
  std::printf("%-9s %-8s %-8s %8s %7s %12s   (one thread; midgame: mean of %d positions)\n", "algo", "from",
              "eval", "budget", "depth", "nodes/s", o.positions);
  for (size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    std::printf("%-9s %-8s %-8s %7.2fs %7.2f %12.0f", r.algorithm.c_str(), r.positions.c_str(), r.evaluation.c_str(),
                r.budget, r.mean_depth, r.nodes_per_second);
    // A learned row follows its hand-written pair: their ratio.
    if (r.evaluation == "learned") std::printf("   %.0f %% of hand", 100.0 * r.nodes_per_second / rows[i - 1].nodes_per_second);
    std::printf("\n");
  }
}

}  // namespace

void register_bench_search_command(CLI::App* bench) {
  auto o = std::make_shared<BenchSearchOptions>();
  auto* search = bench->add_subcommand("search", "Alpha-beta nodes/s and depth reached in a fixed time, one thread");
  search->footer("Example: djambi bench search --algo brs --seconds 0.05,1 --positions 8 [--eval NAME.dje]");
  search->add_option("--algo", o->algorithms, "Algorithms (brs, paranoid, maxn)")
      ->delimiter(',')
      ->default_str(list_default(o->algorithms));
  search->add_option("--seconds", o->budgets, "Time budgets per decision")
      ->delimiter(',')
      ->check(CLI::PositiveNumber)
      ->default_str(list_default(o->budgets));
  search->add_option("--positions", o->positions, "Middle-game positions")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  search->add_option("--eval", o->eval, "A learned-evaluation bundle (.dje), measured beside the hand-written evaluation");
  search->add_flag("--json", o->json, "Print one JSON array");
  add_variant_option(search, &o->variants);
  search->callback([o] {
    for (const auto& name : o->algorithms) {
      try {
        ab_algorithm_from_name(name);
      } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
      }
    }
    if (!o->eval.empty()) {
      try {  // a bundle that cannot be used is bad input
        load_learned_eval(o->eval, variants_from(o->variants));
      } catch (const std::runtime_error& e) {
        throw UsageError(e.what());
      }
    }
    run_bench_search(*o);
  });
}

}  // namespace djambi::cli
