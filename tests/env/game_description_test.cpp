// Game descriptions and the registry: every game describes itself, and the registry makes the
// same game again from that description.
#include "env/game_description.h"

#include <gtest/gtest.h>

#include "env/games.h"

namespace djambi {
namespace {

std::string error_of(const std::string& text) {
  try {
    parse_game_description(text);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

std::string make_error(const std::string& text) {
  try {
    make_game(parse_game_description(text));
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(GameDescription, TextRoundTrips) {
  const GameDescription d = parse_game_description("djambi(variants=two_players+no_own_kills,reward=rank)");
  EXPECT_EQ(d.name, "djambi");
  EXPECT_EQ(d.get("variants"), "two_players+no_own_kills");
  EXPECT_EQ(d.get("reward"), "rank");
  EXPECT_EQ(d.get("draw_value", "0"), "0");
  EXPECT_EQ(d.to_string(), "djambi(reward=rank,variants=two_players+no_own_kills)");  // keys in order
  EXPECT_EQ(parse_game_description(d.to_string()), d);
  EXPECT_EQ(parse_game_description("tictactoe").to_string(), "tictactoe");
  EXPECT_EQ(parse_game_description("tictactoe()").to_string(), "tictactoe");
}

TEST(GameDescription, MalformedTextIsRefusedWithItsReason) {
  EXPECT_EQ(error_of(""), "bad game description '': a game name is a plain word");
  EXPECT_EQ(error_of("djambi(reward=rank"), "bad game description 'djambi(reward=rank': the parameters end with ')'");
  EXPECT_EQ(error_of("djambi(reward)"), "bad game description 'djambi(reward)': parameter 'reward' is not key=value");
  EXPECT_EQ(error_of("djambi(reward=rank,reward=winner)"),
            "bad game description 'djambi(reward=rank,reward=winner)': parameter 'reward' is given twice");
  EXPECT_NE(error_of("djambi(a=b,)").find("is not key=value"), std::string::npos);
  EXPECT_NE(error_of("dj ambi").find("plain word"), std::string::npos);
  // Control bytes are not echoed back.
  EXPECT_EQ(error_of(std::string("dj\x1b[2Jambi")), "bad game description: a game name is a plain word");
}

TEST(GameRegistry, EveryGameIsMadeAgainFromItsDescription) {
  ASSERT_EQ(game_names(), (std::vector<std::string>{"djambi", "tictactoe"}));
  for (const std::string& name : game_names()) {
    const auto game = make_game(GameDescription{name, {}});
    EXPECT_EQ(game->name(), name);
    EXPECT_EQ(game->description().to_string(), name);
  }
  for (const std::string text : {"djambi(variants=two_players)", "djambi(draw_value=-0.5,reward=winner)",
                                 "djambi(reward=survival,variants=reporter_kills_all+militant_spares_chiefs)"}) {
    const auto game = make_game(parse_game_description(text));
    const auto again = make_game(game->description());
    EXPECT_EQ(again->description(), game->description()) << text;
    EXPECT_EQ(again->num_players(), game->num_players()) << text;
  }
  EXPECT_EQ(make_game(parse_game_description("djambi(variants=two_players)"))->num_players(), 2);
  // The default reward is left out of the canonical text; the draw value keeps its float.
  EXPECT_EQ(make_game(parse_game_description("djambi(draw_value=-0.1,reward=winner)"))->description().to_string(),
            "djambi(draw_value=-0.1)");
}

TEST(GameRegistry, VariantNamesAsNetworksRecordThem) {
  const auto game = make_game("djambi", parse_variant_list("two_players,reporter_kills_all"));
  EXPECT_EQ(variant_names_of(*game), "reporter_kills_all,two_players");  // section-9 order
  EXPECT_EQ(variant_list_of(*game), "reporter_kills_all,two_players");
  EXPECT_EQ(variant_names_of(*make_game("tictactoe")), "");
  EXPECT_EQ(variant_list_of(*make_game("tictactoe")), "none");
}

TEST(GameRegistry, RefusesUnknownGamesParametersAndValues) {
  EXPECT_EQ(make_error("chess"), "unknown game 'chess' (djambi | tictactoe)");
  EXPECT_EQ(make_error("tictactoe(variants=two_players)"),
            "tictactoe takes no parameter 'variants' (it takes none)");
  EXPECT_EQ(make_error("djambi(colour=red)"),
            "djambi takes no parameter 'colour' (it takes variants, reward, draw_value)");
  EXPECT_NE(make_error("djambi(variants=three_players)").find("unknown variant 'three_players'"), std::string::npos);
  EXPECT_NE(make_error("djambi(reward=money)").find("money"), std::string::npos);
  EXPECT_EQ(make_error("djambi(draw_value=nan)"),
            "djambi(draw_value=nan): draw_value is a number in [-1, 1], not 'nan'");
  EXPECT_EQ(make_error("djambi(draw_value=2)"), "djambi(draw_value=2): draw_value is a number in [-1, 1], not '2'");
}

}  // namespace
}  // namespace djambi
