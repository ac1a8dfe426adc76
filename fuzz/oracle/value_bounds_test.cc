#include "fuzz/oracle/value_bounds.h"

#include <cmath>
#include <cstring>

#include "backends/registry.h"
#include "gtest/gtest.h"

namespace pto::fuzz {
namespace {

using ir::DataType;
using Kind = ValueBound::Kind;

TEST(ValueBoundsTest, SinCosToleranceFollowsTheSpecRanges) {
  EXPECT_DOUBLE_EQ(SinCosTolerance(M_PI), 2.4e-7);
  EXPECT_DOUBLE_EQ(SinCosTolerance(static_cast<float>(M_PI)), 2.4e-7);
  EXPECT_DOUBLE_EQ(SinCosTolerance(4.0), 1e-5);
}

TEST(ValueBoundsTest, SinCosOfABoundedValueIsApprox) {
  ValueBound s = SinCosBound(ValueBound::Exact(M_PI));
  ASSERT_EQ(s.kind, Kind::kApprox);
  EXPECT_NEAR(s.error, 2.4e-7 + std::ldexp(1.0, -24), 1e-15);
  EXPECT_GT(s.magnitude, 1.0);
  EXPECT_LT(s.magnitude, 1.0 + 1e-6);
  // Input error carries through (sin is 1-Lipschitz).
  ValueBound s2 = SinCosBound(ValueBound::Approx(1e-6, 2.0));
  ASSERT_EQ(s2.kind, Kind::kApprox);
  EXPECT_NEAR(s2.error, 1e-6 + 2.4e-7 + std::ldexp(1.0, -24), 1e-15);
}

TEST(ValueBoundsTest, SinCosOutsideTheCheckedRangeIsOpaque) {
  EXPECT_EQ(SinCosBound(ValueBound::Exact(kSinCosMaxMagnitude * 2)).kind, Kind::kOpaque);
  EXPECT_EQ(SinCosBound(ValueBound::Exact()).kind, Kind::kOpaque);
  EXPECT_EQ(SinCosBound(ValueBound::Opaque()).kind, Kind::kOpaque);
}

TEST(ValueBoundsTest, ExactArithmeticStaysExact) {
  ValueBound b = BinaryBound("tile.add", ValueBound::Exact(1), ValueBound::Exact(2));
  EXPECT_EQ(b.kind, Kind::kExact);
  EXPECT_GE(b.magnitude, 3.0);
  EXPECT_EQ(BinaryBound("tile.mul", ValueBound::Exact(), ValueBound::Exact()).kind, Kind::kExact);
  EXPECT_EQ(BinaryBound("tile.div", ValueBound::Exact(1), ValueBound::Exact(1)).kind,
            Kind::kOpaque);
}

TEST(ValueBoundsTest, ApproxErrorPropagates) {
  ValueBound a = ValueBound::Approx(1e-7, 1.0);
  ValueBound sum = BinaryBound("tile.add", a, a);
  ASSERT_EQ(sum.kind, Kind::kApprox);
  EXPECT_NEAR(sum.error, 2e-7 + Fp32Ulp(sum.magnitude), 1e-15);
  ValueBound prod = BinaryBound("tile.mul", a, ValueBound::Exact(4));
  ASSERT_EQ(prod.kind, Kind::kApprox);
  EXPECT_GE(prod.error, 4e-7);
  ValueBound scaled = ScalarBound("tile.muls", a, -2.0);
  ASSERT_EQ(scaled.kind, Kind::kApprox);
  EXPECT_NEAR(scaled.error, 2e-7 + Fp32Ulp(scaled.magnitude), 1e-15);
  EXPECT_EQ(ScalarBound("tile.maximums", a, 5.0).magnitude, 5.0);
  EXPECT_EQ(UnaryBound(a).error, a.error);
}

TEST(ValueBoundsTest, ApproxTimesUnboundedIsOpaque) {
  ValueBound a = ValueBound::Approx(1e-7, 1.0);
  EXPECT_EQ(BinaryBound("tile.mul", a, ValueBound::Exact()).kind, Kind::kOpaque);
  EXPECT_EQ(BinaryBound("tile.add", a, ValueBound::Exact()).kind, Kind::kOpaque);
  EXPECT_EQ(ScalarBound("tile.muls", ValueBound::Approx(1e-6, 1.0), 1e3).kind, Kind::kOpaque);
}

TEST(ValueBoundsTest, JoinAndCovers) {
  ValueBound e = ValueBound::Exact(2);
  ValueBound a = ValueBound::Approx(1e-6, 1);
  EXPECT_EQ(Join(e, e).kind, Kind::kExact);
  ValueBound j = Join(e, a);
  EXPECT_EQ(j.kind, Kind::kApprox);
  EXPECT_EQ(j.magnitude, 2);
  EXPECT_EQ(j.error, 1e-6);
  EXPECT_EQ(SelectBound(ValueBound::Opaque(), e).kind, Kind::kOpaque);

  EXPECT_TRUE(Covers(ValueBound::Exact(4), e));
  EXPECT_FALSE(Covers(ValueBound::Exact(1), e));  // grew
  EXPECT_FALSE(Covers(ValueBound::Exact(4), a));  // exact does not admit approx
  EXPECT_TRUE(Covers(ValueBound::Approx(2e-6, 2), a));
  EXPECT_TRUE(Covers(ValueBound::Approx(2e-6, 2), e));
  EXPECT_FALSE(Covers(ValueBound::Approx(1e-7, 2), a));
  EXPECT_FALSE(Covers(ValueBound::Approx(1e-5, 2), ValueBound::Opaque()));
}

const backends::Backend& Arch(const char* name) { return **backends::FindBackend(name); }

TEST(ValueBoundsTest, CastBoundClassifiesChains) {
  bool reachable = false;
  const backends::Backend& a5 = Arch("a5");
  // Native: exact.
  ASSERT_TRUE(a5.IsNativeTcvt(DataType::kFP32, DataType::kFP16));
  EXPECT_EQ(CastBound(a5, ValueBound::Exact(), DataType::kFP32, DataType::kFP16,
                      ir::RoundMode::kRint, false, &reachable)
                .kind,
            Kind::kExact);
  EXPECT_TRUE(reachable);
  // INT32 -> FP32 -> FP16: FP32 rounds large INT32 first.
  ValueBound near = CastBound(a5, ValueBound::Exact(), DataType::kInt32, DataType::kFP16,
                              ir::RoundMode::kFloor, true, &reachable);
  EXPECT_TRUE(reachable);
  ASSERT_EQ(near.kind, Kind::kNearCast);
  EXPECT_EQ(near.cast_src, DataType::kInt32);
  EXPECT_EQ(near.cast_dst, DataType::kFP16);
  EXPECT_EQ(near.cast_mode, ir::RoundMode::kFloor);
  EXPECT_TRUE(near.cast_saturate);
  // A non-exact operand makes any cast opaque.
  EXPECT_EQ(CastBound(a5, ValueBound::Approx(1e-7, 1), DataType::kFP32, DataType::kFP16,
                      ir::RoundMode::kRint, false, &reachable)
                .kind,
            Kind::kOpaque);
  // No chain at all.
  CastBound(a5, ValueBound::Exact(), DataType::kBool, DataType::kFP16, ir::RoundMode::kRint,
            false, &reachable);
  EXPECT_FALSE(reachable);
}

ValueBound Near(DataType src, DataType dst, bool saturate) {
  ValueBound b;
  b.kind = Kind::kNearCast;
  b.cast_src = src;
  b.cast_dst = dst;
  b.cast_saturate = saturate;
  return b;
}

uint64_t Fp32(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  return bits;
}

TEST(ValueBoundsTest, NearCastAllowsOneUlp) {
  ValueBound fp16 = Near(DataType::kFP32, DataType::kFP16, true);
  uint64_t one = Fp32(1.0f);
  EXPECT_TRUE(NearCastAgrees(fp16, one, 0x3C00, 0x3C00));
  EXPECT_TRUE(NearCastAgrees(fp16, one, 0x3C00, 0x3C01));
  EXPECT_TRUE(NearCastAgrees(fp16, one, 0x3C00, 0x3BFF));
  EXPECT_FALSE(NearCastAgrees(fp16, one, 0x3C00, 0x3C02));
  // Largest finite and infinity are neighbours.
  EXPECT_TRUE(NearCastAgrees(fp16, Fp32(65519.f), 0x7BFF, 0x7C00));
  // NaN only matches NaN.
  EXPECT_TRUE(NearCastAgrees(fp16, Fp32(NAN), 0x7E00, 0x7E01));
  EXPECT_FALSE(NearCastAgrees(fp16, Fp32(NAN), 0x7E00, 0x3C00));
}

TEST(ValueBoundsTest, NearCastIntegerWrapAndSaturation) {
  uint64_t src = Fp32(127.49f);
  // Saturation off: 127 and -128 are one step apart modulo the wrap.
  EXPECT_TRUE(NearCastAgrees(Near(DataType::kFP32, DataType::kInt8, false), src, 0x7F, 0x80));
  EXPECT_FALSE(NearCastAgrees(Near(DataType::kFP32, DataType::kInt8, false), src, 0x7F, 0x81));
  // Saturation on: no wrap.
  EXPECT_FALSE(NearCastAgrees(Near(DataType::kFP32, DataType::kInt8, true), src, 0x7F, 0x80));
  EXPECT_TRUE(NearCastAgrees(Near(DataType::kFP32, DataType::kInt8, true), src, 0x7F, 0x7E));
  // Saturation off promises nothing for sources the destination cannot hold.
  EXPECT_TRUE(
      NearCastAgrees(Near(DataType::kFP32, DataType::kInt8, false), Fp32(70000.f), 0x70, 0x00));
  EXPECT_FALSE(
      NearCastAgrees(Near(DataType::kFP32, DataType::kInt8, true), Fp32(70000.f), 0x7F, 0x00));
}

}  // namespace
}  // namespace pto::fuzz
