#include "train/arena/heldout_set.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "env/games.h"
#include "env/io/bounded_read.h"
#include "env/io/number_text.h"

namespace djambi {

namespace {

constexpr uint64_t kMaxHeldOutBytes = 64ull << 20;  // 20,000 positions take about 2 MB
constexpr const char* kFirstLine = "# djambi-zero held-out set";

// The binary cross-entropy of a predicted share against a label, as the learner clamps it.
double cross_entropy(double label, double predicted) {
  const double p = std::clamp(predicted, 1e-6, 1.0 - 1e-6);
  return -(label * std::log(p) + (1 - label) * std::log(1 - p));
}

}  // namespace

HeldOutSet read_heldout_set(const std::string& path, const Game& game, const LearnedEvalFeatures& features) {
  const auto refuse = [&](const std::string& why) {
    return std::invalid_argument("held-out set '" + path + "': " + why);
  };
  std::string text;
  try {
    text = read_file_at_most(path, kMaxHeldOutBytes, "held-out set");
  } catch (const std::runtime_error& e) {
    throw std::invalid_argument(e.what());
  }
  std::istringstream in(text);
  std::string line;
  int line_number = 0;
  const auto next = [&](const char* what) {
    if (!std::getline(in, line)) throw refuse(std::string("ends before its ") + what + " (truncated?)");
    ++line_number;
  };
  const auto field = [&](const std::string& key) {
    next(key.c_str());
    if (line.rfind(key + " ", 0) != 0) throw refuse("line " + std::to_string(line_number) + " is not '" + key + " ...'");
    return line.substr(key.size() + 1);
  };
  next("first line");
  if (line != kFirstLine) throw refuse("not a held-out set (its first line is not '" + std::string(kFirstLine) + "')");
  const std::string name = field("game");
  if (name != game.name()) throw refuse("a set of " + name + ", not " + game.name());
  const std::string variants = field("variants");
  Variants theirs;
  try {
    theirs = parse_variant_list(variants);
  } catch (const std::invalid_argument& e) {
    throw refuse(e.what());
  }
  if (!(theirs == parse_variant_list(variant_list_of(game))))
    throw refuse("of the variants '" + variants + "', not '" + variant_list_of(game) + "'");
  HeldOutSet set;
  set.path = path;
  set.labels_spec = field("labels");
  const std::string count_text = field("positions");
  const std::optional<long long> parsed_count = parse_integer(count_text);
  const long long count = parsed_count.value_or(0);
  if (count < 1 || count > 10'000'000)
    throw refuse("positions must be a whole number from 1 to 10000000, not '" + count_text + "'");
  double hand_written = 0;
  for (long long i = 0; i < count; ++i) {
    next("positions");
    const size_t tab = line.find('\t');
    if (tab == std::string::npos)
      throw refuse("line " + std::to_string(line_number) + " is not POSITION<TAB>SHARE" +
                   (line == "end" ? " (fewer positions than it says: truncated?)" : ""));
    const double share = parse_real(line.substr(tab + 1)).value_or(-1);
    if (!(share >= 0 && share <= 1))
      throw refuse("line " + std::to_string(line_number) + ": the share must be a number in [0, 1], not '" +
                   line.substr(tab + 1) + "'");
    std::unique_ptr<GameState> state;
    try {
      state = state_from_text(game, line.substr(0, tab));
    } catch (const std::invalid_argument& e) {
      throw refuse("line " + std::to_string(line_number) + ": " + e.what());
    }
    if (state->is_terminal() || !state->at_turn_start())
      throw refuse("line " + std::to_string(line_number) + ": a finished game has nothing to evaluate");
    hand_written += cross_entropy(share, features.hand_written_share(*state));
    set.positions.push_back(std::move(state));
    set.labels.push_back(static_cast<float>(share));
  }
  next("end line");
  if (line != "end") throw refuse("line " + std::to_string(line_number) + " is not 'end' (more positions than it says?)");
  set.hand_written_loss = hand_written / static_cast<double>(count);
  return set;
}

double heldout_loss(const HeldOutSet& set, const std::vector<float>& predicted) {
  if (predicted.size() != set.labels.size())
    throw std::invalid_argument("held-out loss: " + std::to_string(predicted.size()) + " predictions for " +
                                std::to_string(set.labels.size()) + " positions");
  double sum = 0;
  for (size_t i = 0; i < set.labels.size(); ++i) sum += cross_entropy(set.labels[i], predicted[i]);
  return sum / static_cast<double>(set.labels.size());
}

double heldout_loss(const HeldOutSet& set, const PositionShare& share) {
  std::vector<float> predicted;
  predicted.reserve(set.positions.size());
  for (const auto& position : set.positions) predicted.push_back(share(*position));
  return heldout_loss(set, predicted);
}

}  // namespace djambi
