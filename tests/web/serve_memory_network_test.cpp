// djambi serve's bots of one spec share one network (docs/WEB.md, "Limits and threat model"):
// a test binary of its own, web_network_tests, since it links LibTorch and web_tests does not.
#include "mcts/shipped_player.h"
#include "nets/az_player.h"
#include "tests/web/serve_memory_fixture.h"

namespace djambi::cli::serve {
namespace {

using nlohmann::json;

TEST_F(ServeMemoryTest, BestBotsShareOneNetwork) {
  try {
    if (!shipped_player("djambi").network) GTEST_SKIP() << "the shipped player is not a network";
  } catch (const std::invalid_argument& e) {
    GTEST_SKIP() << e.what();
  }
  auto networks = std::make_shared<SharedNetworks>();
  start(2, 60, full_player_factory(networks), "best");
  const std::string a = session();
  made(a);  // three best bots
  EXPECT_EQ(networks->loads(), 1u);
  EXPECT_EQ(networks->in_use(), 1u);
  // A second game, every seat a best bot: six bots in all, one network.
  const std::string b = session();
  auto res = client_->Post("/api/games", {{"Cookie", b}}, R"({"seats": ["best", "best", "best", "best"]})",
                           "application/json");
  ASSERT_TRUE(res);
  ASSERT_EQ(res->status, 201) << res->body;
  const std::string second = json::parse(res->body)["id"];
  EXPECT_EQ(networks->loads(), 1u);
  EXPECT_EQ(networks->in_use(), 1u);
  // Its bots play on the shared network.
  res = client_->Post(("/api/games/" + second + "/bot").c_str(), {{"Cookie", b}}, "", "application/json");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200) << res->body;
  EXPECT_EQ(networks->loads(), 1u);
  // When the games go (with the server), so does the network.
  start(2, 60);
  EXPECT_EQ(networks->in_use(), 0u);
}

}  // namespace
}  // namespace djambi::cli::serve
