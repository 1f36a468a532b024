#pragma once
// djambi serve: the HTTP wiring (cpp-httplib) of the page's files and of ServeApi's routes.
// Every answer of /api/ is JSON (the record download excepted); a refused request gets its 4xx
// status and {"error": "..."}, an unexpected failure 500 with the same shape; no request stops
// the server.
#include <memory>
#include <string>

#include "apps/serve/api.h"

namespace httplib {
class Server;
}

namespace djambi::cli::serve {

// The cookie that names a browser session.
constexpr const char* kSessionCookie = "djambi_session";

class WebServer {
 public:
  // `web_dir` "": the page's files built into the binary; else read from that folder at each
  // request (for editing the page without rebuilding).
  WebServer(ServeApi& api, std::string web_dir = "");
  ~WebServer();
  WebServer(const WebServer&) = delete;
  WebServer& operator=(const WebServer&) = delete;

  // Binds `host`:`port` (0: a free port) and returns the port; throws std::runtime_error when
  // it cannot.
  int bind(const std::string& host, int port);
  // Serves until stop() (from another thread or a signal handler's thread).
  void run();
  void stop();
  bool running() const;

 private:
  void add_routes();
  ServeApi& api_;
  std::string web_dir_;
  std::unique_ptr<httplib::Server> server_;
};

}  // namespace djambi::cli::serve
