#include "sim/numerics/element_convert.h"

#include <cmath>
#include <cstring>

#include "gtest/gtest.h"
#include "sim/numerics/float_formats.h"

namespace pto::sim {
namespace {

using ir::DataType;
using ir::RoundMode;

uint64_t F32(float f) {
  uint32_t b;
  std::memcpy(&b, &f, sizeof(b));
  return b;
}

uint64_t Cast(DataType src, DataType dst, uint64_t bits, RoundMode mode, bool sat) {
  return CastElement({src, dst, mode, sat}, bits);
}

TEST(ElementConvertTest, FloatToIntRoundsPerMode) {
  struct Case {
    float in;
    RoundMode mode;
    int64_t out;
  };
  const Case cases[] = {
      {2.5f, RoundMode::kRint, 2},   {3.5f, RoundMode::kRint, 4},   {2.5f, RoundMode::kNone, 2},
      {2.5f, RoundMode::kRound, 3},  {-2.5f, RoundMode::kRound, -3}, {-2.5f, RoundMode::kRint, -2},
      {2.7f, RoundMode::kFloor, 2},  {-2.2f, RoundMode::kFloor, -3}, {2.2f, RoundMode::kCeil, 3},
      {-2.7f, RoundMode::kCeil, -2}, {-2.7f, RoundMode::kTrunc, -2}, {2.2f, RoundMode::kOdd, 3},
      {4.0f, RoundMode::kOdd, 4},    {-4.5f, RoundMode::kOdd, -5},
  };
  for (const Case& c : cases) {
    uint64_t got = Cast(DataType::kFP32, DataType::kInt32, F32(c.in), c.mode, true);
    EXPECT_EQ(static_cast<int32_t>(got), c.out) << c.in << " mode " << static_cast<int>(c.mode);
  }
}

TEST(ElementConvertTest, IntegerSaturationAndWrap) {
  // Saturating clamps; non-saturating wraps the exact rounded integer.
  EXPECT_EQ(Cast(DataType::kFP32, DataType::kInt8, F32(300.7f), RoundMode::kTrunc, true), 0x7Fu);
  EXPECT_EQ(Cast(DataType::kFP32, DataType::kInt8, F32(-300.7f), RoundMode::kTrunc, true), 0x80u);
  EXPECT_EQ(Cast(DataType::kFP32, DataType::kInt8, F32(300.7f), RoundMode::kTrunc, false),
            300u & 0xFF);
  EXPECT_EQ(Cast(DataType::kFP32, DataType::kInt8, F32(-300.7f), RoundMode::kTrunc, false),
            static_cast<uint64_t>(-300) & 0xFF);
  EXPECT_EQ(Cast(DataType::kFP32, DataType::kUInt8, F32(-1.0f), RoundMode::kRint, true), 0u);
  EXPECT_EQ(Cast(DataType::kFP32, DataType::kUInt8, F32(-1.0f), RoundMode::kRint, false), 0xFFu);
  // 2^70 wraps to 0 in every width; 2^40 + 5 keeps its low bits.
  EXPECT_EQ(Cast(DataType::kFP32, DataType::kInt64, F32(std::ldexp(1.0f, 70)), RoundMode::kRint,
                 false),
            0u);
  EXPECT_EQ(Cast(DataType::kFP32, DataType::kInt64, F32(std::ldexp(1.0f, 70)), RoundMode::kRint,
                 true),
            0x7FFFFFFFFFFFFFFFu);
  EXPECT_EQ(Cast(DataType::kFP32, DataType::kInt64, F32(-std::ldexp(1.0f, 70)), RoundMode::kRint,
                 true),
            0x8000000000000000u);
  EXPECT_EQ(Cast(DataType::kInt64, DataType::kInt16, (uint64_t{1} << 40) + 5, RoundMode::kRint,
                 false),
            5u);
  EXPECT_EQ(Cast(DataType::kInt64, DataType::kInt16, (uint64_t{1} << 40) + 5, RoundMode::kRint,
                 true),
            0x7FFFu);
  EXPECT_EQ(Cast(DataType::kInt16, DataType::kUInt32, 0xFFFB, RoundMode::kRint, true), 0u);
  EXPECT_EQ(Cast(DataType::kInt16, DataType::kUInt32, 0xFFFB, RoundMode::kRint, false),
            0xFFFFFFFBu);
  EXPECT_EQ(Cast(DataType::kUInt32, DataType::kInt16, 0xFFFFFFFF, RoundMode::kRint, true),
            0x7FFFu);
  // INT4 is a nibble.
  EXPECT_EQ(Cast(DataType::kFP16, DataType::kInt4, 0x4A00 /*12*/, RoundMode::kRint, true), 0x7u);
  EXPECT_EQ(Cast(DataType::kFP16, DataType::kInt4, 0x4A00, RoundMode::kRint, false), 0xCu);
  EXPECT_EQ(DecodeElement(DataType::kInt4, 0xC).ToDouble(), -4.0);
}

TEST(ElementConvertTest, NonFiniteToInteger) {
  uint64_t nan = F32(std::nanf(""));
  uint64_t inf = F32(HUGE_VALF);
  EXPECT_EQ(Cast(DataType::kFP32, DataType::kInt32, nan, RoundMode::kRint, true), 0u);
  EXPECT_EQ(Cast(DataType::kFP32, DataType::kInt32, nan, RoundMode::kRint, false), 0u);
  EXPECT_EQ(Cast(DataType::kFP32, DataType::kInt32, inf, RoundMode::kRint, true), 0x7FFFFFFFu);
  EXPECT_EQ(Cast(DataType::kFP32, DataType::kInt32, F32(-HUGE_VALF), RoundMode::kRint, true),
            0x80000000u);
  EXPECT_EQ(Cast(DataType::kFP32, DataType::kInt32, inf, RoundMode::kRint, false), 0u);
}

TEST(ElementConvertTest, IntToFloatIsOneRounding) {
  // INT32 -> FP16: 65519 rounds down, 65520 overflows to Inf (IEEE).
  EXPECT_EQ(Cast(DataType::kInt32, DataType::kFP16, 65519, RoundMode::kRint, false), 0x7BFFu);
  EXPECT_EQ(Cast(DataType::kInt32, DataType::kFP16, 65520, RoundMode::kRint, false), 0x7C00u);
  EXPECT_EQ(Cast(DataType::kInt32, DataType::kFP16, 65520, RoundMode::kRint, true), 0x7BFFu);
  EXPECT_EQ(Cast(DataType::kInt32, DataType::kFP32, 16777217, RoundMode::kNone, false),
            F32(16777216.0f));
  EXPECT_EQ(Cast(DataType::kUInt64, DataType::kFP32, ~uint64_t{0}, RoundMode::kRint, false),
            F32(18446744073709551616.0f));
}

TEST(ElementConvertTest, BoolEndpoints) {
  EXPECT_EQ(Cast(DataType::kFP32, DataType::kBool, F32(0.25f), RoundMode::kRint, true), 1u);
  EXPECT_EQ(Cast(DataType::kFP32, DataType::kBool, F32(-0.0f), RoundMode::kRint, true), 0u);
  EXPECT_EQ(Cast(DataType::kBool, DataType::kFP32, 1, RoundMode::kRint, true), F32(1.0f));
  EXPECT_EQ(IntMin(DataType::kIndex), INT64_MIN);
  EXPECT_EQ(IntMax(DataType::kUInt64), ~uint64_t{0});
}

}  // namespace
}  // namespace pto::sim
