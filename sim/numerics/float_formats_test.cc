#include "sim/numerics/float_formats.h"

#include <cmath>
#include <cstring>
#include <vector>

#include "gtest/gtest.h"

namespace pto::sim {
namespace {

using ir::DataType;
using ir::RoundMode;

constexpr RoundMode kAllModes[] = {RoundMode::kNone,  RoundMode::kRint, RoundMode::kRound,
                                   RoundMode::kFloor, RoundMode::kCeil, RoundMode::kTrunc,
                                   RoundMode::kOdd};

struct SmallFormat {
  DataType dtype;
  int bits;
};
constexpr SmallFormat kSmallFormats[] = {
    {DataType::kFP16, 16},     {DataType::kBF16, 16}, {DataType::kFP8E4M3FN, 8},
    {DataType::kFP8E5M2, 8},   {DataType::kFP4, 4},   {DataType::kFP8E8M0, 8},
    {DataType::kHF8, 8},
};

ExactNumber D(double v) { return ExactNumber::FromDouble(v); }
uint32_t Enc(DataType t, double v, RoundMode m = RoundMode::kRint, bool sat = false) {
  return EncodeFloat(t, D(v), m, sat);
}
double Dec(DataType t, uint32_t c) { return DecodeFloat(t, c).ToDouble(); }

uint32_t FloatBits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, sizeof(b));
  return b;
}

// Every code of every format of <= 16 bits decodes and re-encodes to itself
// under every rounding mode, and survives a trip through FP32.
TEST(FloatFormatsTest, EveryCodeRoundTripsExhaustively) {
  for (const SmallFormat& f : kSmallFormats) {
    int64_t checked = 0;
    for (uint32_t code = 0; code < (uint32_t{1} << f.bits); ++code) {
      ExactNumber x = DecodeFloat(f.dtype, code);
      // HF8 has a single zero and a single NaN; E4M3FN's NaN keeps its sign.
      for (RoundMode mode : kAllModes) {
        ASSERT_EQ(EncodeFloat(f.dtype, x, mode, false), code)
            << f.dtype.name() << " code " << code << " mode " << static_cast<int>(mode);
        if (x.IsFinite()) {
          ASSERT_EQ(EncodeFloat(f.dtype, x, mode, true), code) << f.dtype.name() << " " << code;
        }
      }
      uint32_t wide = EncodeFloat(DataType::kFP32, x, RoundMode::kRint, false);
      ASSERT_EQ(EncodeFloat(f.dtype, DecodeFloat(DataType::kFP32, wide), RoundMode::kRint, false),
                code)
          << f.dtype.name() << " via FP32, code " << code;
      if (!x.IsNaN()) {
        float fast = DecodeToFloat(f.dtype, code);
        ASSERT_EQ(FloatBits(fast), wide) << f.dtype.name() << " table, code " << code;
      }
      ++checked;
    }
    EXPECT_EQ(checked, int64_t{1} << f.bits);
  }
}

TEST(FloatFormatsTest, KnownValues) {
  EXPECT_EQ(Dec(DataType::kFP16, 0x7BFF), 65504.0);
  EXPECT_EQ(Dec(DataType::kFP16, 0x0001), std::ldexp(1.0, -24));
  EXPECT_TRUE(std::isinf(Dec(DataType::kFP16, 0xFC00)));
  EXPECT_EQ(Dec(DataType::kBF16, 0x3F80), 1.0);
  EXPECT_EQ(Dec(DataType::kFP8E4M3FN, 0x7E), 448.0);
  EXPECT_TRUE(std::isnan(Dec(DataType::kFP8E4M3FN, 0x7F)));
  EXPECT_EQ(Dec(DataType::kFP8E4M3FN, 0x78), 256.0);  // S.1111.000 is finite
  EXPECT_EQ(Dec(DataType::kFP8E4M3FN, 0x01), std::ldexp(1.0, -9));
  EXPECT_EQ(Dec(DataType::kFP8E5M2, 0x7B), 57344.0);
  EXPECT_TRUE(std::isinf(Dec(DataType::kFP8E5M2, 0x7C)));
  EXPECT_TRUE(std::isnan(Dec(DataType::kFP8E5M2, 0x7D)));
  const double fp4[] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
  for (uint32_t c = 0; c < 8; ++c) {
    EXPECT_EQ(Dec(DataType::kFP4, c), fp4[c]);
    EXPECT_EQ(Dec(DataType::kFP4, c | 8), -fp4[c]);
  }
  EXPECT_EQ(Dec(DataType::kFP8E8M0, 127), 1.0);
  EXPECT_EQ(Dec(DataType::kFP8E8M0, 0), std::ldexp(1.0, -127));
  EXPECT_EQ(Dec(DataType::kFP8E8M0, 0xFE), std::ldexp(1.0, 127));
  EXPECT_TRUE(std::isnan(Dec(DataType::kFP8E8M0, 0xFF)));
}

// HiFloat8 (arXiv:2409.16626): dot prefix codes, sign-magnitude exponent with
// an implicit leading 1, the denormal binades and the specials.
TEST(FloatFormatsTest, HiFloat8Definition) {
  EXPECT_EQ(Dec(DataType::kHF8, 0x00), 0.0);
  EXPECT_TRUE(std::isnan(Dec(DataType::kHF8, 0x80)));
  EXPECT_EQ(Dec(DataType::kHF8, 0x6F), HUGE_VAL);
  EXPECT_EQ(Dec(DataType::kHF8, 0xEF), -HUGE_VAL);
  EXPECT_EQ(Dec(DataType::kHF8, 0x08), 1.0);      // dot 0001, M 000
  EXPECT_EQ(Dec(DataType::kHF8, 0x0F), 1.875);    // dot 0001, M 111
  EXPECT_EQ(Dec(DataType::kHF8, 0x18), 0.5);      // dot 001, E -1
  EXPECT_EQ(Dec(DataType::kHF8, 0x10), 2.0);      // dot 001, E +1
  EXPECT_EQ(Dec(DataType::kHF8, 0x28), 8.0);      // dot 01, E +3
  EXPECT_EQ(Dec(DataType::kHF8, 0x40), 16.0);     // dot 10, E +4, 2-bit M
  EXPECT_EQ(Dec(DataType::kHF8, 0x43), 28.0);     // 16 * 1.75
  EXPECT_EQ(Dec(DataType::kHF8, 0x60), 256.0);    // dot 11, E +8, 1-bit M
  EXPECT_EQ(Dec(DataType::kHF8, 0x61), 384.0);
  EXPECT_EQ(Dec(DataType::kHF8, 0x6E), 32768.0);  // largest finite
  EXPECT_EQ(Dec(DataType::kHF8, 0x7E), std::ldexp(1.0, -15));  // smallest normal
  EXPECT_EQ(Dec(DataType::kHF8, 0x01), std::ldexp(1.0, -22));  // denormal M=1
  EXPECT_EQ(Dec(DataType::kHF8, 0x07), std::ldexp(1.0, -16));  // denormal M=7
  EXPECT_EQ(Dec(DataType::kHF8, 0x88), -1.0);
  // Binade counts from the paper: 7 exponents with 3 mantissa bits, 8 with 2,
  // 16 with 1, plus 7 denormal powers of two: 31 + 7 = 38 binades.
  int finite_positive = 0;
  for (uint32_t c = 1; c < 0x80; ++c) finite_positive += std::isfinite(Dec(DataType::kHF8, c));
  EXPECT_EQ(finite_positive, 7 * 8 + 8 * 4 + 16 * 2 - 1 + 7);  // minus the Inf slot
  EXPECT_EQ(MaxFinite(DataType::kHF8), 32768.0);
}

// Between every two adjacent positive finite codes, the midpoint and its
// neighbours round the way each mode says.
TEST(FloatFormatsTest, MidpointsRoundPerModeExhaustively) {
  for (const SmallFormat& f : kSmallFormats) {
    std::vector<std::pair<double, uint32_t>> values;
    for (uint32_t c = 0; c < (uint32_t{1} << f.bits); ++c) {
      double v = Dec(f.dtype, c);
      if (std::isfinite(v) && !std::signbit(v)) values.push_back({v, c});
    }
    std::sort(values.begin(), values.end());
    for (size_t i = 0; i + 1 < values.size(); ++i) {
      auto [a, ca] = values[i];
      auto [b, cb] = values[i + 1];
      double mid = (a + b) / 2;
      double below = std::nextafter(mid, a);
      double above = std::nextafter(mid, b);
      for (double sign : {1.0, -1.0}) {
        bool neg = sign < 0;
        // Negative codes: HF8's zero has no sign; everywhere else the sign bit.
        auto signed_code = [&](uint32_t c) -> uint32_t {
          if (!neg || (f.dtype == DataType::kHF8 && c == 0)) return c;
          return c | (uint32_t{1} << (f.bits - 1));
        };
        if (neg && f.dtype == DataType::kFP8E8M0) continue;
        uint32_t lo = signed_code(ca);
        uint32_t hi = signed_code(cb);
        SCOPED_TRACE(testing::Message() << f.dtype.name() << " between " << sign * a << " and "
                                        << sign * b);
        EXPECT_EQ(Enc(f.dtype, sign * below, RoundMode::kRint), lo);
        EXPECT_EQ(Enc(f.dtype, sign * above, RoundMode::kRint), hi);
        EXPECT_EQ(Enc(f.dtype, sign * mid, RoundMode::kRound), hi);
        EXPECT_EQ(Enc(f.dtype, sign * below, RoundMode::kRound), lo);
        EXPECT_EQ(Enc(f.dtype, sign * above, RoundMode::kTrunc), lo);
        EXPECT_EQ(Enc(f.dtype, sign * below, RoundMode::kFloor), neg ? hi : lo);
        EXPECT_EQ(Enc(f.dtype, sign * above, RoundMode::kCeil), neg ? lo : hi);
        // A binade without stored mantissa bits (E8M0, HF8's denormal powers
        // of two) has count 1 for every value: ties go up to the next power
        // of two, and odd rounding truncates.
        bool no_mantissa = f.dtype == DataType::kFP8E8M0 ||
                           (f.dtype == DataType::kHF8 && a > 0 && a < std::ldexp(1.0, -15));
        if (!no_mantissa) {
          // Ties to the even significand; odd picks the odd one when inexact.
          uint32_t even = (cb & 1) == 0 ? hi : lo;
          uint32_t odd = (cb & 1) == 0 ? lo : hi;
          EXPECT_EQ(Enc(f.dtype, sign * mid, RoundMode::kRint), even);
          EXPECT_EQ(Enc(f.dtype, sign * mid, RoundMode::kNone), even);
          EXPECT_EQ(Enc(f.dtype, sign * mid, RoundMode::kOdd), odd);
        } else {
          EXPECT_EQ(Enc(f.dtype, sign * mid, RoundMode::kRint), hi);  // count 1.5 -> 2
          EXPECT_EQ(Enc(f.dtype, sign * mid, RoundMode::kOdd), lo);
        }
      }
    }
  }
}

TEST(FloatFormatsTest, OverflowFollowsTheFormatsRule) {
  // IEEE: nearest modes overflow to Inf, toward-zero modes to max.
  EXPECT_EQ(Enc(DataType::kFP16, 65520.0), 0x7C00u);
  EXPECT_EQ(Enc(DataType::kFP16, 65519.99), 0x7BFFu);
  EXPECT_EQ(Enc(DataType::kFP16, 65520.0, RoundMode::kRound), 0x7C00u);
  EXPECT_EQ(Enc(DataType::kFP16, 1e6, RoundMode::kTrunc), 0x7BFFu);
  EXPECT_EQ(Enc(DataType::kFP16, 1e6, RoundMode::kOdd), 0x7BFFu);
  EXPECT_EQ(Enc(DataType::kFP16, 1e6, RoundMode::kFloor), 0x7BFFu);
  EXPECT_EQ(Enc(DataType::kFP16, -1e6, RoundMode::kFloor), 0xFC00u);
  EXPECT_EQ(Enc(DataType::kFP16, 1e6, RoundMode::kCeil), 0x7C00u);
  EXPECT_EQ(Enc(DataType::kFP16, -1e6, RoundMode::kCeil), 0xFBFFu);
  // Saturation clamps, infinities included; NaN stays NaN.
  EXPECT_EQ(Enc(DataType::kFP16, 1e6, RoundMode::kRint, true), 0x7BFFu);
  EXPECT_EQ(Enc(DataType::kFP16, -HUGE_VAL, RoundMode::kRint, true), 0xFBFFu);
  EXPECT_EQ(Enc(DataType::kFP16, HUGE_VAL), 0x7C00u);
  EXPECT_EQ(Enc(DataType::kFP16, std::nan(""), RoundMode::kRint, true), 0x7E00u);
  // E4M3FN: no Inf, so overflow is NaN unless saturating; 464 ties to 448.
  EXPECT_EQ(Enc(DataType::kFP8E4M3FN, 464.0), 0x7Eu);
  EXPECT_EQ(Enc(DataType::kFP8E4M3FN, 464.5), 0x7Fu);
  EXPECT_EQ(Enc(DataType::kFP8E4M3FN, -464.5), 0xFFu);
  EXPECT_EQ(Enc(DataType::kFP8E4M3FN, 464.5, RoundMode::kRint, true), 0x7Eu);
  EXPECT_EQ(Enc(DataType::kFP8E4M3FN, 1e9, RoundMode::kTrunc), 0x7Eu);
  EXPECT_EQ(Enc(DataType::kFP8E4M3FN, HUGE_VAL), 0x7Fu);
  EXPECT_EQ(Enc(DataType::kFP8E4M3FN, HUGE_VAL, RoundMode::kRint, true), 0x7Eu);
  // E5M2 has Inf.
  EXPECT_EQ(Enc(DataType::kFP8E5M2, 61440.0), 0x7Cu);
  EXPECT_EQ(Enc(DataType::kFP8E5M2, 61439.0), 0x7Bu);
  // FP4 always clamps.
  EXPECT_EQ(Enc(DataType::kFP4, 7.0), 0x7u);
  EXPECT_EQ(Enc(DataType::kFP4, -1e30), 0xFu);
  EXPECT_EQ(Enc(DataType::kFP4, HUGE_VAL), 0x7u);
  EXPECT_EQ(Enc(DataType::kFP4, std::nan("")), 0x0u);
  // HF8: 2^15 * 1.25 ties to 2^15; beyond overflows to Inf.
  EXPECT_EQ(Enc(DataType::kHF8, 40960.0), 0x6Eu);
  EXPECT_EQ(Enc(DataType::kHF8, 40961.0), 0x6Fu);
  EXPECT_EQ(Enc(DataType::kHF8, -40961.0), 0xEFu);
  EXPECT_EQ(Enc(DataType::kHF8, 40961.0, RoundMode::kRint, true), 0x6Eu);
  EXPECT_EQ(Enc(DataType::kHF8, 1e9, RoundMode::kTrunc), 0x6Eu);
  // E8M0: positive only.
  EXPECT_EQ(Enc(DataType::kFP8E8M0, std::ldexp(1.0, 128)), 0xFFu);
  EXPECT_EQ(Enc(DataType::kFP8E8M0, std::ldexp(1.0, 128), RoundMode::kRint, true), 0xFEu);
  EXPECT_EQ(Enc(DataType::kFP8E8M0, 0.0), 0xFFu);
  EXPECT_EQ(Enc(DataType::kFP8E8M0, -1.0), 0xFFu);
  EXPECT_EQ(Enc(DataType::kFP8E8M0, -1.0, RoundMode::kRint, true), 0x00u);
  EXPECT_EQ(Enc(DataType::kFP8E8M0, std::ldexp(1.0, -140)), 0x00u);
  EXPECT_EQ(Enc(DataType::kFP8E8M0, 3.0), 128u + 1);  // 3 = 1.5 * 2: ties to 4
  EXPECT_EQ(Enc(DataType::kFP8E8M0, 3.0, RoundMode::kFloor), 128u);
}

TEST(FloatFormatsTest, SubnormalsAndUnderflow) {
  double tiny = std::ldexp(1.0, -25);  // half of FP16's smallest subnormal
  EXPECT_EQ(Enc(DataType::kFP16, tiny), 0x0000u);
  EXPECT_EQ(Enc(DataType::kFP16, -tiny), 0x8000u);
  EXPECT_EQ(Enc(DataType::kFP16, tiny * 1.0001), 0x0001u);
  EXPECT_EQ(Enc(DataType::kFP16, tiny, RoundMode::kRound), 0x0001u);
  EXPECT_EQ(Enc(DataType::kFP16, 1e-30, RoundMode::kCeil), 0x0001u);
  EXPECT_EQ(Enc(DataType::kFP16, -1e-30, RoundMode::kFloor), 0x8001u);
  EXPECT_EQ(Enc(DataType::kFP16, 1e-30, RoundMode::kOdd), 0x0001u);
  EXPECT_EQ(Enc(DataType::kFP16, std::ldexp(1023.0, -24)), 0x03FFu);  // largest subnormal
  EXPECT_EQ(Enc(DataType::kFP16, std::ldexp(1023.5, -24)), 0x0400u);  // rounds to normal
  EXPECT_EQ(Enc(DataType::kHF8, std::ldexp(1.0, -23)), 0x00u);        // ties to zero
  EXPECT_EQ(Enc(DataType::kHF8, std::ldexp(1.5, -23)), 0x01u);
  EXPECT_EQ(Enc(DataType::kHF8, -std::ldexp(1.0, -30)), 0x00u);       // one zero only
  EXPECT_EQ(Enc(DataType::kHF8, -0.0), 0x00u);
  EXPECT_EQ(Enc(DataType::kFP16, -0.0), 0x8000u);
  EXPECT_EQ(Enc(DataType::kFP4, 0.25), 0x0u);
  EXPECT_EQ(Enc(DataType::kFP4, 0.26), 0x1u);
}

TEST(FloatFormatsTest, NaNPayloads) {
  // A signalling FP32 NaN whose payload truncates to zero becomes quiet.
  ExactNumber snan = DecodeFloat(DataType::kFP32, 0x7F800001u);
  ASSERT_TRUE(snan.IsNaN());
  EXPECT_EQ(EncodeFloat(DataType::kFP16, snan, RoundMode::kRint, false), 0x7E00u);
  ExactNumber payload = DecodeFloat(DataType::kFP32, 0xFFA00000u);  // -sNaN, payload 01...
  EXPECT_EQ(EncodeFloat(DataType::kFP16, payload, RoundMode::kRint, false), 0xFD00u);
  EXPECT_EQ(EncodeFloat(DataType::kFP8E4M3FN, payload, RoundMode::kRint, false), 0xFFu);
  EXPECT_EQ(EncodeFloat(DataType::kHF8, payload, RoundMode::kRint, false), 0x80u);
  EXPECT_EQ(EncodeFloat(DataType::kFP8E5M2, payload, RoundMode::kRint, false), 0xFDu);
}

TEST(FloatFormatsTest, WideIntegersRoundOnce) {
  EXPECT_EQ(EncodeFloat(DataType::kFP32, ExactNumber::FromInt((1 << 24) + 1), RoundMode::kRint,
                        false),
            FloatBits(16777216.0f));
  EXPECT_EQ(EncodeFloat(DataType::kFP32, ExactNumber::FromInt((1 << 24) + 1), RoundMode::kCeil,
                        false),
            FloatBits(16777218.0f));
  // 2^53 + 1 rounds once to FP32, where a double detour would round twice.
  int64_t v = (int64_t{1} << 40) + (int64_t{1} << 16) + 1;  // just above an FP32 midpoint
  EXPECT_EQ(EncodeFloat(DataType::kFP32, ExactNumber::FromInt(v), RoundMode::kRint, false),
            FloatBits(static_cast<float>((int64_t{1} << 40) + (int64_t{1} << 17))));
  EXPECT_EQ(EncodeFloat(DataType::kFP32, ExactNumber::FromInt(INT64_MIN), RoundMode::kRint, false),
            FloatBits(-9223372036854775808.0f));
  EXPECT_EQ(EncodeFloat(DataType::kBF16, ExactNumber::FromUInt(UINT64_MAX), RoundMode::kTrunc,
                        false),
            0x5F7Fu);
}

TEST(FloatFormatsTest, OrdinalsCountUlps) {
  EXPECT_EQ(FloatOrdinal(DataType::kFP16, 0x3C00) - FloatOrdinal(DataType::kFP16, 0x3BFF), 1);
  EXPECT_EQ(FloatOrdinal(DataType::kFP16, 0x0001) - FloatOrdinal(DataType::kFP16, 0x8001), 2);
  EXPECT_EQ(FloatOrdinal(DataType::kFP16, 0x8000), 0);
  EXPECT_EQ(FloatOrdinal(DataType::kHF8, 0x09) - FloatOrdinal(DataType::kHF8, 0x08), 1);
  EXPECT_EQ(FloatOrdinal(DataType::kHF8, 0x7E) - FloatOrdinal(DataType::kHF8, 0x07), 1);
  EXPECT_EQ(FloatOrdinal(DataType::kFP32, FloatBits(1.0f)) -
                FloatOrdinal(DataType::kFP32, FloatBits(-1.0f)),
            2 * int64_t{FloatBits(1.0f)});
}

}  // namespace
}  // namespace pto::sim
