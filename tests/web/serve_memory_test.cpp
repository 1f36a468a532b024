// djambi serve's memory budget (docs/WEB.md, "Limits and threat model"): the cap on live games,
// the eviction of idle games to make room and the 503 of a full server (the bots of one spec
// sharing one network: serve_memory_network_test.cpp). The store reads a clock the test moves,
// so nothing waits on real time.
#include <string>

#include "tests/web/serve_memory_fixture.h"

namespace djambi::cli::serve {
namespace {

using nlohmann::json;

TEST_F(ServeMemoryTest, FullServerAnswers503WithASentence) {
  start(2, 60);
  const std::string a = session(), b = session();
  const std::string kept = made(a);
  made(b);
  now_ += 30;  // not idle long enough to be dropped
  for (const std::string& who : {a, b, session()}) {
    const auto [status, body] = create(who);
    EXPECT_EQ(status, 503);
    ASSERT_TRUE(body.is_object()) << body.dump();
    const std::string error = body["error"];
    EXPECT_NE(error.find("server is full"), std::string::npos) << error;
    EXPECT_NE(error.find("try again"), std::string::npos) << error;
  }
  EXPECT_EQ(server_.api().store().live_games(), 2u);
  // The games kept play on.
  EXPECT_EQ(get(a, kept), 200);
}

TEST_F(ServeMemoryTest, IdleGameIsDroppedToMakeRoomOldestFirst) {
  start(2, 60);
  const std::string a = session(), b = session();
  const std::string first = made(a);
  now_ += 10;
  const std::string second = made(a);
  now_ += 61;  // both idle now, `first` for longer
  const std::string third = made(b);
  EXPECT_EQ(get(a, first), 404);
  EXPECT_EQ(get(a, second), 200);
  EXPECT_EQ(get(b, third), 200);
  EXPECT_EQ(server_.api().store().live_games(), 2u);
  // Both were just asked for: none is idle, so the next game is refused.
  EXPECT_EQ(create(b).first, 503);
}

TEST_F(ServeMemoryTest, GamesInUseStayWhileIdleOnesGo) {
  start(3, 60);
  const std::string live = session(), idle = session(), fresh = session();
  // The live session's games are older than the idle one's, but it goes on playing them.
  const std::string live_first = made(live);
  const std::string live_second = made(live);
  now_ += 5;
  const std::string abandoned = made(idle);
  now_ += 120;
  EXPECT_EQ(get(live, live_first), 200);
  EXPECT_EQ(get(live, live_second), 200);
  now_ += 1;
  const std::string newest = made(fresh);
  EXPECT_EQ(get(idle, abandoned), 404);
  EXPECT_EQ(get(live, live_first), 200);
  EXPECT_EQ(get(live, live_second), 200);
  EXPECT_EQ(get(fresh, newest), 200);
  // A session's own new game past the cap: no other game is idle, so it is refused rather than
  // taken from the live players.
  EXPECT_EQ(create(live).first, 503);
  EXPECT_EQ(create(idle).first, 503);
}

TEST_F(ServeMemoryTest, RefusedSeatsFreeTheirPlace) {
  start(1, 60);
  const std::string a = session();
  auto res = client_->Post("/api/games", {{"Cookie", a}}, R"({"seats": ["human", "nonsense", "random", "random"]})",
                           "application/json");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400) << res->body;
  made(a);  // the refused game kept no place
}

TEST_F(ServeMemoryTest, DefaultCapFollowsTheMachinesMemory) {
  const size_t cap = default_max_games(256, 8);
  EXPECT_GE(cap, 16u);
  EXPECT_LE(cap, 2048u);
  EXPECT_EQ(default_max_games(1, 4), 4u);  // never more than the sessions can hold
}

}  // namespace
}  // namespace djambi::cli::serve
