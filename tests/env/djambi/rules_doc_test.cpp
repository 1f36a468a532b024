// docs/RULES.md checked against the engine: every worked example (```example blocks) is
// parsed, played and compared, so the document cannot drift from the rules it describes.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tests/env/djambi/rules_doc.h"
#include "tests/env/djambi/rules_test_util.h"

#ifndef DJAMBI_SOURCE_DIR
#error "DJAMBI_SOURCE_DIR must name the repository root"
#endif

namespace djambi::testing {
namespace {

const char* const kDocPath = DJAMBI_SOURCE_DIR "/docs/RULES.md";

std::vector<DocExample> doc_examples() {
  std::ifstream in(kDocPath);
  if (!in) throw std::runtime_error(std::string("cannot read ") + kDocPath);
  return read_doc_examples(in);
}

Variants variants_of(const DocExample& ex) {
  std::vector<std::string> names;
  std::stringstream list(ex.variants);
  for (std::string name; std::getline(list, name, ',');) names.push_back(doc_detail::trim(name));
  return parse_variants(names);
}

// The board as `djambi play` draws it without colour (apps/board_text.cpp), lines right-trimmed:
// "Cr" for a piece, lower case for a zombie party, "X" for a corpse, "*" for an empty e5.
std::vector<std::string> diagram_of(const std::string& text, Variants v) {
  const Position pos = parse_position(text, v);
  std::vector<std::string> out;
  for (int rank = 8; rank >= 0; --rank) {
    std::string line = std::to_string(rank + 1) + " ";
    for (int file = 0; file < 9; ++file) {
      const Square sq = make_square(file, rank);
      const Cell c = pos.board[sq];
      if (c == kEmptyCell) {
        line += sq == kCentre ? " * " : " . ";
      } else if (c == kCorpseCell) {
        line += " X ";
      } else {
        char letter = piece_letter(kind_of(c));
        if (pos.controller[party_of(c)] == kNobody) letter = static_cast<char>(letter - 'A' + 'a');
        line += std::string(" ") + letter + kPartyLetters[party_of(c)];
      }
    }
    out.push_back(line.substr(0, line.find_last_not_of(' ') + 1));
  }
  out.push_back("   a  b  c  d  e  f  g  h  i");
  return out;
}

// Checks one example; failures name its line in docs/RULES.md.
void check_example(const DocExample& ex) {
  SCOPED_TRACE("docs/RULES.md example at line " + std::to_string(ex.line));
  const Variants v = variants_of(ex);
  // The position must be valid and written canonically.
  ASSERT_EQ(format_position(parse_position(ex.position, v)), ex.position);
  if (ex.start) {
    EXPECT_EQ(format_position(Position::start(v)), ex.position) << "not the start position";
  }
  if (!ex.position_diagram.empty()) {
    EXPECT_EQ(ex.position_diagram, diagram_of(ex.position, v));
  }
  // Moves must be written canonically too (the spelling `djambi moves` prints).
  for (const auto& m : ex.moves) EXPECT_EQ(format_move(parse_move(m)), m);

  if (!ex.legal) {
    ASSERT_FALSE(ex.moves.empty()) << "'legal: no' without a move";
    EXPECT_TRUE(ex.after.empty() && ex.result.empty()) << "an illegal move has no after/result";
    const std::vector<std::string> before(ex.moves.begin(), ex.moves.end() - 1);
    const std::string reached = apply_moves(ex.position, before, v).position;
    LegalMove found;
    EXPECT_FALSE(find_legal_move(parse_position(reached, v), parse_move(ex.moves.back()), &found))
        << ex.moves.back() << " is legal in " << reached;
    return;
  }
  if (ex.moves.empty()) {
    EXPECT_TRUE(ex.after.empty()) << "'after' without moves";
    return;
  }
  ASSERT_FALSE(ex.after.empty()) << "moves without 'after'";
  Applied applied;
  ASSERT_NO_THROW(applied = apply_moves(ex.position, ex.moves, v));
  EXPECT_EQ(applied.position, ex.after);
  // A finished game must say how it ended; a running one must not claim a result.
  EXPECT_EQ(applied.result, ex.result.empty() ? "" : "result " + ex.result);
  if (!ex.after_diagram.empty()) {
    EXPECT_EQ(ex.after_diagram, diagram_of(ex.after, v));
  }
}

TEST(RulesDoc, EveryExampleHoldsInTheEngine) {
  const auto examples = doc_examples();
  ASSERT_GE(examples.size(), 15u) << "docs/RULES.md lost its examples";
  for (const auto& ex : examples) check_example(ex);
}

// The examples the document promises: at least one of each kind of move and position.
TEST(RulesDoc, ExamplesCoverEveryKindOfMove) {
  bool start = false, variant = false, illegal = false, finished = false;
  bool plain = false, placed = false, assassin = false, reporter_kill = false, exit = false, pass = false;
  for (const auto& ex : doc_examples()) {
    start |= ex.start;
    variant |= !ex.variants.empty();
    illegal |= !ex.legal;
    finished |= !ex.result.empty();
    for (const auto& m : ex.moves) {
      plain |= m.find('-') != std::string::npos && m.find('+') == std::string::npos &&
               m.find(',') == std::string::npos;
      placed |= m.find('>') != std::string::npos;
      assassin |= m.find('x') != std::string::npos && m.find('>') == std::string::npos;
      reporter_kill |= m.find('+') != std::string::npos;
      exit |= m.find(',') != std::string::npos;
      pass |= m == "pass";
    }
  }
  EXPECT_TRUE(start && variant && illegal && finished);
  EXPECT_TRUE(plain && placed && assassin && reporter_kill && exit && pass);
}

// The reader refuses what it does not understand, so a mistyped example cannot be skipped.
TEST(RulesDoc, ReaderRejectsMalformedBlocks) {
  auto read = [](const std::string& text) {
    std::istringstream in(text);
    return read_doc_examples(in);
  };
  EXPECT_THROW(read("```example\nposition: x\nmove: c3-d4\n```\n"), std::invalid_argument);  // unknown field
  EXPECT_THROW(read("```example\nposition: x\nposition: y\n```\n"), std::invalid_argument);
  EXPECT_THROW(read("```example\nmoves: c3-d4\n```\n"), std::invalid_argument);  // no position
  EXPECT_THROW(read("```example\nposition: x\n"), std::invalid_argument);        // never closed
  EXPECT_THROW(read("```example\nlegal: no\n9  .\nposition: x\n```\n"), std::invalid_argument);
  EXPECT_THROW(read("```example\nposition: x\nlegal: maybe\n```\n"), std::invalid_argument);
  // Other fences, even ones holding example-like text, are ignored.
  const auto ok = read("```sh\n```example\n```\ntext\n```example\nposition: p q\n9  .  Cr\n```\n");
  ASSERT_EQ(ok.size(), 1u);
  EXPECT_EQ(ok[0].line, 5);
  EXPECT_EQ(ok[0].position, "p q");
  EXPECT_EQ(ok[0].position_diagram, std::vector<std::string>{"9  .  Cr"});
}

// A wrong example is caught: the checker itself fails on a corrupted copy of a true one.
TEST(RulesDoc, CheckerCatchesAWrongAfterPosition) {
  DocExample ex;
  ex.position = format_position(Position::start());
  ex.moves = {"c3-d4"};
  ex.after = apply_moves(ex.position, ex.moves).position;
  ex.after[ex.after.size() - 1] = '7';  // wrong turn counter
  ::testing::TestPartResultArray failures;
  {
    ::testing::ScopedFakeTestPartResultReporter reporter(
        ::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD, &failures);
    check_example(ex);
  }
  EXPECT_GE(failures.size(), 1);
}

}  // namespace
}  // namespace djambi::testing
