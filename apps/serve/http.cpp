#include "apps/serve/http.h"

#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <map>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "apps/serve/assets.h"
#include "env/io/message_text.h"

namespace djambi::cli::serve {

namespace {

using nlohmann::json;

constexpr const char* kJson = "application/json";
constexpr const char* kUploadPath = "/api/records/upload";

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

// "[::1]" -> "::1"; other names as they are, in lower case.
std::string bare_name(const std::string& name) {
  if (name.size() >= 2 && name.front() == '[' && name.back() == ']') return lower(name.substr(1, name.size() - 2));
  return lower(name);
}

bool is_ip_literal(const std::string& name) {
  unsigned char address[16];
  return inet_pton(AF_INET, name.c_str(), address) == 1 || inet_pton(AF_INET6, name.c_str(), address) == 1;
}

bool is_loopback_name(const std::string& name) { return name == "localhost" || name == "::1" || name.rfind("127.", 0) == 0; }

bool is_wildcard(const std::string& name) { return name.empty() || name == "0.0.0.0" || name == "::"; }

std::string this_machine_name() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0) return "";
  return lower(name);
}

// A Host header's name (lower case, IPv6 without brackets) and port (80 when absent, as
// browsers write it); false when malformed.
bool split_host(const std::string& host, std::string& name, int& port) {
  std::string rest;
  if (!host.empty() && host[0] == '[') {
    const size_t close = host.find(']');
    if (close == std::string::npos) return false;
    name = host.substr(1, close - 1);
    rest = host.substr(close + 1);
  } else {
    const size_t colon = host.find(':');
    name = host.substr(0, colon);
    if (colon != std::string::npos) rest = host.substr(colon);
  }
  name = lower(name);
  port = 80;
  if (name.empty()) return false;
  if (rest.empty()) return true;
  const std::string digits = rest.substr(1);
  if (rest[0] != ':' || digits.empty() || digits.size() > 5 || digits.find_first_not_of("0123456789") != std::string::npos)
    return false;
  port = std::atoi(digits.c_str());
  return true;
}

// "application/json; charset=utf-8" -> "application/json".
std::string media_type(const std::string& content_type) {
  std::string type = lower(content_type.substr(0, content_type.find(';')));
  type.erase(0, type.find_first_not_of(" \t"));
  type.erase(type.find_last_not_of(" \t") + 1);
  return type;
}

bool changes_state(const std::string& method) { return method != "GET" && method != "HEAD" && method != "OPTIONS"; }

// The one Content-Length of a request (nullopt when there is none); ApiError 400 for several or
// a malformed one (two lengths are how one request is smuggled inside another).
std::optional<size_t> content_length(const RequestHead& head) {
  if (head.content_length.empty()) return std::nullopt;
  const std::string& text = head.content_length.front();
  if (head.content_length.size() > 1 || text.empty() || text.size() > 18 ||
      text.find_first_not_of("0123456789") != std::string::npos)
    throw ApiError(400, "the request has a malformed or repeated Content-Length");
  return static_cast<size_t>(std::strtoull(text.c_str(), nullptr, 10));
}

std::string bytes_text(size_t bytes) {
  if (bytes % (size_t{1} << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  if (bytes % (size_t{1} << 10) == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + " bytes";
}

void send_json(httplib::Response& res, const json& value, int status = 200) {
  res.status = status;
  res.set_header("Cache-Control", "no-store");
  // Invalid UTF-8 from a record's comment is replaced rather than thrown on.
  res.set_content(value.dump(-1, ' ', false, json::error_handler_t::replace), kJson);
}

void send_error(httplib::Response& res, int status, const std::string& message) {
  send_json(res, {{"error", printable_message(message)}, {"status", status}}, status);
}

RequestHead head_of(const httplib::Request& req) {
  RequestHead head;
  head.method = req.method;
  head.path = req.path;
  auto header = [&req](const char* name) -> std::optional<std::string> {
    if (!req.has_header(name)) return std::nullopt;
    return req.get_header_value(name);
  };
  head.host = header("Host");
  head.origin = header("Origin");
  head.content_type = header("Content-Type");
  head.content_encoding = header("Content-Encoding");
  head.transfer_encoding = header("Transfer-Encoding");
  for (size_t i = 0; i < req.get_header_value_count("Content-Length"); ++i)
    head.content_length.push_back(req.get_header_value("Content-Length", i));
  return head;
}

// Whether a refused request's body can be read and thrown away before answering: one of a
// known, bounded length that cpp-httplib reads plainly (not compressed, not multipart). Another
// is left unread and the connection closed after the answer.
bool drainable(const RequestHead& head) {
  if (!changes_state(head.method) || head.transfer_encoding || head.content_encoding) return false;
  if (media_type(head.content_type.value_or("")).rfind("multipart/", 0) == 0) return false;
  if (head.content_length.size() != 1) return false;
  const std::string& text = head.content_length.front();
  if (text.empty() || text.size() > 18 || text.find_first_not_of("0123456789") != std::string::npos) return false;
  const unsigned long long length = std::strtoull(text.c_str(), nullptr, 10);
  return length > 0 && length <= kMaxDrainBytes;
}

// The pre-routing check answered this request already (a handler's response starts at -1).
bool refused_before_routing(const httplib::Response& res) { return res.status != -1; }

// Reads a refused request's body and drops it, keeping the refusal.
void drain(httplib::Response& res, const httplib::ContentReader& reader) {
  const int status = res.status;
  reader([](const char*, size_t) { return true; });
  res.status = status;  // the reader sets 413 on a body over the payload limit, which it skips
}

// The session named by the request's cookie when this server issued it and still keeps it; a
// new one (and its cookie) otherwise. A token the server did not issue is never adopted, so a
// page cannot fix a visitor's session to one it knows.
std::string session_of(ServeApi& api, const httplib::Request& req, httplib::Response& res) {
  const std::string cookies = req.get_header_value("Cookie");
  const std::string key = std::string(kSessionCookie) + "=";
  for (size_t at = cookies.find(key); at != std::string::npos; at = cookies.find(key, at + 1)) {
    if (at != 0 && cookies[at - 1] != ' ' && cookies[at - 1] != ';') continue;
    const size_t begin = at + key.size();
    const std::string value = cookies.substr(begin, cookies.find(';', begin) - begin);
    if (GameStore::is_token(value) && api.store().has_session(value)) return value;
  }
  const std::string token = api.store().new_session();
  res.set_header("Set-Cookie", key + token + "; Path=/; HttpOnly; SameSite=Strict");
  return token;
}

int game_param(const httplib::Request& req) {
  if (!req.has_param("game")) return 1;
  const std::string text = req.get_param_value("game");
  if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos)
    throw ApiError(400, "'game' must be a game number (1 = the first)");
  return std::atoi(text.c_str());
}

std::string path_param(const httplib::Request& req) {
  if (!req.has_param("path")) throw ApiError(400, "'path' is missing: a record file relative to the records folder");
  return req.get_param_value("path");
}

// Runs `body`; whatever it throws becomes a JSON error, never a crash.
template <typename Body>
void answer(httplib::Response& res, Body body) {
  try {
    body();
  } catch (const ApiError& e) {
    send_error(res, e.status(), e.what());
  } catch (const std::invalid_argument& e) {
    send_error(res, 400, e.what());
  } catch (const std::exception& e) {
    send_error(res, 500, std::string("internal error: ") + e.what());
  } catch (...) {
    send_error(res, 500, "internal error");
  }
}

// A route without a body (GET).
template <typename Handler>
httplib::Server::Handler guarded(Handler handler) {
  return [handler](const httplib::Request& req, httplib::Response& res) {
    if (refused_before_routing(res)) return;
    answer(res, [&] { handler(req, res); });
  };
}

// A route with a body (POST and the like): the body is read here, within its route's cap, so
// that no route reads more than that into memory. Handler(req, res, body).
template <typename Handler>
httplib::Server::HandlerWithContentReader with_body(Handler handler) {
  return [handler](const httplib::Request& req, httplib::Response& res, const httplib::ContentReader& reader) {
    if (refused_before_routing(res)) return drain(res, reader);
    const size_t cap = RequestGuard::body_cap(req.path);
    std::string body;
    bool over = false;
    // RequestGuard checked the Content-Length; this is a second fence, not the first.
    const bool read = reader([&](const char* data, size_t n) {
      over = body.size() + n > cap;
      if (!over) body.append(data, n);
      return !over;
    });
    answer(res, [&] {
      if (over) throw ApiError(413, "the request body is over this route's limit of " + bytes_text(cap));
      if (!read) throw ApiError(400, "the request body could not be read");
      handler(req, res, body);
    });
  };
}

// ---- Connections: deadlines and bounds (docs/WEB.md, "Limits and threat model") ----

using Clock = std::chrono::steady_clock;

Clock::time_point after(Clock::time_point from, double seconds) {
  return from + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

Clock::duration seconds_of(time_t sec, time_t usec) { return std::chrono::seconds(sec) + std::chrono::microseconds(usec); }

// The address and port of either end of a connected socket ("" when unknown).
void address_of(int sock, bool peer, std::string& ip, int& port) {
  sockaddr_storage a{};
  socklen_t size = sizeof a;
  auto* any = reinterpret_cast<sockaddr*>(&a);
  if ((peer ? getpeername(sock, any, &size) : getsockname(sock, any, &size)) != 0) return;
  char text[INET6_ADDRSTRLEN] = {};
  if (a.ss_family == AF_INET) {
    const auto* v4 = reinterpret_cast<const sockaddr_in*>(&a);
    inet_ntop(AF_INET, &v4->sin_addr, text, sizeof text);
    port = ntohs(v4->sin_port);
  } else if (a.ss_family == AF_INET6) {
    const auto* v6 = reinterpret_cast<const sockaddr_in6*>(&a);
    inet_ntop(AF_INET6, &v6->sin6_addr, text, sizeof text);
    port = ntohs(v6->sin6_port);
  }
  ip = text;
}

// The bytes of a request line and headers (a line cpp-httplib reads whole before it checks it).
constexpr size_t kMaxHeadBytes = size_t{64} << 10;

// A connection's socket as cpp-httplib reads and writes it, with deadlines: each read or write
// waits at most `step` (cpp-httplib's per-read and per-write timeouts), none past its phase's
// deadline (the request line and headers, kHeadSeconds from the start; the body, kBodySeconds
// from the end of the headers; the answer, kAnswerSeconds from its first byte) and none once
// the server stops. The request line and headers may not pass kMaxHeadBytes.
class DeadlineStream : public httplib::Stream {
 public:
  DeadlineStream(int sock, double head_seconds, Clock::duration read_step, Clock::duration write_step,
                 const std::atomic<socket_t>& listening)
      : sock_(sock),
        read_step_(read_step),
        write_step_(write_step),
        listening_(listening),
        read_deadline_(after(Clock::now(), head_seconds)) {}

  // The headers are read: the body's deadline starts.
  void end_head() {
    in_head_ = false;
    read_deadline_ = after(Clock::now(), kBodySeconds);
  }

  bool is_readable() const override { return begin_ < end_ || wait(POLLIN, read_step_, read_deadline_); }
  bool is_writable() const override { return wait(POLLOUT, write_step_, answer_deadline()); }

  ssize_t read(char* ptr, size_t size) override {
    if (in_head_ && head_bytes_ >= kMaxHeadBytes) return -1;
    if (begin_ == end_) {
      if (!wait(POLLIN, read_step_, read_deadline_)) return -1;
      if (size >= sizeof buffer_) return counted(receive(ptr, size));
      const ssize_t n = receive(buffer_, sizeof buffer_);
      if (n <= 0) return n;
      begin_ = 0;
      end_ = static_cast<size_t>(n);
    }
    const size_t n = std::min(size, end_ - begin_);
    std::memcpy(ptr, buffer_ + begin_, n);
    begin_ += n;
    return counted(static_cast<ssize_t>(n));
  }

  ssize_t write(const char* ptr, size_t size) override {
    if (!wait(POLLOUT, write_step_, answer_deadline())) return -1;
    ssize_t n;
    do {
      n = send(sock_, ptr, size, MSG_NOSIGNAL);
    } while (n < 0 && errno == EINTR);
    return n;
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override { address_of(sock_, true, ip, port); }
  void get_local_ip_and_port(std::string& ip, int& port) const override { address_of(sock_, false, ip, port); }
  socket_t socket() const override { return sock_; }

 private:
  ssize_t receive(char* ptr, size_t size) {
    ssize_t n;
    do {
      n = recv(sock_, ptr, size, 0);
    } while (n < 0 && errno == EINTR);
    return n;
  }
  ssize_t counted(ssize_t n) {
    if (in_head_ && n > 0) head_bytes_ += static_cast<size_t>(n);
    return n;
  }
  Clock::time_point answer_deadline() const {
    if (!answer_deadline_) answer_deadline_ = after(Clock::now(), kAnswerSeconds);
    return *answer_deadline_;
  }
  // Whether the socket is ready for `events` (or failed: the next call says so) within `step`,
  // before `deadline` and while the server runs (looked at every 200 ms).
  bool wait(short events, Clock::duration step, Clock::time_point deadline) const {
    const Clock::time_point end = std::min(deadline, Clock::now() + step);
    for (;;) {
      if (listening_ == INVALID_SOCKET) return false;
      const Clock::time_point now = Clock::now();
      if (now >= end) return false;
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - now).count() + 1;
      pollfd p{sock_, events, 0};
      const int ready = poll(&p, 1, static_cast<int>(std::min<long long>(left, 200)));
      if (ready > 0) return true;
      if (ready < 0 && errno != EINTR) return false;
    }
  }

  int sock_;
  Clock::duration read_step_, write_step_;
  const std::atomic<socket_t>& listening_;
  Clock::time_point read_deadline_;
  mutable std::optional<Clock::time_point> answer_deadline_;
  bool in_head_ = true;
  size_t head_bytes_ = 0;
  char buffer_[4096];
  size_t begin_ = 0, end_ = 0;
};

// A counting semaphore (C++17 has none).
class Slots {
 public:
  explicit Slots(size_t n) : free_(n) {}
  void acquire() {
    std::unique_lock<std::mutex> lock(mutex_);
    freed_.wait(lock, [this] { return free_ > 0; });
    --free_;
  }
  void release() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      ++free_;
    }
    freed_.notify_one();
  }

 private:
  std::mutex mutex_;
  std::condition_variable freed_;
  size_t free_;
};

// cpp-httplib's server with each connection read through a DeadlineStream (one request per
// connection), at most kMaxHeadsPerAddress connections of one address reading their heads, and
// at most kServerThreads requests served at once, from the end of their headers to their answer.
class DeadlineServer : public httplib::Server {
 public:
  std::atomic<double> head_seconds{kHeadSeconds};

 private:
  bool process_and_close_socket(socket_t sock) override {
    bool ok = false;
    std::string address;
    int port = 0;
    address_of(sock, true, address, port);
    if (enter_head(address)) {
      DeadlineStream stream(sock, head_seconds.load(), seconds_of(read_timeout_sec_, read_timeout_usec_),
                            seconds_of(write_timeout_sec_, write_timeout_usec_), svr_sock_);
      struct Phase {
        DeadlineServer& server;
        const std::string& address;
        bool in_head = true, serving = false;
        ~Phase() {
          if (in_head) server.leave_head(address);
          if (serving) server.requests_.release();
        }
      } phase{*this, address};
      bool closed = false;
      ok = process_request(stream, /*close_connection=*/true, closed, [&](httplib::Request&) {
        leave_head(address);
        phase.in_head = false;
        requests_.acquire();
        phase.serving = true;
        stream.end_head();
      });
    }
    shutdown(sock, SHUT_RDWR);
    close(sock);
    return ok;
  }

  bool enter_head(const std::string& address) {
    std::lock_guard<std::mutex> lock(heads_mutex_);
    size_t& n = heads_[address];
    if (n >= kMaxHeadsPerAddress) return false;
    ++n;
    return true;
  }
  void leave_head(const std::string& address) {
    std::lock_guard<std::mutex> lock(heads_mutex_);
    auto it = heads_.find(address);
    if (it != heads_.end() && --it->second == 0) heads_.erase(it);
  }

  std::mutex heads_mutex_;
  std::map<std::string, size_t> heads_;  // connections reading their heads, by client address
  Slots requests_{kServerThreads};
};

}  // namespace

RequestGuard::RequestGuard(std::string bound_host, int port, std::vector<std::string> allowed_hosts) : port_(port) {
  const std::string bound = bare_name(bound_host);
  if (is_wildcard(bound)) {
    any_address_ = true;
    names_ = {"localhost", this_machine_name()};
  } else {
    names_ = {bound};
    if (is_loopback_name(bound)) names_.insert(names_.end(), {"localhost", "127.0.0.1", "::1"});
  }
  for (const std::string& name : allowed_hosts) names_.push_back(bare_name(name));
}

size_t RequestGuard::body_cap(const std::string& path) {
  return path == kUploadPath ? kMaxUploadBytes : kMaxJsonBodyBytes;
}

bool RequestGuard::is_own_name(const std::string& name) const {
  if (any_address_ && is_ip_literal(name)) return true;
  return std::find(names_.begin(), names_.end(), name) != names_.end();
}

bool RequestGuard::is_own_host(const std::string& host) const {
  std::string name;
  int port = 0;
  return split_host(host, name, port) && port == port_ && is_own_name(name);
}

void RequestGuard::check(const RequestHead& head) const {
  // Host first: a page that reached this server through a name of its own (DNS rebinding) is
  // same-origin with it for the browser, so only the Host header tells it apart.
  if (!head.host) throw ApiError(403, "the request has no Host header");
  if (!is_own_host(*head.host))
    throw ApiError(403, "Host '" + *head.host + "' is not this server (" + names_.front() + ":" + std::to_string(port_) +
                            "); start it with --allow-host NAME to serve under another name");
  if (!changes_state(head.method)) return;
  // A browser sends Origin with every cross-site POST; a request without it (curl, a program)
  // is not from a page.
  if (head.origin) {
    const std::string& origin = *head.origin;
    const size_t scheme = origin.find("://");
    const std::string prefix = scheme == std::string::npos ? "" : lower(origin.substr(0, scheme));
    if ((prefix != "http" && prefix != "https") || !is_own_host(origin.substr(scheme + 3)))
      throw ApiError(403, "a " + head.method + " from another site (Origin " + origin + ") is refused");
  }
  if (head.transfer_encoding)
    throw ApiError(411, "send the request body with a Content-Length, not a Transfer-Encoding");
  const std::optional<size_t> length = content_length(head);
  if (!length) throw ApiError(411, "a " + head.method + " needs a Content-Length (0 for no body)");
  if (head.content_encoding && lower(*head.content_encoding) != "identity")
    throw ApiError(415, "compressed request bodies (Content-Encoding " + *head.content_encoding + ") are refused");
  // application/json is a type a page on another site cannot send without asking first (CORS
  // preflight, which this server never grants); text/plain and forms it can.
  const std::string type = media_type(head.content_type.value_or(""));
  const bool typed_ok = type == kJson || (head.path == kUploadPath && type == "text/plain") ||
                        (!head.content_type && *length == 0);
  if (!typed_ok)
    throw ApiError(415, "the request body must be sent as application/json" +
                            std::string(head.path == kUploadPath ? " or text/plain" : "") + ", not '" +
                            head.content_type.value_or("") + "'");
  const size_t cap = body_cap(head.path);
  if (*length > cap)
    throw ApiError(413, "the request body (" + std::to_string(*length) + " bytes) is over the limit of " +
                            bytes_text(cap) + " for " + head.path);
}

json parse_request_json(const std::string& text, int max_depth) {
  if (text.empty()) return nullptr;
  // The parser calls back at each array and object start with the depth reached; throwing there
  // stops it before a deep body's structure is built (a body of '[' costs ~80 times its size).
  const json::parser_callback_t bounded = [max_depth](int depth, json::parse_event_t event, json&) {
    if ((event == json::parse_event_t::array_start || event == json::parse_event_t::object_start) && depth >= max_depth)
      throw ApiError(400, "the request body nests arrays and objects more than " + std::to_string(max_depth) + " deep");
    return true;
  };
  try {
    return json::parse(text, bounded);
  } catch (const json::exception&) {
    throw ApiError(400, "the request body is not valid JSON");
  }
}

std::string content_type_of(const std::string& name) {
  const std::string ext = name.substr(name.rfind('.') + 1);
  if (ext == "html") return "text/html; charset=utf-8";
  if (ext == "css") return "text/css; charset=utf-8";
  if (ext == "js") return "text/javascript; charset=utf-8";
  if (ext == "svg") return "image/svg+xml";
  if (ext == "png") return "image/png";
  if (ext == "ico") return "image/x-icon";
  return "application/octet-stream";
}

WebServer::WebServer(ServeApi& api, std::string web_dir)
    : api_(api), web_dir_(std::move(web_dir)), server_(std::make_unique<DeadlineServer>()) {
  // Bounds a Content-Length body however it is read; RequestGuard caps each route below it.
  server_->set_payload_max_length(kMaxUploadBytes);
  // One request per connection: a body left unread (refused before reading) is never taken for
  // the next request, which would let a page smuggle a request with headers of its choosing.
  server_->set_keep_alive_max_count(1);
  // Connections are read on kConnectionThreads threads, each within its deadlines, and served
  // kServerThreads at a time (DeadlineServer).
  server_->new_task_queue = [] { return new httplib::ThreadPool(kConnectionThreads); };
  // SO_REUSEADDR alone: a restart binds at once past TIME_WAIT, but a second server on a port in
  // use fails (cpp-httplib's default, SO_REUSEPORT, lets both listen and share the requests).
  server_->set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  // The page loads nothing from elsewhere (no internet at run time), and the browser holds it to
  // that; no other site may frame it (clickjacking).
  server_->set_default_headers(
      {{"Content-Security-Policy",
        "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'"},
       {"X-Frame-Options", "DENY"},
       {"X-Content-Type-Options", "nosniff"}});
  add_routes();
}

WebServer::~WebServer() = default;

void WebServer::add_routes() {
  httplib::Server& s = *server_;
  ServeApi* api = &api_;  // the handlers outlive this function: they hold a pointer
  const std::string game = "/api/games/([0-9a-f]{32})";
  using Request = httplib::Request;
  using Response = httplib::Response;

  // Every request is checked from its line and headers before routing and before its body is
  // read. A refusal whose body can be read safely is kept in the response and the route (with_body)
  // reads the body and drops it; another is answered at once.
  s.set_pre_routing_handler([this](const Request& req, Response& res) {
    const RequestHead head = head_of(req);
    if (admits(head, res)) return httplib::Server::HandlerResponse::Unhandled;
    return drainable(head) ? httplib::Server::HandlerResponse::Unhandled : httplib::Server::HandlerResponse::Handled;
  });
  // A client that asks before sending its body (Expect: 100-continue, as curl does past 1 MiB)
  // gets the refusal instead, and sends nothing.
  s.set_expect_100_continue_handler([this](const Request& req, Response& res) {
    return admits(head_of(req), res) ? 100 : res.status;
  });

  s.Get("/api/info", guarded([api](const Request& req, Response& res) {
    session_of(*api, req, res);  // the page's first call sets the cookie
    send_json(res, api->info());
  }));
  s.Get("/api/games", guarded([api](const Request& req, Response& res) {
    send_json(res, api->list_games(session_of(*api, req, res)));
  }));
  s.Post("/api/games", with_body([api](const Request& req, Response& res, const std::string& body) {
    send_json(res, api->create_game(session_of(*api, req, res), parse_request_json(body)), 201);
  }));
  s.Get(game, guarded([api](const Request& req, Response& res) {
    send_json(res, api->get_game(session_of(*api, req, res), req.matches[1]));
  }));
  s.Post(game + "/decide", with_body([api](const Request& req, Response& res, const std::string& body) {
    send_json(res, api->decide(session_of(*api, req, res), req.matches[1], parse_request_json(body)));
  }));
  s.Post(game + "/move", with_body([api](const Request& req, Response& res, const std::string& body) {
    send_json(res, api->move(session_of(*api, req, res), req.matches[1], parse_request_json(body)));
  }));
  s.Post(game + "/bot", with_body([api](const Request& req, Response& res, const std::string&) {
    send_json(res, api->bot(session_of(*api, req, res), req.matches[1]));
  }));
  s.Post(game + "/cancel", with_body([api](const Request& req, Response& res, const std::string&) {
    send_json(res, api->cancel(session_of(*api, req, res), req.matches[1]));
  }));
  s.Get(game + "/record", guarded([api](const Request& req, Response& res) {
    const std::string id = req.matches[1];
    res.set_content(api->record(session_of(*api, req, res), id), "text/plain; charset=utf-8");
    res.set_header("Content-Disposition", "attachment; filename=\"djambi-" + id.substr(0, 8) + ".txt\"");
  }));
  s.Get("/api/records", guarded([api](const Request&, Response& res) { send_json(res, api->records()); }));
  s.Get("/api/records/file", guarded([api](const Request& req, Response& res) {
    send_json(res, api->record_file(path_param(req)));
  }));
  s.Get("/api/records/game", guarded([api](const Request& req, Response& res) {
    send_json(res, api->record_game(path_param(req), game_param(req)));
  }));
  s.Post(kUploadPath, with_body([this, api](const Request& req, Response& res, const std::string& body) {
    // Bodies up to kMaxUploadBytes may wait in several threads, but only one is parsed and
    // replayed at a time (those take several times the text's size).
    std::lock_guard<std::mutex> lock(upload_mutex_);
    send_json(res, api->upload(body, game_param(req)));
  }));
  // An analysis costs CPU, so it is a POST with a JSON body: a page on another site cannot
  // start one (RequestGuard). The server bounds how many run (serve/analysis.h).
  s.Post("/api/analysis", with_body([api](const Request& req, Response& res, const std::string& body) {
    send_json(res, api->analyze_position(session_of(*api, req, res), parse_request_json(body)));
  }));
  s.Post("/api/analysis/game", with_body([api](const Request& req, Response& res, const std::string& body) {
    send_json(res, api->analyze_game(session_of(*api, req, res), parse_request_json(body)));
  }));
  // Anything else under /api/ is an unknown route; other paths are the page's files. Every
  // method with a body has a catch-all that reads it within the cap, so that cpp-httplib never
  // reads one on its own.
  auto unknown = [](const Request& req, Response&) { throw ApiError(404, "no route " + req.method + " " + req.path); };
  auto unknown_with_body = [unknown](const Request& req, Response& res, const std::string&) { unknown(req, res); };
  s.Get("/api/.*", guarded(unknown));
  s.Post("/.*", with_body(unknown_with_body));
  s.Put("/.*", with_body(unknown_with_body));
  s.Patch("/.*", with_body(unknown_with_body));
  s.Delete("/.*", with_body(unknown_with_body));
  s.Get("/|/([A-Za-z0-9_-]+\\.[a-z]+)", guarded([this](const Request& req, Response& res) {
    const std::string name = req.matches[1].length() ? std::string(req.matches[1]) : "index.html";
    if (!web_dir_.empty()) {
      std::ifstream in(web_dir_ + "/" + name, std::ios::binary);
      if (!in) throw ApiError(404, "no file " + name);
      std::ostringstream text;
      text << in.rdbuf();
      res.set_content(text.str(), content_type_of(name).c_str());
      return;
    }
    const WebAsset* asset = find_web_asset(name);
    if (!asset) throw ApiError(404, "no file " + name);
    res.set_content(reinterpret_cast<const char*>(asset->data), asset->size, content_type_of(name).c_str());
  }));
  // Routes that match nothing (or a method with no route), and cpp-httplib's own refusals: a
  // JSON error, not an empty page.
  s.set_error_handler([](const Request& req, Response& res) {
    if (!res.body.empty()) return;
    if (res.status == 413)
      send_error(res, 413, "the request body is over the server's limit of " + bytes_text(kMaxUploadBytes));
    else
      send_error(res, res.status, req.method.empty() ? std::string(res.status == 414 ? "the request line is too long" : "the request line is malformed") : "cannot " + req.method + " " + req.path);
  });
  s.set_exception_handler([](const Request&, Response& res, std::exception_ptr) {
    send_error(res, 500, "internal error");
  });
}

bool WebServer::admits(const RequestHead& head, httplib::Response& res) const {
  try {
    if (!guard_) throw ApiError(503, "the server is not bound yet");
    guard_->check(head);
    return true;
  } catch (const ApiError& e) {
    send_error(res, e.status(), e.what());
    return false;
  }
}

int WebServer::bind(const std::string& host, int port, const std::vector<std::string>& allowed_hosts) {
  if (port < 0 || port > 65535) throw std::invalid_argument("--port " + std::to_string(port) + ": ports are 0 to 65535");
  const int bound = port == 0 ? server_->bind_to_any_port(host) : (server_->bind_to_port(host, port) ? port : -1);
  if (bound < 0)
    throw std::runtime_error("cannot listen on " + host + " port " + std::to_string(port) + ": port " +
                             std::to_string(port) + " is in use (another server?) or " + host +
                             " is not an address of this machine");
  guard_.emplace(host, bound, allowed_hosts);
  return bound;
}

void WebServer::run() { server_->listen_after_bind(); }

void WebServer::stop() { server_->stop(); }

bool WebServer::running() const { return server_->is_running(); }

void WebServer::set_head_seconds(double seconds) { static_cast<DeadlineServer&>(*server_).head_seconds = seconds; }

}  // namespace djambi::cli::serve
