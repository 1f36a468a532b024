#include "tests/reference/crosscheck.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "env/djambi/moves.h"
#include "env/djambi/notation.h"
#include "env/random.h"
#include "tests/reference/reference_rules.h"

namespace djambi::testing {

djambi_reference::RefVariants to_reference(Variants v) {
  djambi_reference::RefVariants r;
  r.reporter_kills_all = v.has(Variant::kReporterKillsAll);
  r.no_own_kills = v.has(Variant::kNoOwnKills);
  r.militant_spares_chiefs = v.has(Variant::kMilitantSparesChiefs);
  r.power_skip_repeat = v.has(Variant::kPowerSkipRepeat);
  r.surround_throne_access = v.has(Variant::kSurroundThroneAccess);
  r.surround_inherit_first_holder = v.has(Variant::kSurroundInheritFirstHolder);
  r.two_players = v.has(Variant::kTwoPlayers);
  return r;
}

namespace {

// Captures end games sooner and reach the centre, power and inheritance more often.
size_t pick_move(const std::vector<LegalMove>& moves, Rng& rng) {
  for (int tries = 0; tries < 4; ++tries) {
    const size_t i = rng.below(static_cast<uint32_t>(moves.size()));
    const Move& m = moves[i].move;
    if (m.num_parts > 0 && (m.parts[0].capture || m.num_victims > 0)) return i;
  }
  return rng.below(static_cast<uint32_t>(moves.size()));
}

}  // namespace

long long crosscheck_random_games(Variants variants, int games, uint64_t seed) {
  const auto ref_variants = to_reference(variants);
  Rng rng(seed);
  long long turns = 0;
  for (int game = 0; game < games; ++game) {
    Position pos = Position::start(variants);
    while (true) {
      const std::string text = format_position(pos);
      const auto moves = legal_moves(pos);
      std::vector<std::string> engine_moves;
      for (const auto& m : moves) engine_moves.push_back(format_move(m.move));
      const auto reference_moves = djambi_reference::legal_moves(text, ref_variants);
      EXPECT_EQ(engine_moves, reference_moves) << "legal moves differ in " << text;
      EXPECT_EQ(pos.game_over(), djambi_reference::game_over(text, ref_variants)) << text;
      if (engine_moves != reference_moves || moves.empty()) break;
      // The chosen move, and a few others, lead to the same position in both.
      const size_t chosen = pick_move(moves, rng);
      for (int k = 0; k < 3; ++k) {
        const size_t i = k == 0 ? chosen : rng.below(static_cast<uint32_t>(moves.size()));
        Position next = pos;
        apply_move(next, moves[i]);
        EXPECT_EQ(format_position(next), djambi_reference::apply_move(text, engine_moves[i], ref_variants))
            << "after " << engine_moves[i] << " in " << text;
      }
      apply_move(pos, moves[chosen]);
      ++turns;
    }
    if (::testing::Test::HasFailure()) break;
  }
  return turns;
}

}  // namespace djambi::testing
