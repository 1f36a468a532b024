#include "env/djambi/geometry.h"

#include <gtest/gtest.h>

namespace djambi {
namespace {

TEST(Geometry, SquareNamesRoundTrip) {
  for (int sq = 0; sq < kNumSquares; ++sq) EXPECT_EQ(parse_square(square_name(sq)), sq);
  EXPECT_EQ(square_name(kCentre), "e5");
  EXPECT_EQ(parse_square("j1"), kNoSquare);
  EXPECT_EQ(parse_square("a0"), kNoSquare);
  EXPECT_EQ(parse_square("a10"), kNoSquare);
}

TEST(Geometry, RaysStopAtTheEdge) {
  EXPECT_EQ(rays().length[parse_square("a1")][0], 8);  // north
  EXPECT_EQ(rays().length[parse_square("a1")][5], 0);  // south-west
  EXPECT_EQ(rays().length[kCentre][1], 4);
  EXPECT_EQ(rays().square[kCentre][1][0], parse_square("f6"));
  EXPECT_EQ(step(parse_square("i9"), 0), kNoSquare);
}

}  // namespace
}  // namespace djambi
