#include "env/io/message_text.h"

#include <gtest/gtest.h>

namespace djambi {
namespace {

TEST(PrintableMessage, ControlBytesAreEscaped) {
  EXPECT_EQ(printable_message("plain text, accents é"), "plain text, accents é");
  EXPECT_EQ(printable_message("ab\x1b[2Jc"), "ab\\x1b[2Jc");
  EXPECT_EQ(printable_message(std::string("a\0b\n\x7f", 5)), "a\\x00b\\x0a\\x7f");
}

TEST(PrintableMessage, LongTextKeepsItsStartAndItsEnd) {
  EXPECT_EQ(printable_message("bad 'xxxxxxxxxxxx': why", 10), "bad '... (13 bytes left out) ...: why");
  EXPECT_EQ(printable_message(std::string(10, 'x'), 10), "xxxxxxxxxx");
  EXPECT_EQ(printable_message(std::string(5000, 'x')).size(), 1000 + std::string("... (4000 bytes left out) ...").size());
}

}  // namespace
}  // namespace djambi
