#include "apps/serve/http.h"

#include <httplib.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "apps/serve/assets.h"
#include "env/io/message_text.h"

namespace djambi::cli::serve {

namespace {

using nlohmann::json;

constexpr size_t kMaxBodyBytes = size_t{64} << 20;  // an upload of records; the reader caps more
constexpr const char* kJson = "application/json";

void send_json(httplib::Response& res, const json& value, int status = 200) {
  res.status = status;
  res.set_header("Cache-Control", "no-store");
  // Invalid UTF-8 from a record's comment is replaced rather than thrown on.
  res.set_content(value.dump(-1, ' ', false, json::error_handler_t::replace), kJson);
}

void send_error(httplib::Response& res, int status, const std::string& message) {
  send_json(res, {{"error", printable_message(message)}, {"status", status}}, status);
}

// The session named by the request's cookie; a new one (and its cookie) when there is none.
std::string session_of(ServeApi& api, const httplib::Request& req, httplib::Response& res) {
  const std::string cookies = req.get_header_value("Cookie");
  const std::string key = std::string(kSessionCookie) + "=";
  for (size_t at = cookies.find(key); at != std::string::npos; at = cookies.find(key, at + 1)) {
    if (at != 0 && cookies[at - 1] != ' ' && cookies[at - 1] != ';') continue;
    const size_t begin = at + key.size();
    const std::string value = cookies.substr(begin, cookies.find(';', begin) - begin);
    if (GameStore::is_token(value)) return value;
  }
  const std::string token = api.store().new_token();
  res.set_header("Set-Cookie", key + token + "; Path=/; HttpOnly; SameSite=Strict");
  return token;
}

json body_of(const httplib::Request& req) {
  if (req.body.empty()) return nullptr;
  try {
    return json::parse(req.body);
  } catch (const json::exception&) {
    throw ApiError(400, "the request body is not valid JSON");
  }
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

// Runs one handler; whatever it throws becomes a JSON error, never a crash.
template <typename Handler>
httplib::Server::Handler guarded(Handler handler) {
  return [handler](const httplib::Request& req, httplib::Response& res) {
    try {
      handler(req, res);
    } catch (const ApiError& e) {
      send_error(res, e.status(), e.what());
    } catch (const std::invalid_argument& e) {
      send_error(res, 400, e.what());
    } catch (const std::exception& e) {
      send_error(res, 500, std::string("internal error: ") + e.what());
    } catch (...) {
      send_error(res, 500, "internal error");
    }
  };
}

}  // namespace

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
    : api_(api), web_dir_(std::move(web_dir)), server_(std::make_unique<httplib::Server>()) {
  server_->set_payload_max_length(kMaxBodyBytes);
  // The page loads nothing from elsewhere (no internet at run time), and the browser holds it to that.
  server_->set_default_headers({{"Content-Security-Policy",
                                 "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'"},
                                {"X-Content-Type-Options", "nosniff"}});
  add_routes();
}

WebServer::~WebServer() = default;

void WebServer::add_routes() {
  httplib::Server& s = *server_;
  ServeApi* api = &api_;  // the handlers outlive this function: they hold a pointer
  const std::string game = "/api/games/([0-9a-f]{32})";

  s.Get("/api/info", guarded([api](const httplib::Request& req, httplib::Response& res) {
    session_of(*api, req, res);  // the page's first call sets the cookie
    send_json(res, api->info());
  }));
  s.Get("/api/games", guarded([api](const httplib::Request& req, httplib::Response& res) {
    send_json(res, api->list_games(session_of(*api, req, res)));
  }));
  s.Post("/api/games", guarded([api](const httplib::Request& req, httplib::Response& res) {
    send_json(res, api->create_game(session_of(*api, req, res), body_of(req)), 201);
  }));
  s.Get(game, guarded([api](const httplib::Request& req, httplib::Response& res) {
    send_json(res, api->get_game(session_of(*api, req, res), req.matches[1]));
  }));
  s.Post(game + "/decide", guarded([api](const httplib::Request& req, httplib::Response& res) {
    send_json(res, api->decide(session_of(*api, req, res), req.matches[1], body_of(req)));
  }));
  s.Post(game + "/move", guarded([api](const httplib::Request& req, httplib::Response& res) {
    send_json(res, api->move(session_of(*api, req, res), req.matches[1], body_of(req)));
  }));
  s.Post(game + "/bot", guarded([api](const httplib::Request& req, httplib::Response& res) {
    send_json(res, api->bot(session_of(*api, req, res), req.matches[1]));
  }));
  s.Post(game + "/cancel", guarded([api](const httplib::Request& req, httplib::Response& res) {
    send_json(res, api->cancel(session_of(*api, req, res), req.matches[1]));
  }));
  s.Get(game + "/record", guarded([api](const httplib::Request& req, httplib::Response& res) {
    const std::string id = req.matches[1];
    res.set_content(api->record(session_of(*api, req, res), id), "text/plain; charset=utf-8");
    res.set_header("Content-Disposition", "attachment; filename=\"djambi-" + id.substr(0, 8) + ".txt\"");
  }));
  s.Get("/api/records", guarded([api](const httplib::Request&, httplib::Response& res) {
    send_json(res, api->records());
  }));
  s.Get("/api/records/file", guarded([api](const httplib::Request& req, httplib::Response& res) {
    send_json(res, api->record_file(path_param(req)));
  }));
  s.Get("/api/records/game", guarded([api](const httplib::Request& req, httplib::Response& res) {
    send_json(res, api->record_game(path_param(req), game_param(req)));
  }));
  s.Post("/api/records/upload", guarded([api](const httplib::Request& req, httplib::Response& res) {
    send_json(res, api->upload(req.body, game_param(req)));
  }));
  // Anything else under /api/ is an unknown route; other paths are the page's files.
  auto unknown = guarded([](const httplib::Request& req, httplib::Response&) {
    throw ApiError(404, "no route " + req.method + " " + req.path);
  });
  s.Get("/api/.*", unknown);
  s.Post("/api/.*", unknown);
  s.Get("/|/([A-Za-z0-9_-]+\\.[a-z]+)", guarded([this](const httplib::Request& req, httplib::Response& res) {
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
  // Routes that match nothing (or a method with no route): a JSON error, not an empty page.
  s.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (res.body.empty()) send_error(res, res.status, "cannot " + req.method + " " + req.path);
  });
  s.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
    send_error(res, 500, "internal error");
  });
}

int WebServer::bind(const std::string& host, int port) {
  if (port < 0 || port > 65535) throw std::invalid_argument("--port " + std::to_string(port) + ": ports are 0 to 65535");
  const int bound = port == 0 ? server_->bind_to_any_port(host) : (server_->bind_to_port(host, port) ? port : -1);
  if (bound < 0) throw std::runtime_error("cannot listen on " + host + ":" + std::to_string(port) + " (in use, or no such address)");
  return bound;
}

void WebServer::run() { server_->listen_after_bind(); }

void WebServer::stop() { server_->stop(); }

bool WebServer::running() const { return server_->is_running(); }

}  // namespace djambi::cli::serve
