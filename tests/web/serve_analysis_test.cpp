// djambi serve's analysis routes (docs/WEB.md): a position's best moves and seat shares, a whole
// game's frames and turning points (cached), a session's older analysis stopped by its newer
// one, the server-wide bound, and refused parameters.
#include <gtest/gtest.h>

#include <httplib.h>

#include <chrono>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include "apps/serve/api.h"
#include "apps/serve/http.h"
#include "tests/web/test_server.h"

namespace djambi::cli::serve {
namespace {

using nlohmann::json;

// Red could take Blue's chief, the last opponent, with the assassin on b4 and plays a1-c3
// instead (docs/ANALYSIS.md's example).
constexpr const char* kBlunderStart = "9/1Cb7/9/9/8Mb/1Ar7/9/9/Cr8 r rbrr - 0 10";
const std::vector<std::string> kBlunderMoves = {"a1-c3", "b8-e8", "b4-d4"};
constexpr const char* kStart =
    "CgAgMg3MyAyCy/RgDgMg3MyDyRy/MgMgNg3NyMyMy/9/9/9/MrMrNr3NbMbMb/RrDrMr3MbDbRb/CrArMr3MbAbCb r rbyg - 0 0";

class ServeAnalysisTest : public ::testing::Test {
 protected:
  void start(AnalysisOptions analysis) {
    ServeOptions options;
    options.opponents = {"random"};
    options.analysis = analysis;
    port_ = server_.start(options);
    ASSERT_NE(port_, 0);
    cookie_ = new_cookie();
  }
  void SetUp() override {
    AnalysisOptions small;
    small.visits = 3000;
    small.game_visits = 500;
    start(small);
  }

  // A new session's cookie, as a browser would keep it.
  std::string new_cookie() {
    httplib::Client client("127.0.0.1", port_);
    auto res = client.Get("/api/info");
    EXPECT_TRUE(res);
    if (!res) return "";
    const std::string set = res->get_header_value("Set-Cookie");
    return set.substr(0, set.find(';'));
  }

  // The status and JSON body of a POST (its own client, so that tests can post from threads).
  std::pair<int, json> post(const std::string& path, const json& body, const std::string& cookie = "",
                            const char* type = "application/json") {
    httplib::Client client("127.0.0.1", port_);
    client.set_read_timeout(120, 0);
    auto res = client.Post(path.c_str(), {{"Cookie", cookie.empty() ? cookie_ : cookie}}, body.dump(), type);
    EXPECT_TRUE(res) << path;
    if (!res) return {0, nullptr};
    return {res->status, json::parse(res->body)};
  }

  void wait_running(size_t n) {
    for (int i = 0; i < 500 && server_.api().analyst().running() != n; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    ASSERT_EQ(server_.api().analyst().running(), n);
  }

  TestServer server_;
  int port_ = 0;
  std::string cookie_;
};

double sum(const json& values) {
  double total = 0;
  for (const json& v : values) total += v.get<double>();
  return total;
}

TEST_F(ServeAnalysisTest, InfoNamesTheAnalysis) {
  httplib::Client client("127.0.0.1", port_);
  auto res = client.Get("/api/info");
  ASSERT_TRUE(res);
  const json info = json::parse(res->body);
  EXPECT_EQ(info["analysis"]["player"], "ab");
  EXPECT_EQ(info["analysis"]["visits"], 3000);
  EXPECT_EQ(info["analysis"]["game_visits"], 500);
}

TEST_F(ServeAnalysisTest, PositionHasBestMovesArrowsAndShares) {
  auto [status, a] = post("/api/analysis", {{"position", kBlunderStart}, {"variants", json::array()}, {"multipv", 2}});
  ASSERT_EQ(status, 200) << a.dump();
  EXPECT_EQ(a["player"], "ab");
  EXPECT_EQ(a["to_move"], "r");
  EXPECT_EQ(a["seats"], json({"r", "b", "y", "g"}));
  EXPECT_EQ(a["bestmove"], "b4xb8");
  ASSERT_EQ(a["lines"].size(), 2u);
  EXPECT_EQ(a["lines"][0]["move"], "b4xb8");
  EXPECT_EQ(a["lines"][0]["from"], "b4");
  EXPECT_EQ(a["lines"][0]["to"], "b8");
  EXPECT_GT(a["lines"][0]["score"].get<double>(), a["lines"][1]["score"].get<double>());
  EXPECT_LE(a["budget"]["nodes"].get<int>(), 3000);
  // The shares: by seat, summing to 1; Red nearly sure to win, Yellow and Green out.
  ASSERT_EQ(a["shares"].size(), 4u);
  EXPECT_NEAR(sum(a["shares"]), 1.0, 1e-3);
  EXPECT_GT(a["shares"][0].get<double>(), 0.9);
  EXPECT_EQ(a["shares"][2], 0.0);
  EXPECT_EQ(a["shares"][3], 0.0);
  // The start: every seat alive, three best moves by default.
  auto [s2, b] = post("/api/analysis", {{"position", kStart}, {"visits", 500}});
  ASSERT_EQ(s2, 200) << b.dump();
  EXPECT_EQ(b["lines"].size(), 3u);
  EXPECT_EQ(b["visits"], 500);
  EXPECT_NEAR(sum(b["shares"]), 1.0, 1e-3);
  for (const json& s : b["shares"]) EXPECT_GT(s.get<double>(), 0.1);
  for (const json& l : b["lines"]) EXPECT_TRUE(l.contains("from") && l.contains("to")) << l.dump();
}

TEST_F(ServeAnalysisTest, GameHasFramesAndTurningPointsAndIsCached) {
  const json body = {{"start", kBlunderStart}, {"variants", json::array()}, {"moves", kBlunderMoves}};
  auto [status, g] = post("/api/analysis/game", body);
  ASSERT_EQ(status, 200) << g.dump();
  EXPECT_EQ(g["seats"], json({"r", "b", "y", "g"}));
  EXPECT_EQ(g["visits"], 500);
  EXPECT_EQ(g["scale"], "share");
  ASSERT_EQ(g["frames"].size(), 4u);  // before each move, and after the last
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(g["frames"][i]["turn"], i + 1);
    EXPECT_EQ(g["frames"][i]["played"], kBlunderMoves[i]);
    EXPECT_NEAR(sum(g["frames"][i]["shares"]), 1.0, 1e-3);
    EXPECT_FALSE(g["frames"][i]["analysis"]["lines"].empty());
  }
  EXPECT_TRUE(g["frames"][3]["turn"].is_null());
  EXPECT_EQ(g["frames"][0]["analysis"]["bestmove"], "b4xb8");
  ASSERT_GE(g["turning_points"].size(), 1u) << g.dump();
  const json& p = g["turning_points"][0];
  EXPECT_EQ(p["turn"], 1);
  EXPECT_EQ(p["seat"], "r");
  EXPECT_EQ(p["kind"], "blunder");
  EXPECT_EQ(p["played"], "a1-c3");
  EXPECT_EQ(p["best_alternative"]["move"], "b4xb8");
  // Red's share falls after the blunder.
  EXPECT_LT(g["frames"][1]["shares"][0].get<double>(), g["frames"][0]["shares"][0].get<double>());
  // The same game again, from another session: the cached analysis, identical.
  EXPECT_EQ(server_.api().analyst().cached(), 1u);
  auto [s2, again] = post("/api/analysis/game", body, new_cookie());
  EXPECT_EQ(s2, 200);
  EXPECT_EQ(again, g);
  EXPECT_EQ(server_.api().analyst().cached(), 1u);
}

TEST_F(ServeAnalysisTest, BadParametersAreRefused) {
  const json position = {{"position", kStart}};
  auto with = [&](const char* key, const json& value) {
    json b = position;
    b[key] = value;
    return b;
  };
  EXPECT_EQ(post("/api/analysis", with("multipv", 0)).first, 400);
  EXPECT_EQ(post("/api/analysis", with("multipv", 6)).first, 400);
  EXPECT_EQ(post("/api/analysis", with("multipv", "2")).first, 400);
  auto [s1, over] = post("/api/analysis", with("visits", 3001));  // over the server's budget
  EXPECT_EQ(s1, 400);
  EXPECT_NE(over["error"].get<std::string>().find("3000"), std::string::npos) << over.dump();
  EXPECT_EQ(post("/api/analysis", with("visits", 0)).first, 400);
  EXPECT_EQ(post("/api/analysis", with("variants", json({"no_such_variant"}))).first, 400);
  EXPECT_EQ(post("/api/analysis", with("position", "not a position")).first, 400);
  EXPECT_EQ(post("/api/analysis", json::object()).first, 400);
  EXPECT_EQ(post("/api/analysis", json::array()).first, 400);
  EXPECT_EQ(post("/api/analysis", position, "", "text/plain").first, 415);
  // A game with an illegal move is named by the move.
  auto [s2, illegal] = post("/api/analysis/game", {{"start", kStart}, {"moves", {"c3-d4", "a1-a2"}}});
  EXPECT_EQ(s2, 400);
  EXPECT_NE(illegal["error"].get<std::string>().find("move 2 'a1-a2'"), std::string::npos) << illegal.dump();
  EXPECT_EQ(post("/api/analysis/game", {{"start", kStart}, {"moves", "c3-d4"}}).first, 400);
  EXPECT_EQ(post("/api/analysis/game", {{"moves", json::array()}}).first, 400);
  EXPECT_EQ(server_.api().analyst().running(), 0u);
}

// Budgets large enough that an analysis runs until it is stopped.
AnalysisOptions slow_options(size_t max_running) {
  AnalysisOptions o;
  o.visits = 200000000;
  o.game_visits = 1000;
  o.max_running = max_running;
  return o;
}

TEST_F(ServeAnalysisTest, NewerRequestOfTheSessionStopsTheOlder) {
  start(slow_options(2));
  const auto began = std::chrono::steady_clock::now();
  auto older = std::async(std::launch::async, [&] { return post("/api/analysis", {{"position", kStart}}); });
  wait_running(1);
  auto [status, newer] = post("/api/analysis", {{"position", kStart}, {"visits", 1000}});
  EXPECT_EQ(status, 200) << newer.dump();
  auto [old_status, old] = older.get();
  EXPECT_EQ(old_status, 409) << old.dump();
  EXPECT_NE(old["error"].get<std::string>().find("replaced"), std::string::npos) << old.dump();
  EXPECT_LT(std::chrono::steady_clock::now() - began, std::chrono::seconds(30));
  EXPECT_EQ(server_.api().analyst().running(), 0u);
}

TEST_F(ServeAnalysisTest, ServerWideBoundRefusesWith503) {
  start(slow_options(1));
  auto busy = std::async(std::launch::async, [&] { return post("/api/analysis", {{"position", kStart}}); });
  wait_running(1);
  // Another session finds the server full.
  const std::string other = new_cookie();
  auto [status, full] = post("/api/analysis", {{"position", kStart}, {"visits", 1000}}, other);
  EXPECT_EQ(status, 503) << full.dump();
  EXPECT_NE(full["error"].get<std::string>().find("busy"), std::string::npos) << full.dump();
  // The first session's newer request takes its own slot over; then the other gets one.
  auto [s2, mine] = post("/api/analysis", {{"position", kStart}, {"visits", 1000}});
  EXPECT_EQ(s2, 200) << mine.dump();
  EXPECT_EQ(busy.get().first, 409);
  auto [s3, later] = post("/api/analysis", {{"position", kStart}, {"visits", 1000}}, other);
  EXPECT_EQ(s3, 200) << later.dump();
}

}  // namespace
}  // namespace djambi::cli::serve
