#pragma once
// A server with a memory budget on a loopback port whose store reads a clock the test moves
// (serve_memory_test.cpp, serve_memory_network_test.cpp).
#include <gtest/gtest.h>

#include <httplib.h>

#include <atomic>
#include <memory>
#include <string>
#include <utility>

#include "apps/serve/api.h"
#include "tests/web/test_server.h"

namespace djambi::cli::serve {

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
  std::pair<int, nlohmann::json> create(const std::string& cookie) {
    auto res = client_->Post("/api/games", {{"Cookie", cookie}}, "{}", "application/json");
    if (!res) return {0, nullptr};
    return {res->status, nlohmann::json::parse(res->body, nullptr, false)};
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

}  // namespace djambi::cli::serve
