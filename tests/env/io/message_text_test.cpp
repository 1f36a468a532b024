#include "env/io/message_text.h"

#include <gtest/gtest.h>

namespace djambi {
namespace {

TEST(PrintableMessage, ControlBytesAreEscaped) {
  EXPECT_EQ(printable_message("plain text, accents é"), "plain text, accents é");
  EXPECT_EQ(printable_message("ab\x1b[2Jc"), "ab\\x1b[2Jc");
  EXPECT_EQ(printable_message(std::string("a\0b\n\x7f", 5)), "a\\x00b\\x0a\\x7f");
}

TEST(PrintableMessage, C1ControlsAndBytesOfNoUtf8AreEscaped) {
  // U+009B (CSI) in UTF-8, and U+0085 (NEL): both bytes escaped.
  EXPECT_EQ(printable_message("a\xc2\x9b" "2Jb\xc2\x85"), "a\\xc2\\x9b2Jb\\xc2\\x85");
  // A raw 0x9b (CSI to a terminal in a Latin mode), a lone continuation byte, a truncated
  // sequence, an overlong form and a surrogate: each byte of no well-formed sequence escaped.
  EXPECT_EQ(printable_message("a\x9b" "2J"), "a\\x9b2J");
  EXPECT_EQ(printable_message("\x80\xe2\x82"), "\\x80\\xe2\\x82");
  EXPECT_EQ(printable_message("\xc0\x9b"), "\\xc0\\x9b");
  EXPECT_EQ(printable_message("\xed\xa0\x80"), "\\xed\\xa0\\x80");
  // Text past the C1 range is kept, continuation bytes 0x80-0x9f in it included (U+20AC is
  // e2 82 ac, U+00A0 c2 a0, U+1F600 f0 9f 98 80).
  EXPECT_EQ(printable_message("\xe2\x82\xac \xc2\xa0 \xf0\x9f\x98\x80 \xc3\xa9"), "\xe2\x82\xac \xc2\xa0 \xf0\x9f\x98\x80 \xc3\xa9");
}

TEST(PrintableMessage, LongTextKeepsItsStartAndItsEnd) {
  EXPECT_EQ(printable_message("bad 'xxxxxxxxxxxx': why", 10), "bad '... (13 bytes left out) ...: why");
  EXPECT_EQ(printable_message(std::string(10, 'x'), 10), "xxxxxxxxxx");
  EXPECT_EQ(printable_message(std::string(5000, 'x')).size(), 1000 + std::string("... (4000 bytes left out) ...").size());
}

}  // namespace
}  // namespace djambi
