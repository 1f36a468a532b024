#include "apps/serve/records.h"

#include <algorithm>
#include <fstream>

#include "apps/serve/decisions.h"
#include "apps/serve/games.h"
#include "apps/serve/json.h"
#include "env/games.h"
#include "env/turn_text.h"

namespace djambi::cli::serve {

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

constexpr size_t kMaxListedFiles = 5000;

// Whether `path` (canonical) lies inside `root` (canonical).
bool inside(const fs::path& root, const fs::path& path) {
  auto r = root.begin(), p = path.begin();
  for (; r != root.end(); ++r, ++p)
    if (p == path.end() || *p != *r) return false;
  return true;
}

}  // namespace

json record_summaries(const std::vector<GameRecord>& records) {
  json out = json::array();
  for (size_t i = 0; i < records.size(); ++i) {
    const GameRecord& r = records[i];
    out.push_back({{"index", i + 1},
                   {"game", r.game},
                   {"players", r.players},
                   {"variants", r.variants},
                   {"moves", r.moves.size()},
                   {"result", r.result.empty() ? "unfinished" : r.result}});
  }
  return out;
}

json replay_json(const GameRecord& record) {
  if (record.game != "djambi") throw ApiError(400, "only Djambi records can be watched, not " + record.game);
  std::unique_ptr<GameState> state;
  std::shared_ptr<const Game> game;
  try {
    replay_record(record);  // every move legal, and the result the rules give
    game = make_game(record.game, parse_variant_list(record.variants));
    state = state_from_text(*game, record.start);
  } catch (const std::invalid_argument& e) {
    throw ApiError(400, std::string("the record does not replay: ") + e.what());
  }
  json seats = json::array();
  const json start = board_json(*state);
  for (const json& p : start["players"]) seats.push_back(p["seat"]);
  json moves = json::array();
  for (size_t i = 0; i < record.moves.size(); ++i) {
    const int mover = state->current_player();
    const std::vector<Action> actions = parse_turn(*state, record.moves[i]);  // valid: replayed above
    std::vector<std::string> squares;
    for (Action a : actions) {
      for (const std::string& sq : decision_squares(describe_decision(*state, a)))
        if (std::find(squares.begin(), squares.end(), sq) == squares.end()) squares.push_back(sq);
      state->apply_action(a);
    }
    moves.push_back({{"n", i + 1},
                     {"seat", seats[static_cast<size_t>(mover)]},
                     {"text", record.moves[i]},
                     {"comment", record.comments[i]},
                     {"squares", squares},
                     {"board", board_json(*state)}});
  }
  return {{"game", record.game},
          {"variants", variants_json(*game)},
          {"players", record.players},
          {"seats", seats},
          {"start", start},
          {"moves", moves},
          {"over", state->is_terminal()},
          {"result", result_json(*state)}};
}

std::vector<GameRecord> parse_uploaded_records(const std::string& text) {
  try {
    std::vector<GameRecord> records = parse_records(text);
    if (records.empty()) throw ApiError(400, "no game record in the text");
    return records;
  } catch (const std::invalid_argument& e) {
    throw ApiError(400, e.what());
  }
}

const GameRecord& record_at(const std::vector<GameRecord>& records, int index) {
  if (index < 1 || index > static_cast<int>(records.size()))
    throw ApiError(400, "game " + std::to_string(index) + ": the file holds " + std::to_string(records.size()) + " games");
  return records[static_cast<size_t>(index - 1)];
}

RecordLibrary::RecordLibrary(std::string root) {
  if (root.empty()) return;
  std::error_code error;
  root_ = fs::canonical(root, error);
  if (error || !fs::is_directory(root_)) throw std::invalid_argument("--records '" + root + "' is not a folder");
}

json RecordLibrary::list() const {
  json files = json::array();
  if (!enabled()) return {{"enabled", false}, {"files", files}};
  std::vector<std::pair<std::string, uintmax_t>> found;
  std::error_code error;
  for (fs::recursive_directory_iterator it(root_, fs::directory_options::skip_permission_denied, error), end;
       !error && it != end && found.size() < kMaxListedFiles; it.increment(error)) {
    if (it->path().extension() != ".txt" || !it->is_regular_file(error)) continue;
    const fs::path real = fs::canonical(it->path(), error);
    if (error || !inside(root_, real)) {
      error.clear();
      continue;
    }
    found.emplace_back(it->path().lexically_relative(root_).generic_string(), it->file_size(error));
    error.clear();
  }
  std::sort(found.begin(), found.end());
  for (const auto& [path, bytes] : found) files.push_back({{"path", path}, {"bytes", bytes}});
  return {{"enabled", true}, {"files", files}};
}

fs::path RecordLibrary::resolve(const std::string& relative) const {
  if (!enabled()) throw ApiError(404, "no records folder: start the server with --records DIR");
  const fs::path rel(relative);
  if (relative.empty() || rel.is_absolute() || relative.find('\0') != std::string::npos)
    throw ApiError(400, "a record path is relative to the records folder");
  for (const fs::path& part : rel)
    if (part == "..") throw ApiError(400, "a record path may not contain '..'");
  std::error_code error;
  const fs::path real = fs::canonical(root_ / rel, error);
  if (error || !inside(root_, real) || !fs::is_regular_file(real, error))
    throw ApiError(404, "no record file '" + relative + "' in the records folder");
  return real;
}

std::vector<GameRecord> RecordLibrary::read(const std::string& relative) const {
  const fs::path path = resolve(relative);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ApiError(404, "cannot read '" + relative + "'");
  try {
    return parse_records(in);  // bounded: a line or a file too long is refused
  } catch (const std::invalid_argument& e) {
    throw ApiError(400, relative + ": " + e.what());
  }
}

}  // namespace djambi::cli::serve
