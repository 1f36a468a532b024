// djambi serve's HTTP API through cpp-httplib's client on a loopback port: sessions, starting a
// game, legal decisions, a kill with its placement, whole moves, bots, refused requests, and
// records (listed, opened, uploaded).
#include <gtest/gtest.h>

#include <httplib.h>

#include <chrono>
#include <fstream>
#include <thread>

#include "apps/serve/api.h"
#include "apps/serve/http.h"
#include "env/game_record.h"
#include "tests/temp_dir.h"
#include "tests/web/test_server.h"

namespace djambi::cli::serve {
namespace {

using nlohmann::json;

class ServeApiTest : public ::testing::Test {
 protected:
  void SetUp() override { start({}); }
  void TearDown() override { stop(); }

  void start(ServeOptions options) {
    options.opponents = {"random"};
    options.records = records_.path().string();
    const int port = server_.start(options);
    ASSERT_NE(port, 0);
    client_ = std::make_unique<httplib::Client>("127.0.0.1", port);
    // The session cookie, as a browser would keep it.
    auto res = client_->Get("/api/info");
    ASSERT_TRUE(res);
    const std::string set = res->get_header_value("Set-Cookie");
    ASSERT_EQ(set.rfind(std::string(kSessionCookie) + "=", 0), 0u) << set;
    cookie_ = set.substr(0, set.find(';'));
  }

  void stop() { server_.stop(); }

  httplib::Headers headers(const std::string& cookie = "") const { return {{"Cookie", cookie.empty() ? cookie_ : cookie}}; }

  // The status and JSON body of a request.
  std::pair<int, json> get(const std::string& path, const std::string& cookie = "") {
    auto res = client_->Get(path.c_str(), headers(cookie));
    EXPECT_TRUE(res) << path;
    if (!res) return {0, nullptr};
    EXPECT_EQ(res->get_header_value("Content-Type"), "application/json") << path;
    return {res->status, json::parse(res->body)};
  }
  std::pair<int, json> post(const std::string& path, const std::string& body, const std::string& cookie = "",
                            const char* type = "application/json") {
    auto res = client_->Post(path.c_str(), headers(cookie), body, type);
    EXPECT_TRUE(res) << path;
    if (!res) return {0, nullptr};
    return {res->status, json::parse(res->body)};
  }
  json new_game(const json& body) {
    auto [status, game] = post("/api/games", body.dump());
    EXPECT_EQ(status, 201) << game.dump();
    return game;
  }
  static const json* decision(const json& game, const std::string& type, const std::string& from, const std::string& to) {
    for (const json& d : game["decisions"])
      if (d["type"] == type && d.value("from", "") == from && d.value("to", "") == to) return &d;
    return nullptr;
  }

  test::TempDir records_{"serve"};
  TestServer server_;
  std::unique_ptr<httplib::Client> client_;
  std::string cookie_;
};

TEST_F(ServeApiTest, InfoOffersVariantsAndBots) {
  auto [status, info] = get("/api/info");
  EXPECT_EQ(status, 200);
  EXPECT_EQ(info["variants"].size(), 7u);
  EXPECT_EQ(info["default_opponent"], "random");
  EXPECT_NE(std::find(info["opponents"].begin(), info["opponents"].end(), "greedy"), info["opponents"].end());
  EXPECT_EQ(info["records"], true);
}

TEST_F(ServeApiTest, PageFilesAreServed) {
  auto res = client_->Get("/");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_EQ(res->get_header_value("Content-Type"), "text/html; charset=utf-8");
  EXPECT_NE(res->body.find("app.js"), std::string::npos);
  for (const char* file : {"/app.js", "/board.js", "/style.css"}) {
    auto f = client_->Get(file);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->status, 200) << file;
    EXPECT_GT(f->body.size(), 100u) << file;
  }
  EXPECT_EQ(client_->Get("/nothing.js")->status, 404);
}

TEST_F(ServeApiTest, StartGameListsLegalDecisions) {
  const json game = new_game({{"seats", {"human", "random", "random", "random"}}});
  EXPECT_EQ(game["id"].get<std::string>().size(), 32u);
  EXPECT_EQ(game["board"]["pieces"].size(), 36u);
  EXPECT_EQ(game["board"]["throne"], "e5");
  EXPECT_EQ(game["board"]["to_move"], "r");
  EXPECT_EQ(game["current"]["seat"], "r");
  EXPECT_EQ(game["current"]["human"], true);
  EXPECT_EQ(game["current"]["phase"], "move");
  EXPECT_EQ(game["variants"].size(), 0u);
  EXPECT_EQ(game["seats"][1]["player"], "random");
  int from_c3 = 0;
  for (const json& d : game["decisions"]) from_c3 += d.value("from", "") == "c3";
  EXPECT_EQ(from_c3, 12);
  auto [status, again] = get("/api/games/" + game["id"].get<std::string>());
  EXPECT_EQ(status, 200);
  EXPECT_EQ(again["decisions"], game["decisions"]);
}

TEST_F(ServeApiTest, KillWithPlacementThenBotsMove) {
  const json game = new_game({{"seats", {"human", "random", "random", "random"}}});
  const std::string base = "/api/games/" + game["id"].get<std::string>();
  // Red's chief strikes its own reporter (RULES.md 4.0), then places the corpse on h5.
  const json* kill = decision(game, "move", "a1", "a2");
  ASSERT_NE(kill, nullptr);
  EXPECT_EQ((*kill)["capture"], true);
  auto [s1, placing] = post(base + "/decide", json{{"id", (*kill)["id"]}}.dump());
  ASSERT_EQ(s1, 200) << placing.dump();
  EXPECT_EQ(placing["current"]["phase"], "place");
  EXPECT_EQ(placing["current"]["pending"], "a1xa2");
  EXPECT_EQ(placing["board"]["in_hand"]["kind"], "corpse");
  EXPECT_EQ(placing["decisions"].size(), 45u);
  const json* h5 = decision(placing, "place", "", "h5");
  ASSERT_NE(h5, nullptr);
  auto [s2, placed] = post(base + "/decide", json{{"id", (*h5)["id"]}}.dump());
  ASSERT_EQ(s2, 200);
  ASSERT_EQ(placed["moves"].size(), 1u);
  EXPECT_EQ(placed["moves"][0]["text"], "a1xa2>h5");
  EXPECT_EQ(placed["moves"][0]["seat"], "r");
  EXPECT_EQ(placed["current"]["seat"], "b");
  EXPECT_EQ(placed["current"]["human"], false);
  // A person cannot play for a bot; the bot plays its own turn.
  auto [s3, refused] = post(base + "/decide", json{{"id", 0}}.dump());
  EXPECT_EQ(s3, 409);
  EXPECT_NE(refused["error"].get<std::string>().find("bot"), std::string::npos);
  for (const char* seat : {"b", "y", "g"}) {
    auto [s, after] = post(base + "/bot", "");
    ASSERT_EQ(s, 200) << after.dump();
    EXPECT_EQ(after["moves"].back()["seat"], seat);
  }
  auto [s4, mine] = get(base);
  EXPECT_EQ(mine["current"]["seat"], "r");
  auto [s5, refused_bot] = post(base + "/bot", "");
  EXPECT_EQ(s5, 409);
}

TEST_F(ServeApiTest, WholeMoveInNotationAndCancel) {
  const json game = new_game({{"seats", {"human", "human", "random", "random"}}});
  const std::string base = "/api/games/" + game["id"].get<std::string>();
  auto [s1, bad] = post(base + "/move", R"({"move": "zz"})");
  EXPECT_EQ(s1, 400);
  EXPECT_NE(bad["error"].get<std::string>().find("malformed move 'zz'"), std::string::npos);
  auto [s2, illegal] = post(base + "/move", R"({"move": "a1-a2"})");
  EXPECT_EQ(s2, 400);
  EXPECT_NE(illegal["error"].get<std::string>().find("illegal move"), std::string::npos);
  auto [s3, moved] = post(base + "/move", R"({"move": "c3-d4"})");
  ASSERT_EQ(s3, 200);
  EXPECT_EQ(moved["moves"][0]["text"], "c3-d4");
  EXPECT_EQ(moved["current"]["seat"], "b");  // hot seat: the second person
  EXPECT_EQ(moved["current"]["human"], true);
  // Half a turn, then taken back: the board is as it was.
  const json* kill = decision(moved, "move", "i1", "i2");
  ASSERT_NE(kill, nullptr);
  auto [s4, half] = post(base + "/decide", json{{"id", (*kill)["id"]}}.dump());
  EXPECT_EQ(half["current"]["phase"], "place");
  auto [s5, whole] = post(base + "/move", R"({"move": "h3-h4"})");
  EXPECT_EQ(s5, 409);
  auto [s6, back] = post(base + "/cancel", "");
  EXPECT_EQ(s6, 200);
  EXPECT_EQ(back["current"]["phase"], "move");
  EXPECT_EQ(back["current"]["pending"], "");
  EXPECT_EQ(back["board"], moved["board"]);
  EXPECT_EQ(back["moves"].size(), 1u);
}

TEST_F(ServeApiTest, BadRequestsGetJsonErrors) {
  const json game = new_game(json::object());
  EXPECT_EQ(game["seats"][0]["player"], "human");
  EXPECT_EQ(game["seats"][3]["player"], "random");
  const std::string base = "/api/games/" + game["id"].get<std::string>();
  struct Case {
    std::string path, body;
    int status;
  };
  for (const Case& c : std::vector<Case>{
           {base + "/decide", "{not json", 400},
           {base + "/decide", "[1, 2]", 400},
           {base + "/decide", R"({"id": "c3"})", 400},
           {base + "/decide", R"({"id": -5})", 400},
           {base + "/decide", R"({"id": 99999999999})", 400},
           {base + "/decide", R"({"id": 5270})", 400},  // pass, not legal here
           {base + "/move", R"({"move": 12})", 400},
           {"/api/games", R"({"seats": "human"})", 400},
           {"/api/games", R"({"seats": ["human", "random"]})", 400},
           {"/api/games", R"({"seats": ["human", "nosuchbot", "random", "random"]})", 400},
           {"/api/games", R"({"variants": ["no_such_variant"]})", 400},
           {"/api/games/0123456789abcdef0123456789abcdef/bot", "", 404},
           {"/api/nothing", "", 404},
       }) {
    auto [status, body] = post(c.path, c.body);
    EXPECT_EQ(status, c.status) << c.path << " " << c.body << " -> " << body.dump();
    EXPECT_TRUE(body.contains("error")) << c.path;
  }
  {  // An id past int64_t is named as given, not as its wrapped value (it said "decision -1").
    auto [status, body] = post(base + "/decide", R"({"id": 18446744073709551615})");
    EXPECT_EQ(status, 400);
    EXPECT_EQ(body.value("error", ""), "decision 18446744073709551615 is not legal here") << body.dump();
  }
  // Another browser session does not see this game.
  auto [status, other] = get(base, std::string(kSessionCookie) + "=ffffffffffffffffffffffffffffffff");
  EXPECT_EQ(status, 404);
  auto res = client_->Delete(base.c_str(), headers());
  ASSERT_TRUE(res);
  EXPECT_GE(res->status, 400);
  EXPECT_LT(res->status, 500);
  // Still serving.
  EXPECT_EQ(get(base).first, 200);
}

TEST_F(ServeApiTest, VariantsAreShownAndRespected) {
  const json game = new_game({{"seats", {"human", "random"}}, {"variants", {"two_players", "no_own_kills"}}});
  EXPECT_EQ(game["variants"], json({"no_own_kills", "two_players"}));
  EXPECT_EQ(game["board"]["players"].size(), 2u);
  EXPECT_EQ(game["board"]["controllers"]["b"], "r");
  EXPECT_EQ(game["seats"][1]["seat"], "y");
  EXPECT_EQ(decision(game, "move", "a1", "a2"), nullptr);  // no own kills
}

TEST_F(ServeApiTest, OnlyOfferedBotsOffLoopback) {
  ServeOptions options;
  options.any_spec = false;
  start(options);
  auto [status, body] = post("/api/games", R"({"seats": ["human", "mcts,sims=5", "random", "random"]})");
  EXPECT_EQ(status, 403);
  EXPECT_EQ(post("/api/games", R"({"seats": ["human", "greedy", "random", "random"]})").first, 201);
}

TEST_F(ServeApiTest, BotGameToTheEndThenWatchItsRecord) {
  // Greedy bots kill whenever they can, so the game is short.
  const json game = new_game({{"seats", {"greedy", "greedy", "greedy", "greedy"}}});
  const std::string base = "/api/games/" + game["id"].get<std::string>();
  json state = game;
  for (int turn = 0; turn < 5000 && !state["over"].get<bool>(); ++turn) {
    auto [status, next] = post(base + "/bot", "");
    ASSERT_EQ(status, 200) << next.dump();
    state = next;
  }
  ASSERT_TRUE(state["over"].get<bool>());
  ASSERT_TRUE(state["result"].is_object());
  EXPECT_TRUE(state["decisions"].empty());
  EXPECT_EQ(state["current"]["phase"], "over");
  auto res = client_->Get((base + "/record").c_str(), headers());
  ASSERT_TRUE(res);
  ASSERT_EQ(res->status, 200);
  const std::vector<GameRecord> records = parse_records(res->body);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].result, state["result"]["text"]);
  EXPECT_EQ(records[0].moves.size(), state["moves"].size());
  replay_record(records[0]);  // every move legal, and the result the rules give

  // The record under --records: listed, summed up, replayed move by move.
  std::filesystem::create_directories(records_.path() / "arena");
  std::ofstream(records_.path() / "arena" / "games.txt") << res->body << "\n" << res->body;
  auto [s1, list] = get("/api/records");
  EXPECT_EQ(s1, 200);
  ASSERT_EQ(list["files"].size(), 1u);
  EXPECT_EQ(list["files"][0]["path"], "arena/games.txt");
  auto [s2, file] = get("/api/records/file?path=arena/games.txt");
  EXPECT_EQ(s2, 200);
  ASSERT_EQ(file["games"].size(), 2u);
  EXPECT_EQ(file["games"][1]["moves"], state["moves"].size());
  auto [s3, replay] = get("/api/records/game?path=arena/games.txt&game=2");
  ASSERT_EQ(s3, 200) << replay.dump();
  ASSERT_EQ(replay["moves"].size(), state["moves"].size());
  EXPECT_EQ(replay["moves"].back()["board"]["pieces"], state["board"]["pieces"]);
  EXPECT_EQ(replay["start"]["pieces"].size(), 36u);
  EXPECT_EQ(replay["result"]["text"], state["result"]["text"]);
  EXPECT_EQ(replay["players"], json({"greedy", "greedy", "greedy", "greedy"}));
  // Uploaded instead.
  auto [s4, uploaded] = post("/api/records/upload?game=1", res->body, "", "text/plain");
  EXPECT_EQ(s4, 200);
  EXPECT_EQ(uploaded["moves"], replay["moves"]);
  EXPECT_EQ(uploaded["games"].size(), 1u);
}

TEST_F(ServeApiTest, RecordRequestsOutsideTheFolderAreRefused) {
  std::ofstream(records_.path().parent_path() / "outside.txt") << "game djambi\n";
  EXPECT_EQ(get("/api/records/file?path=../outside.txt").first, 400);
  EXPECT_EQ(get("/api/records/file?path=" + (records_.path().parent_path() / "outside.txt").string()).first, 400);
  EXPECT_EQ(get("/api/records/file?path=missing.txt").first, 404);
  EXPECT_EQ(get("/api/records/file").first, 400);
  // A record cut short (no result line) is listed but not shown; a malformed file is refused.
  std::ofstream(records_.path() / "cut.txt") << "game djambi\nmove c3-d4\n";
  EXPECT_EQ(get("/api/records/file?path=cut.txt").first, 200);
  auto [status, cut] = get("/api/records/game?path=cut.txt&game=1");
  EXPECT_EQ(status, 400);
  EXPECT_NE(cut["error"].get<std::string>().find("does not replay"), std::string::npos) << cut.dump();
  EXPECT_EQ(get("/api/records/game?path=cut.txt&game=2").first, 400);
  std::ofstream(records_.path() / "bad.txt") << "game djambi\nnonsense here\n";
  auto [s1, bad] = get("/api/records/file?path=bad.txt");
  EXPECT_EQ(s1, 400);
  EXPECT_NE(bad["error"].get<std::string>().find("bad.txt"), std::string::npos) << bad.dump();
  EXPECT_EQ(post("/api/records/upload", "garbage", "", "text/plain").first, 400);
  EXPECT_EQ(post("/api/records/upload?game=x", "garbage", "", "text/plain").first, 400);
  // A record with an illegal move is named by the move.
  const std::string illegal = "game djambi\nvariants none\nplayers a b c d\nstart "
                              "CgAgMg3MyAyCy/RgDgMg3MyDyRy/MgMgNg3NyMyMy/9/9/9/MrMrNr3NbMbMb/RrDrMr3MbDbRb/CrArMr3MbAbCb r rbyg - 0 0\n"
                              "move a1-a2\nresult unfinished\n";
  auto [s2, named] = post("/api/records/upload", illegal, "", "text/plain");
  EXPECT_EQ(s2, 400);
  EXPECT_NE(named["error"].get<std::string>().find("move 1 'a1-a2'"), std::string::npos) << named.dump();
}

}  // namespace
}  // namespace djambi::cli::serve
