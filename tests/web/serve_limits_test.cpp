// djambi serve's limits and checks (docs/WEB.md, "Limits and threat model"): body caps per
// route, bounded JSON nesting, Host, Origin and Content-Type checks, session tokens, one server
// per port. Loopback only; every request has a bounded body and the client a timeout.
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <chrono>
#include <set>
#include <thread>

#include "apps/serve/api.h"
#include "apps/serve/http.h"
#include "tests/web/test_server.h"

namespace djambi::cli::serve {
namespace {

using nlohmann::json;

class ServeLimitsTest : public ::testing::Test {
 protected:
  void SetUp() override { start({}); }
  void TearDown() override { stop(); }

  void start(ServeOptions options) {
    options.opponents = {"random"};
    port_ = server_.start(options);
    ASSERT_NE(port_, 0);
    client_ = std::make_unique<httplib::Client>("127.0.0.1", port_);
    client_->set_read_timeout(20, 0);
    client_->set_write_timeout(20, 0);
  }
  void stop() { server_.stop(); }

  std::string own_host() const { return "127.0.0.1:" + std::to_string(port_); }

  // Status and JSON body of a POST (status 0 when there was no answer).
  std::pair<int, json> post(const std::string& path, const std::string& body, const httplib::Headers& headers = {},
                            const char* type = "application/json") {
    auto res = client_->Post(path.c_str(), headers, body, type);
    if (!res) return {0, nullptr};
    return {res->status, json::parse(res->body, nullptr, false)};
  }

  // A request written by hand on a new connection (headers only, no body follows), and the
  // whole answer: for what cpp-httplib's client will not send.
  std::string raw(const std::string& request) const {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    EXPECT_GE(fd, 0);
    timeval timeout{20, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<uint16_t>(port_));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    std::string answer;
    if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
        send(fd, request.data(), request.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(request.size())) {
      char buf[4096];
      for (ssize_t n; (n = recv(fd, buf, sizeof buf, 0)) > 0;) answer.append(buf, static_cast<size_t>(n));
    }
    close(fd);
    return answer;
  }

  bool still_serving() {
    auto res = client_->Get("/api/info");
    return res && res->status == 200;
  }

  TestServer server_;
  std::unique_ptr<httplib::Client> client_;
  int port_ = 0;
};

std::string nested(int depth) { return std::string(static_cast<size_t>(depth), '[') + std::string(static_cast<size_t>(depth), ']'); }

TEST_F(ServeLimitsTest, OversizedBodyIsRefusedWith413AndTheServerGoesOn) {
  // Ten times the cap of a JSON route: refused from its Content-Length, read and dropped so that
  // the client gets the answer.
  const std::string body(10 * kMaxJsonBodyBytes, '[');
  auto [status, error] = post("/api/games", body);
  EXPECT_EQ(status, 413);
  EXPECT_NE(error.value("error", "").find("64 KiB"), std::string::npos) << error.dump();
  EXPECT_EQ(error["status"], 413);
  EXPECT_TRUE(still_serving());
  // The upload route has a larger cap: the same body there is read and refused as records.
  EXPECT_EQ(post("/api/records/upload", body, {}, "text/plain").first, 400);
  EXPECT_TRUE(still_serving());
}

TEST_F(ServeLimitsTest, HugeContentLengthIsAnsweredWithoutReadingTheBody) {
  const std::string answer = raw("POST /api/games HTTP/1.1\r\nHost: " + own_host() +
                                 "\r\nContent-Type: application/json\r\nContent-Length: 1000000000\r\n\r\n");
  EXPECT_EQ(answer.rfind("HTTP/1.1 413", 0), 0u) << answer;
  EXPECT_NE(answer.find("over the limit"), std::string::npos) << answer;
  EXPECT_TRUE(still_serving());
}

TEST_F(ServeLimitsTest, BodiesWithoutLengthOrCompressedAreRefused) {
  const std::string head = "POST /api/games HTTP/1.1\r\nHost: " + own_host() + "\r\nContent-Type: application/json\r\n";
  EXPECT_EQ(raw(head + "Transfer-Encoding: chunked\r\n\r\n").rfind("HTTP/1.1 411", 0), 0u);
  EXPECT_EQ(raw(head + "\r\n").rfind("HTTP/1.1 411", 0), 0u);
  EXPECT_EQ(raw(head + "Content-Length: 2\r\nContent-Length: 2\r\n\r\n").rfind("HTTP/1.1 400", 0), 0u);
  // A compressed body could inflate past any cap, so it is not read at all.
  EXPECT_EQ(raw(head + "Content-Encoding: br\r\nContent-Length: 0\r\n\r\n").rfind("HTTP/1.1 415", 0), 0u);
  EXPECT_TRUE(still_serving());
}

TEST_F(ServeLimitsTest, RefusedRequestLineIsNamedInTheError) {
  // cpp-httplib refuses a request line over 8 KiB (414) before it has a method or a path: the
  // error said "cannot  ".
  const std::string answer =
      raw("GET /" + std::string(20000, 'a') + " HTTP/1.1\r\nHost: " + own_host() + "\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(answer.rfind("HTTP/1.1 414", 0), 0u) << answer.substr(0, 300);
  EXPECT_NE(answer.find("the request line is too long"), std::string::npos) << answer.substr(0, 600);
  EXPECT_EQ(answer.find("cannot  "), std::string::npos) << answer.substr(0, 600);
  EXPECT_TRUE(still_serving());
}

TEST_F(ServeLimitsTest, DeeplyNestedJsonWithinTheCapIsRefused) {
  const std::string deep = R"({"seats": )" + nested(5000) + "}";
  ASSERT_LT(deep.size(), kMaxJsonBodyBytes);
  auto [status, error] = post("/api/games", deep);
  EXPECT_EQ(status, 400);
  EXPECT_NE(error.value("error", "").find("64 deep"), std::string::npos) << error.dump();
  // Within the bound it is parsed, and refused for what it says.
  auto [shallow, refused] = post("/api/games", R"({"seats": )" + nested(10) + "}");
  EXPECT_EQ(shallow, 400);
  EXPECT_EQ(refused.value("error", "").find("deep"), std::string::npos) << refused.dump();
  EXPECT_TRUE(still_serving());
}

TEST(ServeRequestJson, NestingIsBounded) {
  EXPECT_EQ(parse_request_json(nested(kMaxJsonDepth)).size(), 1u);
  EXPECT_THROW(parse_request_json(nested(kMaxJsonDepth + 1)), ApiError);
  EXPECT_THROW(parse_request_json("{\"a\":" + nested(kMaxJsonDepth) + "}"), ApiError);
  EXPECT_TRUE(parse_request_json("").is_null());
  EXPECT_THROW(parse_request_json("[1,"), ApiError);
}

TEST_F(ServeLimitsTest, CrossOriginPostIsRefused) {
  auto [status, error] = post("/api/games", "{}", {{"Origin", "http://evil.example"}});
  EXPECT_EQ(status, 403);
  EXPECT_NE(error.value("error", "").find("another site"), std::string::npos) << error.dump();
  EXPECT_EQ(post("/api/games", "{}", {{"Origin", "null"}}).first, 403);
  EXPECT_EQ(post("/api/games", "{}", {{"Origin", "http://127.0.0.1:1"}}).first, 403);  // another port
  // The page's own origin, under either loopback name.
  EXPECT_EQ(post("/api/games", "{}", {{"Origin", "http://" + own_host()}}).first, 201);
  EXPECT_EQ(post("/api/games", "{}", {{"Origin", "http://localhost:" + std::to_string(port_)}}).first, 201);
  // Reading is not refused by Origin (the browser keeps another site from reading the answer).
  auto res = client_->Get("/api/info", {{"Origin", "http://evil.example"}});
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
}

TEST_F(ServeLimitsTest, ForeignHostIsRefused) {
  for (const char* path : {"/api/info", "/"}) {
    auto res = client_->Get(path, {{"Host", "attacker.example:" + std::to_string(port_)}});
    ASSERT_TRUE(res) << path;
    EXPECT_EQ(res->status, 403) << path;
    EXPECT_NE(res->body.find("is not this server"), std::string::npos) << res->body;
  }
  auto [status, error] = post("/api/games", "{}", {{"Host", "attacker.example"}});
  EXPECT_EQ(status, 403);
  auto other_port = client_->Get("/api/info", {{"Host", "127.0.0.1:1"}});
  ASSERT_TRUE(other_port);
  EXPECT_EQ(other_port->status, 403);
  for (const std::string& host : {own_host(), "localhost:" + std::to_string(port_), "[::1]:" + std::to_string(port_)}) {
    auto res = client_->Get("/api/info", {{"Host", host}});
    ASSERT_TRUE(res) << host;
    EXPECT_EQ(res->status, 200) << host;
  }
}

TEST_F(ServeLimitsTest, PostsOtherThanJsonAreRefused) {
  // What a form on another site can send without a preflight.
  for (const char* type : {"text/plain", "application/x-www-form-urlencoded"}) {
    auto [status, error] = post("/api/games", "{}", {}, type);
    EXPECT_EQ(status, 415) << type;
    EXPECT_NE(error.value("error", "").find("application/json"), std::string::npos) << error.dump();
  }
  EXPECT_EQ(post("/api/games", "{}", {}, "application/json; charset=utf-8").first, 201);
  // A POST without a body needs no type (the page's bot and cancel); with an empty text/plain
  // body (an empty form) it is refused.
  const std::string bot = "/api/games/0123456789abcdef0123456789abcdef/bot";
  const std::string untyped = raw("POST " + bot + " HTTP/1.1\r\nHost: " + own_host() + "\r\nContent-Length: 0\r\n\r\n");
  EXPECT_EQ(untyped.rfind("HTTP/1.1 404", 0), 0u) << untyped;  // past the checks, to the route
  EXPECT_EQ(post(bot, "", {}, "text/plain").first, 415);
  EXPECT_TRUE(still_serving());
}

TEST_F(ServeLimitsTest, ForgedSessionTokenIsNotAdopted) {
  const std::string forged = "0123456789abcdef0123456789abcdef";
  auto res = client_->Get("/api/info", {{"Cookie", std::string(kSessionCookie) + "=" + forged}});
  ASSERT_TRUE(res);
  const std::string set = res->get_header_value("Set-Cookie");
  ASSERT_EQ(set.rfind(std::string(kSessionCookie) + "=", 0), 0u) << set;
  const std::string issued = set.substr(std::string(kSessionCookie).size() + 1, 32);
  EXPECT_NE(issued, forged);
  EXPECT_TRUE(GameStore::is_token(issued));
  EXPECT_FALSE(server_.api().store().has_session(forged));
  // The issued token is kept: no new cookie for it.
  auto again = client_->Get("/api/info", {{"Cookie", std::string(kSessionCookie) + "=" + issued}});
  ASSERT_TRUE(again);
  EXPECT_FALSE(again->has_header("Set-Cookie"));
}

TEST_F(ServeLimitsTest, RequestsWithoutCookieDoNotPushOutSessions) {
  // Any page can make the browser send cookie-less GETs; each is issued a token, but the
  // sessions that hold games stay.
  ServeOptions options;
  options.max_sessions = 2;
  start(options);
  auto res = client_->Get("/api/info");
  ASSERT_TRUE(res);
  const std::string cookie = res->get_header_value("Set-Cookie").substr(0, res->get_header_value("Set-Cookie").find(';'));
  auto made = client_->Post("/api/games", {{"Cookie", cookie}}, "{}", "application/json");
  ASSERT_TRUE(made);
  ASSERT_EQ(made->status, 201);
  const std::string id = json::parse(made->body)["id"];
  for (int i = 0; i < 20; ++i) ASSERT_TRUE(client_->Get("/api/info"));
  auto again = client_->Get(("/api/games/" + id).c_str(), {{"Cookie", cookie}});
  ASSERT_TRUE(again);
  EXPECT_EQ(again->status, 200) << again->body;
}

TEST(ServeTokens, AreRandomAndAtLeast128Bits) {
  std::set<std::string> seen;
  for (int i = 0; i < 100; ++i) {
    const std::string token = GameStore::new_token();
    EXPECT_GE(token.size(), 32u);
    EXPECT_EQ(token.find_first_not_of("0123456789abcdef"), std::string::npos) << token;
    seen.insert(token);
  }
  EXPECT_EQ(seen.size(), 100u);
}

TEST_F(ServeLimitsTest, PagesMayNotBeFramed) {
  auto res = client_->Get("/");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->get_header_value("X-Frame-Options"), "DENY");
  EXPECT_NE(res->get_header_value("Content-Security-Policy").find("frame-ancestors 'none'"), std::string::npos);
}

TEST_F(ServeLimitsTest, SecondServerOnATakenPortFails) {
  ServeOptions options;
  options.opponents = {"random"};
  ServeApi api(options, basic_player_factory());
  WebServer second(api);
  try {
    second.bind("127.0.0.1", port_);
    FAIL() << "a second server listens on port " << port_;
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("port " + std::to_string(port_)), std::string::npos) << e.what();
  }
  EXPECT_TRUE(still_serving());
}

TEST(ServeRequestGuard, HostsOfEachKindOfBind) {
  const RequestGuard loopback("127.0.0.1", 8080);
  EXPECT_TRUE(loopback.is_own_host("127.0.0.1:8080"));
  EXPECT_TRUE(loopback.is_own_host("LOCALHOST:8080"));
  EXPECT_TRUE(loopback.is_own_host("[::1]:8080"));
  EXPECT_FALSE(loopback.is_own_host("127.0.0.1"));  // port 80
  EXPECT_FALSE(loopback.is_own_host("127.0.0.1:8081"));
  EXPECT_FALSE(loopback.is_own_host("10.0.0.1:8080"));
  EXPECT_FALSE(loopback.is_own_host("attacker.example:8080"));
  EXPECT_FALSE(loopback.is_own_host("127.0.0.1:8080:8080"));
  EXPECT_FALSE(loopback.is_own_host(""));
  const RequestGuard lan("192.168.1.5", 80, {"board.lan"});
  EXPECT_TRUE(lan.is_own_host("192.168.1.5"));
  EXPECT_TRUE(lan.is_own_host("board.lan"));
  EXPECT_FALSE(lan.is_own_host("localhost"));
  EXPECT_FALSE(lan.is_own_host("192.168.1.6"));
  // Every address of the machine, but still no name of another's.
  const RequestGuard any("0.0.0.0", 9000);
  EXPECT_TRUE(any.is_own_host("10.1.2.3:9000"));
  EXPECT_TRUE(any.is_own_host("[fe80::1]:9000"));
  EXPECT_TRUE(any.is_own_host("localhost:9000"));
  EXPECT_FALSE(any.is_own_host("attacker.example:9000"));
}

TEST(ServeRequestGuard, StatusOfEachRefusal) {
  const RequestGuard guard("127.0.0.1", 8080);
  auto status_of = [&](const RequestHead& head) {
    try {
      guard.check(head);
      return 0;
    } catch (const ApiError& e) {
      return e.status();
    }
  };
  RequestHead post{"POST", "/api/games", "127.0.0.1:8080", std::nullopt, "application/json", std::nullopt, std::nullopt, {"2"}};
  EXPECT_EQ(status_of(post), 0);
  RequestHead head = post;
  head.host.reset();
  EXPECT_EQ(status_of(head), 403);
  head = post;
  head.origin = "https://127.0.0.1:8080";
  EXPECT_EQ(status_of(head), 0);
  head.origin = "http://127.0.0.1.evil.example:8080";
  EXPECT_EQ(status_of(head), 403);
  head = post;
  head.content_length = {std::to_string(kMaxJsonBodyBytes + 1)};
  EXPECT_EQ(status_of(head), 413);
  head.path = "/api/records/upload";
  head.content_type = "text/plain; charset=utf-8";
  EXPECT_EQ(status_of(head), 0);
  head.content_length = {std::to_string(kMaxUploadBytes + 1)};
  EXPECT_EQ(status_of(head), 413);
  head = post;
  head.content_length = {"-1"};
  EXPECT_EQ(status_of(head), 400);
  head.content_length.clear();
  EXPECT_EQ(status_of(head), 411);
  head = post;
  head.method = "DELETE";
  head.content_type.reset();
  head.content_length = {"0"};
  EXPECT_EQ(status_of(head), 0);  // no body, no type needed
  head.method = "GET";
  head.content_length.clear();
  head.origin = "http://evil.example";
  EXPECT_EQ(status_of(head), 0);  // reads are not refused by Origin
}

}  // namespace
}  // namespace djambi::cli::serve
