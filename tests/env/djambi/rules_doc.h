#pragma once
// Reads the worked examples of docs/RULES.md: fenced blocks opened by ```example, one
// "field: value" per line, optionally followed by a board diagram drawn under a position field.
// The format itself is described in docs/RULES.md, section 8.
#include <cstddef>
#include <istream>
#include <stdexcept>
#include <string>
#include <vector>

namespace djambi::testing {

struct DocExample {
  int line = 0;                                 // line of the opening fence, 1-based
  std::string variants;                         // comma-separated names, "" for none
  std::string position;                         // required
  bool start = false;                           // "start: yes": the start position of `variants`
  std::vector<std::string> moves;               // applied in order, as `djambi apply` does
  bool legal = true;                            // "legal: no": the last move must be refused
  std::string after;                            // the position after `moves`
  std::string result;                           // the ranks ("r:1 b:3 ..."), when the game is over
  std::vector<std::string> position_diagram;    // lines drawn under `position:`, if any
  std::vector<std::string> after_diagram;       // lines drawn under `after:`, if any
};

namespace doc_detail {

inline std::string trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  const size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

inline std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    size_t j = i;
    while (j < s.size() && s[j] != ' ') ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

// "name: value" with a lower-case name, or false.
inline bool split_field(const std::string& line, std::string* name, std::string* value) {
  const size_t colon = line.find(": ");
  if (colon == std::string::npos || colon == 0) return false;
  for (size_t i = 0; i < colon; ++i)
    if (line[i] < 'a' || line[i] > 'z') return false;
  *name = line.substr(0, colon);
  *value = trim(line.substr(colon + 2));
  return true;
}

inline bool yes_no(const std::string& value, int line) {
  if (value == "yes") return true;
  if (value == "no") return false;
  throw std::invalid_argument("line " + std::to_string(line) + ": expected yes or no, got '" + value + "'");
}

}  // namespace doc_detail

// Every example block of a Markdown text. Throws std::invalid_argument, naming the line, on an
// unknown field, a repeated field, a diagram line with no position above it, or a block that is
// never closed; a malformed example must fail loudly rather than be skipped.
inline std::vector<DocExample> read_doc_examples(std::istream& in) {
  using namespace doc_detail;
  std::vector<DocExample> out;
  std::string raw;
  int line_no = 0;
  bool in_example = false;
  bool in_other_fence = false;
  std::vector<std::string> seen;
  std::vector<std::string>* diagram = nullptr;
  DocExample ex;
  auto fail = [&](const std::string& why) {
    throw std::invalid_argument("docs/RULES.md line " + std::to_string(line_no) + ": " + why);
  };
  while (std::getline(in, raw)) {
    ++line_no;
    const std::string line = trim(raw);
    if (!in_example) {
      if (line.rfind("```", 0) == 0) {
        if (in_other_fence) {
          in_other_fence = line != "```";  // as in Markdown, only a bare fence closes one
        } else if (line == "```example") {
          in_example = true;
          ex = DocExample{};
          ex.line = line_no;
          seen.clear();
          diagram = nullptr;
        } else {
          in_other_fence = true;
        }
      }
      continue;
    }
    if (line == "```") {
      if (ex.position.empty()) fail("example without a position");
      out.push_back(ex);
      in_example = false;
      continue;
    }
    if (line.empty()) continue;
    std::string name, value;
    if (!split_field(line, &name, &value)) {
      // A diagram line: kept as written (right-trimmed) under the last position field.
      if (diagram == nullptr) fail("text that is neither a field nor a diagram under a position: '" + line + "'");
      diagram->push_back(raw.substr(0, raw.find_last_not_of(" \t\r") + 1));
      continue;
    }
    for (const auto& s : seen)
      if (s == name) fail("field '" + name + "' given twice");
    seen.push_back(name);
    diagram = nullptr;
    if (name == "variants") {
      ex.variants = value;
    } else if (name == "position") {
      ex.position = value;
      diagram = &ex.position_diagram;
    } else if (name == "start") {
      ex.start = yes_no(value, line_no);
    } else if (name == "moves") {
      ex.moves = words(value);
    } else if (name == "legal") {
      ex.legal = yes_no(value, line_no);
    } else if (name == "after") {
      ex.after = value;
      diagram = &ex.after_diagram;
    } else if (name == "result") {
      ex.result = value;
    } else {
      fail("unknown field '" + name + "'");
    }
  }
  if (in_example) fail("example block opened at line " + std::to_string(ex.line) + " is never closed");
  return out;
}

}  // namespace djambi::testing
