#include "apps/serve/api.h"

#include <unistd.h>

#include <algorithm>

#include "apps/serve/json.h"
#include "env/games.h"

namespace djambi::cli::serve {

namespace {

using nlohmann::json;

// The value of `key` in a JSON object body, or null when absent; ApiError 400 for a body that is
// not an object.
const json& field(const json& body, const char* key) {
  static const json null;
  if (body.is_null()) return null;
  if (!body.is_object()) throw ApiError(400, "the request body must be a JSON object");
  auto it = body.find(key);
  return it == body.end() ? null : *it;
}

std::vector<std::string> strings_of(const json& value, const char* key) {
  if (!value.is_array()) throw ApiError(400, std::string("'") + key + "' must be a list of strings");
  std::vector<std::string> out;
  for (const json& v : value) {
    if (!v.is_string()) throw ApiError(400, std::string("'") + key + "' must be a list of strings");
    out.push_back(v.get<std::string>());
  }
  return out;
}

std::shared_ptr<const Game> djambi_game(const std::vector<std::string>& variant_names) {
  try {
    return make_game("djambi", parse_variants(variant_names));
  } catch (const std::invalid_argument& e) {
    throw ApiError(400, e.what());
  }
}

}  // namespace

size_t default_max_games(size_t max_sessions, size_t max_games_per_session) {
  const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
  const size_t memory = pages > 0 && page_size > 0 ? static_cast<size_t>(pages) * static_cast<size_t>(page_size) : size_t{4} << 30;
  const size_t all = std::max<size_t>(1, max_sessions) * std::max<size_t>(1, max_games_per_session);
  return std::min(all, std::max<size_t>(16, memory / 4 / kGameMemoryBudget));
}

ServeApi::ServeApi(ServeOptions options, PlayerFactory factory)
    : options_(std::move(options)),
      factory_(std::move(factory)),
      store_(options_.max_sessions, options_.max_games_per_session,
             options_.max_games ? options_.max_games
                                : default_max_games(options_.max_sessions, options_.max_games_per_session),
             options_.idle_seconds),
      library_(options_.records) {
  if (options_.opponents.empty()) options_.opponents = {"best"};
  djambi_game(options_.variants);  // a bad default variant is refused at start-up
}

json ServeApi::info() const {
  json variants = json::array();
  for (int v = 0; v < kNumVariants; ++v) variants.push_back(variant_name(static_cast<Variant>(v)));
  json offered = options_.opponents;
  for (const char* basic : {"random", "greedy"})
    if (std::find(options_.opponents.begin(), options_.opponents.end(), basic) == options_.opponents.end())
      offered.push_back(basic);
  return {{"variants", variants},
          {"default_variants", variants_json(*djambi_game(options_.variants))},
          {"opponents", offered},
          {"default_opponent", options_.opponents.front()},
          {"any_spec", options_.any_spec},
          {"records", library_.enabled()}};
}

std::vector<std::string> ServeApi::seats_from(const json& body, int num_players) const {
  const json& given = field(body, "seats");
  std::vector<std::string> seats;
  if (given.is_null()) {
    // The first seat is the person's, every other one the first bot on offer.
    seats.assign(static_cast<size_t>(num_players), options_.opponents.front());
    seats[0] = "human";
    return seats;
  }
  seats = strings_of(given, "seats");
  if (static_cast<int>(seats.size()) != num_players)
    throw ApiError(400, "'seats' must name " + std::to_string(num_players) + " players, one per seat");
  if (!options_.any_spec) {
    const json offered = info()["opponents"];
    for (const std::string& s : seats)
      if (s != "human" && std::find(offered.begin(), offered.end(), s) == offered.end())
        throw ApiError(403, "this server seats only the players it offers, not '" + s + "'");
  }
  return seats;
}

json ServeApi::create_game(const std::string& session, const json& body) {
  const json& variants = field(body, "variants");
  auto game = djambi_game(variants.is_null() ? options_.variants : strings_of(variants, "variants"));
  const std::vector<std::string> seats = seats_from(body, game->num_players());
  // Room is made (or refused) before the bots are: they are what a game's memory is.
  store_.reserve();
  std::shared_ptr<ServeGame> made;
  try {
    const uint64_t number = games_made_++;
    made = std::make_shared<ServeGame>(store_.new_token(), game, seats, factory_, options_.seed + 100 * number);
  } catch (...) {
    store_.release();
    throw;
  }
  store_.add(session, made);
  std::lock_guard<std::mutex> lock(made->mutex());
  return game_json(*made);
}

json ServeApi::list_games(const std::string& session) {
  json out = json::array();
  for (const auto& g : store_.games(session)) {
    std::lock_guard<std::mutex> lock(g->mutex());
    out.push_back({{"id", g->id()},
                   {"seats", g->seat_names()},
                   {"moves", g->turns().size()},
                   {"over", g->state().is_terminal()}});
  }
  return out;
}

json ServeApi::get_game(const std::string& session, const std::string& id) {
  auto g = store_.find(session, id);
  std::lock_guard<std::mutex> lock(g->mutex());
  return game_json(*g);
}

json ServeApi::decide(const std::string& session, const std::string& id, const json& body) {
  const json& decision = field(body, "id");
  if (!decision.is_number_integer()) throw ApiError(400, "'id' must be the integer id of a legal decision");
  const auto value = decision.get<int64_t>();
  auto g = store_.find(session, id);
  std::lock_guard<std::mutex> lock(g->mutex());
  if (value < 0 || value >= g->state().num_actions()) throw ApiError(400, "decision " + std::to_string(value) + " is not legal here");
  g->decide(static_cast<Action>(value));
  return game_json(*g);
}

json ServeApi::move(const std::string& session, const std::string& id, const json& body) {
  const json& text = field(body, "move");
  if (!text.is_string()) throw ApiError(400, "'move' must be a move in the notation of RULES.md section 8");
  auto g = store_.find(session, id);
  std::lock_guard<std::mutex> lock(g->mutex());
  g->play_move(text.get<std::string>());
  return game_json(*g);
}

json ServeApi::bot(const std::string& session, const std::string& id) {
  auto g = store_.find(session, id);
  std::lock_guard<std::mutex> lock(g->mutex());
  g->bot_turn();
  return game_json(*g);
}

json ServeApi::cancel(const std::string& session, const std::string& id) {
  auto g = store_.find(session, id);
  std::lock_guard<std::mutex> lock(g->mutex());
  g->cancel_turn();
  return game_json(*g);
}

std::string ServeApi::record(const std::string& session, const std::string& id) {
  auto g = store_.find(session, id);
  std::lock_guard<std::mutex> lock(g->mutex());
  return g->record_text();
}

json ServeApi::records() const { return library_.list(); }

json ServeApi::record_file(const std::string& path) const {
  return {{"path", path}, {"games", record_summaries(library_.read(path))}};
}

json ServeApi::record_game(const std::string& path, int game) const {
  const std::vector<GameRecord> records = library_.read(path);
  json out = replay_json(record_at(records, game));
  out["path"] = path;
  out["index"] = game;
  return out;
}

json ServeApi::upload(const std::string& text, int game) const {
  const std::vector<GameRecord> records = parse_uploaded_records(text);
  json out = replay_json(record_at(records, game));
  out["index"] = game;
  out["games"] = record_summaries(records);
  return out;
}

}  // namespace djambi::cli::serve
