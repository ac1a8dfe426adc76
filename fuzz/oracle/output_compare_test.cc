#include "fuzz/oracle/output_compare.h"

#include <cstring>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace pto::fuzz {
namespace {

using ::testing::HasSubstr;
using ir::DataType;

uint64_t Fp32(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  return bits;
}

// A [1, 3] buffer holding `values`; elements past them stay undefined.
sim::BufferView Buffer(DataType dtype, std::initializer_list<uint64_t> values) {
  sim::BufferView b = sim::AllocateBuffer(dtype, {1, 3}, false);
  int64_t i = 0;
  for (uint64_t v : values) sim::StoreBits(b, sim::BitOffset(b, {0, i++}), v);
  return b;
}

TEST(OutputCompareTest, ExactNeedsEqualCodes) {
  sim::BufferView a = Buffer(DataType::kInt32, {1, 2, 3});
  EXPECT_FALSE(CompareOutput(a, Buffer(DataType::kInt32, {1, 2, 3}), ValueBound::Exact(), nullptr));
  std::optional<std::string> diff =
      CompareOutput(a, Buffer(DataType::kInt32, {1, 5, 3}), ValueBound::Exact(), nullptr);
  ASSERT_TRUE(diff);
  EXPECT_THAT(*diff, HasSubstr("element [0, 1] of INT32: original 2"));
  EXPECT_THAT(*diff, HasSubstr("lowered 5"));
}

TEST(OutputCompareTest, UndefinedPositionsMustMatch) {
  sim::BufferView a = Buffer(DataType::kFP32, {Fp32(1), Fp32(2)});
  EXPECT_FALSE(CompareOutput(a, Buffer(DataType::kFP32, {Fp32(1), Fp32(2)}), ValueBound::Opaque(),
                             nullptr));
  std::optional<std::string> diff = CompareOutput(
      a, Buffer(DataType::kFP32, {Fp32(1), Fp32(2), Fp32(3)}), ValueBound::Opaque(), nullptr);
  ASSERT_TRUE(diff);
  EXPECT_THAT(*diff, HasSubstr("element [0, 2]"));
  EXPECT_THAT(*diff, HasSubstr("original undefined"));
}

TEST(OutputCompareTest, ApproxAllowsTheBound) {
  sim::BufferView a = Buffer(DataType::kFP32, {Fp32(0.5f), Fp32(1.0f), Fp32(NAN)});
  sim::BufferView close = Buffer(DataType::kFP32, {Fp32(0.5f + 2e-7f), Fp32(1.0f), Fp32(NAN)});
  EXPECT_FALSE(CompareOutput(a, close, ValueBound::Approx(3e-7, 1.0), nullptr));
  std::optional<std::string> diff = CompareOutput(a, close, ValueBound::Approx(1e-7, 1.0), nullptr);
  ASSERT_TRUE(diff);
  EXPECT_THAT(*diff, HasSubstr("allowed error 1e-07"));
  sim::BufferView nan_vs_value = Buffer(DataType::kFP32, {Fp32(0.5f), Fp32(1.0f), Fp32(1.0f)});
  EXPECT_TRUE(CompareOutput(a, nan_vs_value, ValueBound::Approx(1e-5, 1.0), nullptr));
}

TEST(OutputCompareTest, NearCastReadsTheSource) {
  ValueBound b;
  b.kind = ValueBound::Kind::kNearCast;
  b.cast_src = DataType::kFP32;
  b.cast_dst = DataType::kFP16;
  b.cast_saturate = true;
  sim::BufferView source = Buffer(DataType::kFP32, {Fp32(1.0f), Fp32(2.0f)});
  sim::BufferView a = Buffer(DataType::kFP16, {0x3C00, 0x4000});
  EXPECT_FALSE(CompareOutput(a, Buffer(DataType::kFP16, {0x3C01, 0x4000}), b, &source));
  std::optional<std::string> diff =
      CompareOutput(a, Buffer(DataType::kFP16, {0x3C00, 0x4002}), b, &source);
  ASSERT_TRUE(diff);
  EXPECT_THAT(*diff, HasSubstr("cast FP32 -> FP16 of source 2"));
}

}  // namespace
}  // namespace pto::fuzz
