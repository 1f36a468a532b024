#pragma once
// A `djambi serve` server for tests: the API and HTTP server on 127.0.0.1 at a free port, run
// on a thread of its own until stop() or the end of the object.
#include <chrono>
#include <memory>
#include <thread>

#include "apps/serve/api.h"
#include "apps/serve/http.h"
#include "mcts/player.h"

namespace djambi::cli::serve {

class TestServer {
 public:
  ~TestServer() { stop(); }
  // Starts a server with `options` (stopping the one before) and returns its port; 0 when it did
  // not come up within five seconds.
  // `factory`: the players the page may seat (basic_player_factory() by default).
  int start(const ServeOptions& options, const PlayerFactory& factory = basic_player_factory()) {
    stop();
    api_ = std::make_unique<ServeApi>(options, factory);
    server_ = std::make_unique<WebServer>(*api_);
    const int port = server_->bind("127.0.0.1", 0);
    thread_ = std::thread([this] { server_->run(); });
    for (int i = 0; i < 500 && !server_->running(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return server_->running() ? port : 0;
  }
  void stop() {
    if (server_) server_->stop();
    if (thread_.joinable()) thread_.join();
    server_.reset();
  }
  ServeApi& api() { return *api_; }
  WebServer& server() { return *server_; }

 private:
  std::unique_ptr<ServeApi> api_;
  std::unique_ptr<WebServer> server_;
  std::thread thread_;
};

}  // namespace djambi::cli::serve
