#include "ir/float_literal.h"

#include <limits>

#include "gtest/gtest.h"

namespace pto::ir {
namespace {

TEST(FloatLiteralTest, SpellsWhatTheParserReads) {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(FloatLiteral(0.5).view(), "0.5");
  EXPECT_EQ(FloatLiteral(2.0).view(), "2.0");
  EXPECT_EQ(FloatLiteral(-0.0).view(), "-0.0");
  EXPECT_EQ(FloatLiteral(1e300).view(), "1.0000000000000001e+300");
  EXPECT_EQ(FloatLiteral(-1.7976931348623157e308).view(), "-1.7976931348623157e+308");
  EXPECT_EQ(FloatLiteral(inf).view(), "float('inf')");
  EXPECT_EQ(FloatLiteral(-inf).view(), "float('-inf')");
  EXPECT_EQ(FloatLiteral(nan).view(), "float('nan')");
  EXPECT_EQ(FloatLiteral(-nan).view(), "float('-nan')");
}

}  // namespace
}  // namespace pto::ir
