#pragma once
// djambi serve: the HTTP wiring (cpp-httplib) of the page's files and of ServeApi's routes.
// Every answer of /api/ is JSON (the record download excepted); a refused request gets its 4xx
// status and {"error": "..."}, an unexpected failure 500 with the same shape; no request stops
// the server. Requests are checked from their line and headers before any body is read
// (RequestGuard); docs/WEB.md, "Limits and threat model", says what is refused and why.
#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "apps/serve/api.h"

namespace httplib {
class Server;
struct Response;
}

namespace djambi::cli::serve {

// The cookie that names a browser session.
constexpr const char* kSessionCookie = "djambi_session";

// The largest body of a JSON route (the page's are under 1 KiB).
constexpr size_t kMaxJsonBodyBytes = size_t{64} << 10;
// The largest body of POST /api/records/upload (a records file's text).
constexpr size_t kMaxUploadBytes = size_t{8} << 20;
// A refused body up to this size is read and thrown away, so that the client reads the answer
// (closing a socket with data unread resets the connection); a larger one is not read at all.
constexpr size_t kMaxDrainBytes = size_t{64} << 20;
// The deepest nesting of arrays and objects in a JSON body (the page's have 2).
constexpr int kMaxJsonDepth = 64;
// Requests served at once, from the end of their headers to their answer (their body read
// there). With the caps above, the bodies in memory at once stay under kServerThreads *
// kMaxUploadBytes.
constexpr size_t kServerThreads = 8;
// Connections handled at once (cpp-httplib's thread pool): each reads its request line and
// headers on a thread of its own before it waits for one of the kServerThreads, so that slow
// clients hold connection threads, not the request threads.
constexpr size_t kConnectionThreads = 128;
// Connections of one client address reading their request line and headers at once; past it a
// new connection of that address is closed unread. A quarter of the connection threads: one
// program may run tens of clients from one address, and on a loaded machine their heads wait
// for CPU together (the soak's 20 clients of one request each were refused now and then in CI
// when this was 16).
constexpr size_t kMaxHeadsPerAddress = 32;
// The time a connection has for its request line and headers, in all from its start (a byte
// every few seconds does not prolong it); past it the connection is closed.
constexpr double kHeadSeconds = 10;
// The time for the body, from the end of the headers, and for the answer, from its first byte.
constexpr double kBodySeconds = 60;
constexpr double kAnswerSeconds = 30;

// What RequestGuard reads of a request: its line and headers, nothing of its body.
struct RequestHead {
  std::string method, path;
  std::optional<std::string> host, origin, content_type, content_encoding, transfer_encoding;
  std::vector<std::string> content_length;  // every Content-Length header (a second one is refused)
};

// Which requests the server answers, decided before any body is read:
// - Host must name this server (the bound address, or for a loopback bind localhost, 127.0.0.1
//   and [::1]; for a wildcard bind any IP address or this machine's name; plus `allowed_hosts`)
//   with the bound port: a page on another site reaching the server through a name of its own
//   (DNS rebinding) is refused (403).
// - A request that may change state (any method but GET, HEAD, OPTIONS) is refused when it has
//   an Origin other than the server's own (403), a Content-Type other than application/json
//   (415; text/plain on the upload route; none at all for an empty body), a Content-Encoding
//   (415: a compressed body could inflate past any cap), no Content-Length (411: chunked or
//   read-until-close bodies cannot be capped before reading), or a body over its route's cap
//   (413).
class RequestGuard {
 public:
  RequestGuard(std::string bound_host, int port, std::vector<std::string> allowed_hosts = {});
  // Throws ApiError with the status and a sentence naming what was refused and the limit.
  void check(const RequestHead& head) const;
  // The body cap of a route.
  static size_t body_cap(const std::string& path);
  // Whether `host` (a Host header: name or address, then ":port" unless 80) names this server.
  bool is_own_host(const std::string& host) const;

 private:
  bool is_own_name(const std::string& name) const;
  std::vector<std::string> names_;  // lower case, IPv6 without brackets
  bool any_address_ = false;        // a wildcard bind: every IP literal is this machine's
  int port_;
};

// A JSON request body, parsed with its nesting bounded by `max_depth` (a body within the cap
// cannot then make a deep structure). ApiError 400 when it is not JSON or nests too deep; null
// for an empty body.
nlohmann::json parse_request_json(const std::string& text, int max_depth = kMaxJsonDepth);

class WebServer {
 public:
  // `web_dir` "": the page's files built into the binary; else read from that folder at each
  // request (for editing the page without rebuilding).
  WebServer(ServeApi& api, std::string web_dir = "");
  ~WebServer();
  WebServer(const WebServer&) = delete;
  WebServer& operator=(const WebServer&) = delete;

  // Binds `host`:`port` (0: a free port) and returns the port; throws std::runtime_error when
  // it cannot, in particular when another process listens on that port (no SO_REUSEPORT).
  // Requests whose Host is not `host` (or a loopback name for a loopback bind), or one of
  // `allowed_hosts`, with that port, are refused.
  int bind(const std::string& host, int port, const std::vector<std::string>& allowed_hosts = {});
  // Serves until stop() (from another thread or a signal handler's thread).
  void run();
  void stop();
  bool running() const;
  // Tests: the time for a request line and headers (kHeadSeconds by default).
  void set_head_seconds(double seconds);

 private:
  void add_routes();
  // Whether guard_ lets the request through; if not, the refusal is written into `res`.
  bool admits(const RequestHead& head, httplib::Response& res) const;
  ServeApi& api_;
  std::string web_dir_;
  std::unique_ptr<httplib::Server> server_;
  std::optional<RequestGuard> guard_;  // set by bind(); no request is served before
  std::mutex upload_mutex_;            // one upload parsed at a time (its records and replay)
};

}  // namespace djambi::cli::serve
