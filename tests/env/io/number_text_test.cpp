// The one reader and writer of numbers as text (env/io/number_text.h).
#include "env/io/number_text.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace djambi {
namespace {

TEST(NumberText, IntegersArePlainDecimalOnly) {
  EXPECT_EQ(parse_integer("42"), 42);
  EXPECT_EQ(parse_integer("-7"), -7);
  EXPECT_EQ(parse_integer("+5"), 5);
  EXPECT_EQ(parse_integer("010"), 10);  // decimal, not octal
  EXPECT_EQ(parse_integer("-9223372036854775808"), std::numeric_limits<long long>::min());
  EXPECT_EQ(parse_integer("9223372036854775807"), std::numeric_limits<long long>::max());
  for (const char* bad : {"", "+", "-", "0x10", "1e1", " 5", "5 ", "1.0", "9223372036854775808", "--1", "+-1"})
    EXPECT_FALSE(parse_integer(bad)) << "'" << bad << "'";
  EXPECT_EQ(parse_unsigned("18446744073709551615"), std::numeric_limits<unsigned long long>::max());
  EXPECT_FALSE(parse_unsigned("18446744073709551616"));
  EXPECT_FALSE(parse_unsigned("-1"));
  EXPECT_FALSE(parse_unsigned("+1"));
}

TEST(NumberText, RealsArePlainDecimalAndInfinitiesAreTooLarge) {
  EXPECT_EQ(parse_real("2.5"), 2.5);
  EXPECT_EQ(parse_real("-.5"), -0.5);
  EXPECT_EQ(parse_real("2."), 2.0);
  EXPECT_EQ(parse_real("1e-3"), 1e-3);
  EXPECT_EQ(parse_real("+1E+2"), 100.0);
  EXPECT_EQ(parse_real("inf"), std::numeric_limits<double>::infinity());
  EXPECT_EQ(parse_real("-Infinity"), -std::numeric_limits<double>::infinity());
  EXPECT_EQ(parse_real("1e999"), std::numeric_limits<double>::infinity());
  EXPECT_EQ(parse_real("1e-999"), 0.0);
  for (const char* bad : {"", ".", "e5", "1e", "1e+", "nan", "NaN", "0x1p3", " 1", "1 ", "1.2.3", "1,5", "infinit"})
    EXPECT_FALSE(parse_real(bad)) << "'" << bad << "'";
}

TEST(NumberText, ShortestTextReadsBackExactly) {
  EXPECT_EQ(shortest_text(0.25), "0.25");
  EXPECT_EQ(shortest_text(100.0), "100");
  EXPECT_EQ(shortest_text(0.0001), "0.0001");
  EXPECT_EQ(shortest_text(1e-5), "1e-05");
  EXPECT_EQ(shortest_text(1e20), "1e+20");
  EXPECT_EQ(shortest_text(-0.5f), "-0.5");
  EXPECT_EQ(shortest_text(0.1f), "0.1");
  EXPECT_EQ(shortest_text(std::numeric_limits<double>::infinity()), "inf");
  for (double v : {0.1, 1.0 / 3, 2e-4, 123456.789, 6.02214076e23, -1e-300})
    EXPECT_EQ(parse_real(shortest_text(v)), v) << shortest_text(v);
}

}  // namespace
}  // namespace djambi
