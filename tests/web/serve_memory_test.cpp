// djambi serve's memory budget (docs/WEB.md, "Limits and threat model"): the cap on live games,
// the eviction of idle games to make room, the 503 of a full server, and the bots of one spec
// sharing one network. The store reads a clock the test moves, so nothing waits on real time.
#include <gtest/gtest.h>

#include <httplib.h>

#include <atomic>
#include <memory>
#include <string>

#include "apps/serve/api.h"
#include "nets/az_player.h"
#include "nets/shipped_player.h"
#include "tests/web/test_server.h"

namespace djambi::cli::serve {
namespace {

using nlohmann::json;

class ServeMemoryTest : public ::testing::Test {
 protected:
  void TearDown() override { server_.stop(); }

  // A server keeping at most `max_games` games, dropping those idle for over `idle_seconds`.
  void start(size_t max_games, double idle_seconds, const PlayerFactory& factory = basic_player_factory(),
             const std::string& opponent = "random") {
    ServeOptions options;
    options.opponents = {opponent};
    options.max_games = max_games;
    options.idle_seconds = idle_seconds;
    port_ = server_.start(options, factory);
    ASSERT_NE(port_, 0);
    server_.api().store().set_clock([this] { return GameStore::Clock::time_point(std::chrono::seconds(now_.load())); });
    client_ = std::make_unique<httplib::Client>("127.0.0.1", port_);
    client_->set_read_timeout(20, 0);
    client_->set_write_timeout(20, 0);
  }

  // A new browser session: its cookie.
  std::string session() {
    auto res = client_->Get("/api/info");
    EXPECT_TRUE(res);
    if (!res) return "";
    const std::string set = res->get_header_value("Set-Cookie");
    return set.substr(0, set.find(';'));
  }

  // Status and body of a new game with the default seats in the session of `cookie`.
  std::pair<int, json> create(const std::string& cookie) {
    auto res = client_->Post("/api/games", {{"Cookie", cookie}}, "{}", "application/json");
    if (!res) return {0, nullptr};
    return {res->status, json::parse(res->body, nullptr, false)};
  }
  // A new game's id ("" and a test failure when it was refused).
  std::string made(const std::string& cookie) {
    const auto [status, body] = create(cookie);
    EXPECT_EQ(status, 201) << body.dump();
    return status == 201 ? body["id"].get<std::string>() : "";
  }
  // The status of GET /api/games/ID (which touches the game).
  int get(const std::string& cookie, const std::string& id) {
    auto res = client_->Get(("/api/games/" + id).c_str(), {{"Cookie", cookie}});
    return res ? res->status : 0;
  }

  TestServer server_;
  std::unique_ptr<httplib::Client> client_;
  int port_ = 0;
  std::atomic<long long> now_{1000};  // seconds on the store's clock
};

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
