#include "sim/numerics/scalar.h"

#include <cmath>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace pto::sim {
namespace {

using ir::BinaryOp;
using ir::DataType;
using ir::UnaryOp;
using ::testing::HasSubstr;

Scalar I(int64_t v, DataType t = DataType::kIndex) { return Scalar::Int(t, v); }
Scalar F(double v, DataType t = DataType::kFP32) { return Scalar::Float(t, v); }

int64_t IntOf(absl::StatusOr<Scalar> s) {
  EXPECT_TRUE(s.ok()) << s.status().message();
  return s.ok() ? s->i : -12345;
}
double FloatOf(absl::StatusOr<Scalar> s) {
  EXPECT_TRUE(s.ok()) << s.status().message();
  return s.ok() ? s->f : -12345;
}

TEST(ScalarTest, IntegerArithmeticFloorsAndWraps) {
  EXPECT_EQ(IntOf(EvalBinary(BinaryOp::kFloorDiv, I(-7), I(2), DataType::kIndex)), -4);
  EXPECT_EQ(IntOf(EvalBinary(BinaryOp::kFloorMod, I(-7), I(2), DataType::kIndex)), 1);
  EXPECT_EQ(IntOf(EvalBinary(BinaryOp::kFloorMod, I(7), I(-2), DataType::kIndex)), -1);
  EXPECT_EQ(IntOf(EvalBinary(BinaryOp::kAdd, I(127, DataType::kInt8), I(1, DataType::kInt8),
                             DataType::kInt8)),
            -128);
  EXPECT_EQ(IntOf(EvalBinary(BinaryOp::kPow, I(-2), I(3), DataType::kIndex)), -8);
  EXPECT_EQ(IntOf(EvalBinary(BinaryOp::kShr, I(-8), I(1), DataType::kIndex)), -4);
  EXPECT_EQ(IntOf(EvalBinary(BinaryOp::kShl, I(1), I(62), DataType::kIndex)), int64_t{1} << 62);
  EXPECT_EQ(IntOf(EvalBinary(BinaryOp::kMin, I(3), I(-3), DataType::kIndex)), -3);
  EXPECT_EQ(IntOf(EvalBinary(BinaryOp::kBitXor, I(6), I(3), DataType::kIndex)), 5);
  // UINT64 compares unsigned.
  Scalar big = Scalar::Int(DataType::kUInt64, -1);
  EXPECT_EQ(IntOf(EvalBinary(BinaryOp::kGt, big, Scalar::Int(DataType::kUInt64, 1),
                             DataType::kBool)),
            1);
}

TEST(ScalarTest, IntegerErrors) {
  auto div = EvalBinary(BinaryOp::kFloorDiv, I(1), I(0), DataType::kIndex);
  ASSERT_FALSE(div.ok());
  EXPECT_THAT(div.status().message(), HasSubstr("integer // by zero"));
  auto shift = EvalBinary(BinaryOp::kShl, I(1, DataType::kInt32), I(32, DataType::kInt32),
                          DataType::kInt32);
  ASSERT_FALSE(shift.ok());
  EXPECT_THAT(shift.status().message(), HasSubstr("shift << by 32 is outside [0, 32)"));
  auto pow = EvalBinary(BinaryOp::kPow, I(2), I(-1), DataType::kIndex);
  ASSERT_FALSE(pow.ok());
  EXPECT_THAT(pow.status().message(), HasSubstr("negative exponent"));
}

TEST(ScalarTest, Fp32IsSinglePrecision) {
  // 0.1f + 0.2f in float is 0.30000001192..., not the double sum.
  double sum = FloatOf(EvalBinary(BinaryOp::kAdd, F(0.1), F(0.2), DataType::kFP32));
  EXPECT_EQ(sum, static_cast<double>(0.1f + 0.2f));
  EXPECT_EQ(FloatOf(EvalBinary(BinaryOp::kFloorDiv, F(-7), F(2), DataType::kFP32)), -4.0);
  EXPECT_EQ(FloatOf(EvalBinary(BinaryOp::kFloorMod, F(-7), F(2), DataType::kFP32)), 1.0);
  // FP16 results round to FP16.
  EXPECT_EQ(FloatOf(EvalBinary(BinaryOp::kAdd, F(1, DataType::kFP16),
                               F(std::ldexp(1.0, -11), DataType::kFP16), DataType::kFP16)),
            1.0);
}

TEST(ScalarTest, UnaryAndCasts) {
  EXPECT_EQ(IntOf(EvalUnary(UnaryOp::kNeg, I(-128, DataType::kInt8), DataType::kInt8)), -128);
  EXPECT_EQ(IntOf(EvalUnary(UnaryOp::kBitNot, I(0, DataType::kUInt8), DataType::kUInt8)), 255);
  EXPECT_EQ(IntOf(EvalUnary(UnaryOp::kNot, I(3), DataType::kBool)), 0);
  EXPECT_EQ(FloatOf(EvalUnary(UnaryOp::kAbs, F(-2.5), DataType::kFP32)), 2.5);
  EXPECT_EQ(CastScalar(F(-2.7), DataType::kInt32).i, -2);
  EXPECT_EQ(CastScalar(F(1e20), DataType::kInt32).i, 2147483647);
  EXPECT_EQ(CastScalar(F(NAN), DataType::kInt32).i, 0);
  EXPECT_EQ(CastScalar(I(300), DataType::kInt8).i, 44);
  EXPECT_EQ(CastScalar(I(16777217), DataType::kFP32).f, 16777216.0);
  EXPECT_EQ(CastScalar(F(0.1), DataType::kFP16).f, 0.0999755859375);
  EXPECT_EQ(Scalar::FromElementBits(DataType::kInt16, 0xFFFF).i, -1);
  EXPECT_EQ(Scalar::Int(DataType::kInt4, 9).i, -7);
  EXPECT_EQ(Scalar::Int(DataType::kInt4, 9).ToElementBits(), 9u);
}

}  // namespace
}  // namespace pto::sim
