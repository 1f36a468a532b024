// djambi serve under load (docs/WEB.md, "Limits and threat model"): a bot's search runs on the
// server's own threads, so that the page and the game's state answer while it thinks, even with
// ten reads of that game in flight; cancel stops a thinking bot; a turn answered unfinished is
// asked for again without a refusal; slow clients (a header line every half second) are cut
// by the deadline on the request line and headers while a normal client is answered, and one
// address cannot hold more than its share of connections. Loopback only; every wait is bounded.
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "apps/serve/api.h"
#include "apps/serve/http.h"
#include "tests/web/test_server.h"

namespace djambi::cli::serve {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

class ServeThreadsTest : public ::testing::Test {
 protected:
  void TearDown() override { server_.stop(); }

  void start(ServeOptions options) {
    options.opponents = {"random"};
    port_ = server_.start(options);
    ASSERT_NE(port_, 0);
    auto res = client().Get("/api/info");
    ASSERT_TRUE(res);
    const std::string set = res->get_header_value("Set-Cookie");
    cookie_ = set.substr(0, set.find(';'));
  }

  std::unique_ptr<httplib::Client> client(double timeout = 20) const {
    auto c = std::make_unique<httplib::Client>("127.0.0.1", port_);
    const auto whole = static_cast<time_t>(timeout);
    c->set_read_timeout(whole, static_cast<time_t>((timeout - static_cast<double>(whole)) * 1e6));
    c->set_connection_timeout(5, 0);
    return c;
  }
  httplib::Client& client() {
    if (!client_) client_ = client(20);
    return *client_;
  }
  httplib::Headers headers() const { return {{"Cookie", cookie_}}; }

  std::pair<int, json> post(const std::string& path, const std::string& body = "") {
    auto res = client(30)->Post(path.c_str(), headers(), body, "application/json");
    if (!res) return {0, nullptr};
    return {res->status, json::parse(res->body, nullptr, false)};
  }
  std::pair<int, json> get(const std::string& path) {
    auto res = client(30)->Get(path.c_str(), headers());
    if (!res) return {0, nullptr};
    return {res->status, json::parse(res->body, nullptr, false)};
  }

  // A connection that sends a request line, then a header line every `every` seconds and never
  // ends its headers; returns when the server closes it (or after `limit` seconds): the time
  // from its start.
  double slow_client(double every, double limit) const {
    const auto start = Clock::now();
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return -1;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<uint16_t>(port_));
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
    if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
      close(fd);
      return -1;
    }
    const std::string first = "GET / HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port_) + "\r\n";
    send(fd, first.data(), first.size(), MSG_NOSIGNAL);
    double closed = -1;
    while (seconds_since(start) < limit) {
      pollfd p{fd, POLLIN, 0};
      if (poll(&p, 1, static_cast<int>(every * 1000)) > 0) {
        // The server answers (a 400) or closes: read to the end.
        char buffer[4096];
        ssize_t n;
        while ((n = recv(fd, buffer, sizeof buffer, 0)) > 0) {
        }
        closed = seconds_since(start);
        break;
      }
      const std::string line = "X-Slow: " + std::to_string(seconds_since(start)) + "\r\n";
      if (send(fd, line.data(), line.size(), MSG_NOSIGNAL) < 0) {
        closed = seconds_since(start);
        break;
      }
    }
    close(fd);
    return closed;
  }

  TestServer server_;
  int port_ = 0;
  std::unique_ptr<httplib::Client> client_;
  std::string cookie_;
};

// A bot searching for 15 s a decision: its POST is answered within the wait, "thinking"; the
// page (GET /) and the game answer at once while ten reads of the game are in flight; cancel
// stops the search and the bot plays at once.
TEST_F(ServeThreadsTest, PageAndGameAnswerWhileABotThinksAndCancelStopsIt) {
  ServeOptions options;
  options.bot_wait_seconds = 0.5;
  start(options);
  auto [s, game] = post("/api/games", json{{"seats", {"mcts:time=15", "random", "random", "random"}}}.dump());
  ASSERT_EQ(s, 201) << game.dump();
  EXPECT_EQ(game["thinking"], false);
  const std::string base = "/api/games/" + game["id"].get<std::string>();

  auto t0 = Clock::now();
  auto [s1, thinking] = post(base + "/bot");
  ASSERT_EQ(s1, 200) << thinking.dump();
  EXPECT_LT(seconds_since(t0), 5.0);
  EXPECT_EQ(thinking["thinking"], true);
  EXPECT_TRUE(thinking["moves"].empty());

  // Ten readers of the game, and a second POST .../bot, in flight meanwhile.
  std::atomic<bool> done{false};
  std::atomic<int> reads{0}, failed{0};
  std::vector<std::thread> readers;
  for (int i = 0; i < 10; ++i)
    readers.emplace_back([&] {
      auto c = client(10);
      while (!done) {
        auto res = c->Get(base.c_str(), headers());
        if (!res || res->status != 200) ++failed;
        ++reads;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
    });
  std::thread again([&] { post(base + "/bot"); });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  double worst_page = 0, worst_game = 0;
  for (int i = 0; i < 5; ++i) {
    t0 = Clock::now();
    auto page = client(5)->Get("/");
    worst_page = std::max(worst_page, seconds_since(t0));
    ASSERT_TRUE(page);
    EXPECT_EQ(page->status, 200);
    t0 = Clock::now();
    auto [sg, now] = get(base);
    worst_game = std::max(worst_game, seconds_since(t0));
    ASSERT_EQ(sg, 200);
    EXPECT_EQ(now["thinking"], true);
  }
  // Not behind the bot's 15 s: 200 ms is the target (measured by the soak, docs/WEB.md); 3 s
  // leaves room for a loaded machine and the sanitizers.
  EXPECT_LT(worst_page, 3.0);
  EXPECT_LT(worst_game, 3.0);
  // A person's decision is refused while the bot is to move.
  auto [sd, refused] = post(base + "/decide", json{{"id", 0}}.dump());
  EXPECT_EQ(sd, 409) << refused.dump();

  t0 = Clock::now();
  auto [sc, cancelled] = post(base + "/cancel");
  ASSERT_EQ(sc, 200) << cancelled.dump();
  // The search stopped: its turn is played within seconds, not the 15 s of each decision.
  json now = cancelled;
  while (now["thinking"] == true && seconds_since(t0) < 10) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    now = get(base).second;
  }
  EXPECT_LT(seconds_since(t0), 5.0);
  EXPECT_EQ(now["thinking"], false);
  ASSERT_EQ(now["moves"].size(), 1u) << now.dump();
  EXPECT_EQ(now["moves"][0]["seat"], "r");
  EXPECT_EQ(now["current"]["seat"], "b");
  done = true;
  for (auto& t : readers) t.join();
  again.join();
  EXPECT_GT(reads.load(), 10);
  EXPECT_EQ(failed.load(), 0);
}

// With no wait, each POST .../bot may answer "thinking"; the client asks again until a person is
// to move, never refused meanwhile; then a POST .../bot is refused (409) as before.
TEST_F(ServeThreadsTest, TurnAnsweredUnfinishedIsAskedAgainWithoutRefusal) {
  ServeOptions options;
  options.bot_wait_seconds = 0;
  start(options);
  auto [s, game] = post("/api/games", json{{"seats", {"random", "random", "human", "random"}}}.dump());
  ASSERT_EQ(s, 201);
  const std::string base = "/api/games/" + game["id"].get<std::string>();
  json now = game;
  int asked = 0;
  while (!now["current"]["human"].get<bool>() && asked < 2000) {
    auto [status, next] = post(base + "/bot");
    ASSERT_EQ(status, 200) << next.dump();
    now = next;
    ++asked;
  }
  ASSERT_EQ(now["current"]["seat"], "y");
  EXPECT_EQ(now["moves"].size(), 2u);
  EXPECT_EQ(post(base + "/bot").first, 409);
}

// Ten connections sending a header line every half second are closed by the deadline on the
// request line and headers (2 s here, kHeadSeconds in the server), and a normal client is
// answered meanwhile.
TEST_F(ServeThreadsTest, SlowClientsAreCutByTheHeadDeadline) {
  start({});
  server_.server().set_head_seconds(2);
  std::vector<double> closed(10, -1);
  std::vector<std::thread> slow;
  for (size_t i = 0; i < closed.size(); ++i) slow.emplace_back([&, i] { closed[i] = slow_client(0.5, 8); });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  double worst = 0;
  for (int i = 0; i < 5; ++i) {
    const auto t0 = Clock::now();
    auto res = client(5)->Get("/api/info");
    worst = std::max(worst, seconds_since(t0));
    ASSERT_TRUE(res);
    EXPECT_EQ(res->status, 200);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  EXPECT_LT(worst, 3.0);  // not held up by the slow clients (with room for a loaded machine)
  for (auto& t : slow) t.join();
  for (double t : closed) {
    EXPECT_GE(t, 1.5);  // not before the deadline: each sent a line every half second
    EXPECT_LT(t, 7.0);  // closed by it (without it: not before the client gives up at 8 s)
  }
}

// One address may hold kMaxHeadsPerAddress connections reading their heads; the next is closed
// at once, and once the heads are cut the address is served again.
TEST_F(ServeThreadsTest, OneAddressHoldsABoundedShareOfConnections) {
  start({});
  // Margins for a loaded machine (the suite runs two tests at once): the slow clients have 2 s
  // to connect before the extra one, whose refusal must come well before their 6 s deadline.
  server_.server().set_head_seconds(6);
  std::vector<double> closed(kMaxHeadsPerAddress + 1, -1);
  std::vector<std::thread> slow;
  for (size_t i = 0; i < kMaxHeadsPerAddress; ++i) slow.emplace_back([&, i] { closed[i] = slow_client(0.5, 12); });
  std::this_thread::sleep_for(std::chrono::seconds(2));
  closed.back() = slow_client(0.5, 12);
  EXPECT_GE(closed.back(), 0);
  EXPECT_LT(closed.back(), 3.0);
  for (auto& t : slow) t.join();
  for (size_t i = 0; i < kMaxHeadsPerAddress; ++i) EXPECT_GE(closed[i], 5.0);
  auto res = client(5)->Get("/api/info");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
}

}  // namespace
}  // namespace djambi::cli::serve
