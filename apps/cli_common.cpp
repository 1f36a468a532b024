#include "apps/cli_common.h"

#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>

#include "env/djambi/notation.h"
#include "env/games.h"
#include "env/io/number_text.h"

namespace djambi::cli {

void add_variant_option(CLI::App* command, std::vector<std::string>* names) {
  command->add_option("--variant", *names,
                      "Rule variant (RULES.md section 9), repeatable: " + all_variant_names())
      ->delimiter(',');
}

namespace {

// The text of an integer option checked and brought to plain decimal form: CLI11 reads numbers in
// any C base ("0x2" is 2, "010" is 8), takes "" as 0 and "-1" as the largest unsigned value.
CLI::Validator decimal_integer(bool is_unsigned) {
  return CLI::Validator(
      [is_unsigned](std::string& text) -> std::string {
        const bool negative = !is_unsigned && !text.empty() && text[0] == '-';
        const std::string digits = text.substr(negative ? 1 : 0);
        if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos)
          return std::string("expected a decimal integer") + (is_unsigned ? " >= 0" : "") + ", got '" + text + "'";
        if (is_unsigned) {
          if (!parse_unsigned(digits)) return "'" + text + "' is out of range (at most 18446744073709551615)";
        } else {
          // Every signed integer option of the CLI is an int.
          const std::optional<long long> value = parse_integer(text);
          if (!value || *value > INT_MAX || *value < INT_MIN)
            return "'" + text + "' is out of range (" + std::to_string(INT_MIN) + " to " + std::to_string(INT_MAX) + ")";
        }
        const size_t first = std::min(digits.find_first_not_of('0'), digits.size() - 1);  // "010" is ten
        text = (negative && digits[first] != '0' ? "-" : "") + digits.substr(first);
        return "";
      },
      "");
}

}  // namespace

void apply_option_rules(CLI::App& app) {
  for (CLI::Option* opt : app.get_options()) {
    if (opt->nonpositional() && opt->get_expected_max() > 1) opt->allow_extra_args(false);
    const std::string type = opt->get_type_name();
    if (type == "INT" || type == "UINT") opt->transform(decimal_integer(type == "UINT"));
  }
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) apply_option_rules(*sub);
}

void check_directory_path(const std::string& option, const std::string& path, bool file) {
  std::error_code error;
  const std::filesystem::path start = file ? std::filesystem::path(path).parent_path() : std::filesystem::path(path);
  for (std::filesystem::path p = start; !p.empty(); p = p.parent_path()) {
    if (std::filesystem::exists(p, error) && !std::filesystem::is_directory(p, error)) {
      if (p == std::filesystem::path(path)) throw UsageError(option + " '" + path + "' is a file, not a directory");
      throw UsageError(option + " '" + path + "': '" + p.string() + "' is a file, not a directory");
    }
    if (p == p.parent_path()) break;
  }
}

Variants variants_from(const std::vector<std::string>& names) {
  try {
    return parse_variants(names);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

Position read_position(const std::string& text, const std::vector<std::string>& variant_names) {
  return parse_position(text, variants_from(variant_names));
}

std::vector<GameRecord> read_record_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError("cannot read '" + path + "'");
  try {
    return parse_records(in);  // bounded: a line or a file too long is refused
  } catch (const std::invalid_argument& e) {
    throw UsageError(path + ": " + e.what());
  }
}

std::string timestamped(const char* pattern) {
  const std::time_t now = std::time(nullptr);
  char text[256];
  std::strftime(text, sizeof text, pattern, std::localtime(&now));
  return text;
}

std::shared_ptr<const Game> game_from(const std::string& name, const std::vector<std::string>& variant_names) {
  try {
    return make_game(name, variants_from(variant_names));
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

std::unique_ptr<GameState> random_midgame(const Game& game, Rng& rng) {
  while (true) {
    auto s = game.new_initial_state();
    const int decisions = 40 + static_cast<int>(rng.below(160));
    for (int d = 0; d < decisions && !s->is_terminal(); ++d) {
      const auto legal = s->legal_actions();
      s->apply_action(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
    }
    if (!s->is_terminal()) return s;
  }
}

Progress::Progress(std::string label, uint64_t total)
    : label_(std::move(label)), total_(total), tty_(isatty(fileno(stderr))),
      start_(Clock::now()), last_(start_) {}

void Progress::update(uint64_t done) {
  const auto now = Clock::now();
  const auto interval = tty_ ? std::chrono::milliseconds(250) : std::chrono::milliseconds(5000);
  if (now - last_ < interval) return;
  last_ = now;
  print(done, false);
}

void Progress::finish() {
  if (printed_ && tty_) std::fprintf(stderr, "\r\033[K");
}

void Progress::print(uint64_t done, bool final_line) {
  const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
  const double rate = elapsed > 0 ? done / elapsed : 0.0;
  const double eta = rate > 0 && total_ > done ? (total_ - done) / rate : 0.0;
  std::fprintf(stderr, "%s%s: %llu/%llu, %.1f/s, ETA %.0fs%s", tty_ ? "\r\033[K" : "",
               label_.c_str(), static_cast<unsigned long long>(done),
               static_cast<unsigned long long>(total_), rate, eta, tty_ && !final_line ? "" : "\n");
  std::fflush(stderr);
  printed_ = true;
}

}  // namespace djambi::cli
