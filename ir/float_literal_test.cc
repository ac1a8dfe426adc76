#include "ir/float_literal.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

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

TEST(FloatLiteralTest, DigitsAreThoseOfPrintf17g) {
  // The printer's spelling is upstream's: printf("%.17g"), plus ".0" when
  // that reads as an int. Checked over values of every magnitude, the
  // subnormals and the switch points between fixed and exponent forms.
  std::mt19937_64 rng(7);
  std::vector<double> values = {0.0,   1e-5,  1e-4,   1e16, 1e17, 1e-320, 5e-324,
                                0.1,   1e21,  2.0 / 3, 123456789012345678.0,
                                std::numeric_limits<double>::max(), 0.31830987334251404};
  for (int i = 0; i < 200000; ++i) {
    uint64_t bits = rng();
    double v;
    std::memcpy(&v, &bits, sizeof(v));
    if (std::isfinite(v)) values.push_back(v);
    double mantissa = static_cast<double>(static_cast<int64_t>(rng() % 2000001) - 1000000);
    values.push_back(std::ldexp(mantissa, static_cast<int>(rng() % 120) - 60));
  }
  for (double v : values) {
    for (double x : {v, -v}) {
      char want[64];
      int n = std::snprintf(want, sizeof(want), "%.17g", x);
      std::string expected(want, n);
      if (expected.find_first_of(".eE") == std::string::npos) expected += ".0";
      ASSERT_EQ(FloatLiteral(x).view(), expected);
    }
  }
}

TEST(FloatLiteralTest, ParsesLikeStrtod) {
  // The fast path (plain decimals of up to 15 digits) and the general one
  // agree with strtod, digit string for digit string.
  std::mt19937_64 rng(3);
  std::vector<std::string> texts = {"0.5", "3.", ".25", "0.1", "1e-3", "2.5E+10", "0.0",
                                    "123456789012345", "1234567890123456", "0.000000000000001",
                                    "99999999999999.9", "1.7976931348623157e308", "5e-324"};
  for (int i = 0; i < 100000; ++i) {
    std::string t = std::to_string(rng() % 100000000);
    size_t dot = rng() % (t.size() + 1);
    t.insert(dot, ".");
    if (rng() % 4 == 0) t += std::to_string(rng());  // past the fast path's 15 digits
    texts.push_back(t);
  }
  for (const std::string& t : texts) {
    double got = -1;
    ASSERT_TRUE(ParseFloatLiteral(t, &got)) << t;
    EXPECT_EQ(got, std::strtod(t.c_str(), nullptr)) << t;
  }
  double v;
  for (const char* bad : {"", ".", "1..2", "1.2.3", "abc", "1e", "0x1p3q"}) {
    EXPECT_FALSE(ParseFloatLiteral(bad, &v)) << bad;
  }
}

TEST(FloatLiteralTest, RepeatedValuesSpellTheSame) {
  // A value printed again (from the cache of recent spellings), after other
  // values have evicted or shared its slot, still spells as printf does.
  std::mt19937_64 rng(11);
  std::vector<double> values = {0.5, -0.0, 0.0, 1.0, -1.0, 1e300, 0.1};
  for (int i = 0; i < 5000; ++i) {
    values.push_back(std::ldexp(static_cast<double>(rng() % 1000), static_cast<int>(rng() % 40) - 20));
  }
  for (int round = 0; round < 3; ++round) {
    for (size_t i = 0; i < values.size(); ++i) {
      double x = values[(i * 7919 + round) % values.size()];
      char want[64];
      int n = std::snprintf(want, sizeof(want), "%.17g", x);
      std::string expected(want, n);
      if (expected.find_first_of(".eE") == std::string::npos) expected += ".0";
      ASSERT_EQ(FloatLiteral(x).view(), expected) << "round " << round;
      ASSERT_EQ(FloatLiteral(x).view(), expected) << "round " << round << ", repeated";
    }
  }
}

}  // namespace
}  // namespace pto::ir
