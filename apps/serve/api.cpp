#include "apps/serve/api.h"

#include <unistd.h>

#include <algorithm>
#include <thread>

#include "apps/serve/json.h"
#include "env/games.h"
#include "env/turn_text.h"

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

// A whole number field of a body between `low` and `high`, `fallback` when absent.
int int_field(const json& body, const char* key, int fallback, int low, int high) {
  const json& value = field(body, key);
  if (value.is_null()) return fallback;
  if (!value.is_number_integer() || value.get<int64_t>() < low || value.get<int64_t>() > high)
    throw ApiError(400, std::string("'") + key + "' must be a whole number from " + std::to_string(low) + " to " +
                            std::to_string(high));
  return static_cast<int>(value.get<int64_t>());
}

// The position `key` of an analysis request, in the game of its `variants` (default: the
// server's).
std::unique_ptr<GameState> position_field(const json& body, const char* key, const Game& game) {
  const json& text = field(body, key);
  if (!text.is_string()) throw ApiError(400, std::string("'") + key + "' must be a position (RULES.md section 8)");
  try {
    return state_from_text(game, text.get<std::string>());
  } catch (const std::invalid_argument& e) {
    throw ApiError(400, std::string("'") + key + "': " + e.what());
  }
}

}  // namespace

size_t default_max_games(size_t max_sessions, size_t max_games_per_session) {
  const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
  const size_t memory = pages > 0 && page_size > 0 ? static_cast<size_t>(pages) * static_cast<size_t>(page_size) : size_t{4} << 30;
  const size_t all = std::max<size_t>(1, max_sessions) * std::max<size_t>(1, max_games_per_session);
  return std::min(all, std::max<size_t>(16, memory / 4 / kGameMemoryBudget));
}

size_t default_max_searches() {
  return std::min<size_t>(8, std::max<size_t>(2, std::thread::hardware_concurrency()));
}

ServeApi::ServeApi(ServeOptions options, PlayerFactory factory)
    : options_(std::move(options)),
      factory_(std::move(factory)),
      store_(options_.max_sessions, options_.max_games_per_session,
             options_.max_games ? options_.max_games
                                : default_max_games(options_.max_sessions, options_.max_games_per_session),
             options_.idle_seconds),
      library_(options_.records),
      analyst_(options_.analysis, factory_, djambi_game(options_.variants)),
      searches_(options_.max_searches ? options_.max_searches : default_max_searches()) {
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
          {"records", library_.enabled()},
          {"analysis",
           {{"player", analyst_.options().player},
            {"visits", analyst_.options().visits},
            {"game_visits", analyst_.options().game_visits},
            {"max_multipv", analyst_.options().max_multipv}}}};
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
  return *made->snapshot();
}

// Reads see each game's snapshot, never its mutex, which a change holds (briefly: a bot's search
// runs without it).
json ServeApi::list_games(const std::string& session) {
  json out = json::array();
  for (const auto& g : store_.games(session)) {
    const std::shared_ptr<const json> game = g->snapshot();
    out.push_back({{"id", g->id()},
                   {"seats", g->seat_names()},
                   {"moves", game->at("moves").size()},
                   {"over", game->at("over")}});
  }
  return out;
}

json ServeApi::get_game(const std::string& session, const std::string& id) {
  return *store_.find(session, id)->snapshot();
}

json ServeApi::decide(const std::string& session, const std::string& id, const json& body) {
  const json& decision = field(body, "id");
  if (!decision.is_number_integer()) throw ApiError(400, "'id' must be the integer id of a legal decision");
  const auto value = decision.get<int64_t>();
  auto g = store_.find(session, id);
  std::lock_guard<std::mutex> lock(g->mutex());
  if (value < 0 || value >= g->state().num_actions()) throw ApiError(400, "decision " + decision.dump() + " is not legal here");  // as given, not wrapped
  g->decide(static_cast<Action>(value));
  return *g->snapshot();
}

json ServeApi::move(const std::string& session, const std::string& id, const json& body) {
  const json& text = field(body, "move");
  if (!text.is_string()) throw ApiError(400, "'move' must be a move in the notation of RULES.md section 8");
  auto g = store_.find(session, id);
  std::lock_guard<std::mutex> lock(g->mutex());
  g->play_move(text.get<std::string>());
  return *g->snapshot();
}

void ServeApi::wait_for_bot(ServeGame& game, std::unique_lock<std::mutex>& lock) {
  if (bot_waiters_.fetch_add(1) < kMaxBotWaiters) {
    try {
      game.wait_bot_turn(lock, options_.bot_wait_seconds);
    } catch (...) {
      bot_waiters_.fetch_sub(1);
      throw;
    }
  }
  bot_waiters_.fetch_sub(1);
}

json ServeApi::bot(const std::string& session, const std::string& id) {
  auto g = store_.find(session, id);
  std::unique_lock<std::mutex> lock(g->mutex());
  // The turn this client saw unfinished has been played since, and a person is to move (or the
  // game is over): the answer is the game, not a refusal.
  if (!g->thinking() && g->take_unseen_turn() && !g->bot_to_move()) return *g->snapshot();
  g->start_bot_turn(searches_);
  wait_for_bot(*g, lock);
  g->set_unseen_turn(g->thinking());
  return *g->snapshot();
}

json ServeApi::cancel(const std::string& session, const std::string& id) {
  auto g = store_.find(session, id);
  std::unique_lock<std::mutex> lock(g->mutex());
  if (g->thinking()) {
    g->stop_thinking();
    wait_for_bot(*g, lock);
    if (g->thinking()) g->set_unseen_turn(true);
  } else {
    g->cancel_turn();
  }
  return *g->snapshot();
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

json ServeApi::analyze_position(const std::string& session, const json& body) {
  const json& variants = field(body, "variants");
  auto game = djambi_game(variants.is_null() ? options_.variants : strings_of(variants, "variants"));
  const std::unique_ptr<GameState> state = position_field(body, "position", *game);
  const AnalysisOptions& o = analyst_.options();
  const int multipv = int_field(body, "multipv", std::min(3, o.max_multipv), 1, o.max_multipv);
  const int visits = int_field(body, "visits", o.visits, 1, o.visits);
  return analyst_.position(session, game, *state, multipv, visits);
}

json ServeApi::analyze_game(const std::string& session, const json& body) {
  const json& variants = field(body, "variants");
  auto game = djambi_game(variants.is_null() ? options_.variants : strings_of(variants, "variants"));
  const std::unique_ptr<GameState> start = position_field(body, "start", *game);
  const json& given = field(body, "moves");
  const std::vector<std::string> moves = given.is_null() ? std::vector<std::string>{} : strings_of(given, "moves");
  // Every move is checked here, so that the analysis meets only legal ones.
  auto state = start->clone();
  for (size_t i = 0; i < moves.size(); ++i) {
    const std::string where = "move " + std::to_string(i + 1) + " '" + moves[i] + "'";
    if (state->is_terminal()) throw ApiError(400, where + ": the game is over before it");
    try {
      apply_turn(*state, parse_turn(*state, moves[i]));
    } catch (const std::invalid_argument& e) {
      throw ApiError(400, where + ": " + e.what());
    }
  }
  json out = analyst_.game(session, game, *start, moves);
  out["variants"] = variants_json(*game);
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
