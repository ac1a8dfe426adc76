// Tests of elementwise.cc: tile/tensor arithmetic kernels.

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/substitute.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "sim/interp/test_util.h"

namespace pto::sim {
namespace {

using ir::DataType;
using ::testing::HasSubstr;
using testing::Buffer;
using testing::Codes;
using testing::SimProgram;
using testing::Values;

std::string Shape(const Dims& d) {
  std::string s = "[";
  for (size_t i = 0; i < d.size(); ++i) s += (i ? ", " : "") + std::to_string(d[i]);
  return s + "]";
}

struct Operand {
  DataType dtype;
  Dims shape;
  std::vector<double> values;
};

// Runs `out = pl.tile.<op>(load(a), load(b))` (or a scalar rhs `scalar`)
// and returns the output tensor.
absl::StatusOr<BufferView> RunBinary(absl::string_view op, const Operand& a, const Operand& b,
                                     DataType out_dtype, const Dims& out_shape,
                                     absl::string_view scalar = "") {
  std::string rhs_param = scalar.empty()
                              ? absl::Substitute("b: pl.Tensor[$0, pl.$1], ", Shape(b.shape),
                                                 b.dtype.name())
                              : "";
  std::string rhs_load = scalar.empty()
                             ? absl::Substitute(
                                   "tb = pl.tile.load(b, [0, 0], $0, $0, target_memory=pl.Mem.Vec)",
                                   Shape(b.shape))
                             : "tb = 0";
  std::string rhs = scalar.empty() ? "tb" : std::string(scalar);
  SimProgram p(absl::Substitute(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, a: pl.Tensor[$0, pl.$1], $2out: pl.Out[pl.Tensor[$3, pl.$4]]) -> pl.Tensor[$3, pl.$4]:
        ta = pl.tile.load(a, [0, 0], $0, $0, target_memory=pl.Mem.Vec)
        $5
        u = pl.tile.$6(ta, $7)
        r = pl.tile.store(u, [0, 0], out)
        return r)",
                                Shape(a.shape), a.dtype.name(), rhs_param, Shape(out_shape),
                                out_dtype.name(), rhs_load, op, rhs));
  BufferView out = testing::Undefined(out_dtype, out_shape);
  std::vector<Value> args = {Value::Of(Buffer(a.dtype, a.shape, a.values))};
  if (scalar.empty()) args.push_back(Value::Of(Buffer(b.dtype, b.shape, b.values)));
  args.push_back(Value::Of(out));
  absl::StatusOr<std::vector<Value>> r = p.Run("k", args);
  if (!r.ok()) return r.status();
  return out;
}

TEST(ElementwiseTest, Fp32IsExactIeeeSingle) {
  std::vector<double> x = {0.1, 1e30, -3.5, 1.0 / 3.0, 7e-39, 16777217.0};
  std::vector<double> y = {0.2, 1e30, 1e-8, 3.0, 1e-3, 1.0};
  for (absl::string_view op : {"add", "sub", "mul", "div"}) {
    absl::StatusOr<BufferView> out = RunBinary(op, {DataType::kFP32, {1, 6}, x},
                                               {DataType::kFP32, {1, 6}, y}, DataType::kFP32,
                                               {1, 6});
    ASSERT_TRUE(out.ok()) << out.status().message();
    std::vector<double> got = Values(*out);
    for (size_t i = 0; i < x.size(); ++i) {
      float a = static_cast<float>(x[i]);
      float b = static_cast<float>(y[i]);
      float want = op == "add" ? a + b : op == "sub" ? a - b : op == "mul" ? a * b : a / b;
      EXPECT_EQ(got[i], static_cast<double>(want)) << op << " " << i;
    }
  }
}

TEST(ElementwiseTest, BroadcastingRightAligned) {
  absl::StatusOr<BufferView> rows = RunBinary("add", {DataType::kFP32, {2, 4}, {1, 2, 3, 4, 5, 6, 7, 8}},
                                              {DataType::kFP32, {1, 4}, {10, 20, 30, 40}},
                                              DataType::kFP32, {2, 4});
  ASSERT_TRUE(rows.ok()) << rows.status().message();
  EXPECT_THAT(Values(*rows), ::testing::ElementsAre(11, 22, 33, 44, 15, 26, 37, 48));
  absl::StatusOr<BufferView> cols = RunBinary("mul", {DataType::kFP32, {2, 4}, {1, 2, 3, 4, 5, 6, 7, 8}},
                                              {DataType::kFP32, {2, 1}, {10, -1}},
                                              DataType::kFP32, {2, 4});
  ASSERT_TRUE(cols.ok()) << cols.status().message();
  EXPECT_THAT(Values(*cols), ::testing::ElementsAre(10, 20, 30, 40, -5, -6, -7, -8));
}

TEST(ElementwiseTest, NarrowFloatsRoundHalfToEven) {
  // FP16: 1 + 2^-11 is a tie between 1 and 1 + 2^-10 -> 1 (even); 2^-11 * 3 -> up.
  double tie = std::ldexp(1.0, -11);
  absl::StatusOr<BufferView> out =
      RunBinary("add", {DataType::kFP16, {1, 2}, {1.0, 1.0}},
                {DataType::kFP16, {1, 2}, {tie, 3 * tie}}, DataType::kFP16, {1, 2});
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_THAT(Codes(*out), ::testing::ElementsAre(0x3C00u, 0x3C02u));
  // FP16 overflow gives Inf.
  out = RunBinary("mul", {DataType::kFP16, {1, 1}, {60000}}, {DataType::kFP16, {1, 1}, {2}},
                  DataType::kFP16, {1, 1});
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(Codes(*out)[0], 0x7C00u);
  // BF16 product.
  out = RunBinary("mul", {DataType::kBF16, {1, 1}, {1.0078125}}, {DataType::kBF16, {1, 1}, {1.0078125}},
                  DataType::kBF16, {1, 1});
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(Values(*out)[0], 1.015625);  // 1.01568603515625 rounds to 1 + 2/128
}

TEST(ElementwiseTest, IntegersWrapAndDivisionTruncates) {
  absl::StatusOr<BufferView> out = RunBinary("add", {DataType::kInt8, {1, 3}, {127, -128, 100}},
                                             {DataType::kInt8, {1, 3}, {1, -1, 100}},
                                             DataType::kInt8, {1, 3});
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_THAT(Values(*out), ::testing::ElementsAre(-128, 127, -56));
  out = RunBinary("div", {DataType::kInt32, {1, 4}, {-7, 7, -2147483648.0, 9}},
                  {DataType::kInt32, {1, 4}, {2, -2, -1, 3}}, DataType::kInt32, {1, 4});
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_THAT(Values(*out), ::testing::ElementsAre(-3, -3, -2147483648.0, 3));
  out = RunBinary("div", {DataType::kInt16, {1, 2}, {1, 2}}, {DataType::kInt16, {1, 2}, {1, 0}},
                  DataType::kInt16, {1, 2});
  ASSERT_FALSE(out.ok());
  EXPECT_THAT(out.status().message(), HasSubstr("tile.div: integer division by zero"));
  out = RunBinary("mul", {DataType::kUInt16, {1, 1}, {300}}, {DataType::kUInt16, {1, 1}, {300}},
                  DataType::kUInt16, {1, 1});
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(Values(*out)[0], 90000 % 65536);
}

TEST(ElementwiseTest, FourAndEightBitFormats) {
  // INT4 wraps in its nibble: 7 + 1 = -8; -8 - 1 = 7.
  absl::StatusOr<BufferView> i4 = RunBinary("add", {DataType::kInt4, {1, 2}, {7, -8}},
                                            {DataType::kInt4, {1, 2}, {1, -1}}, DataType::kInt4,
                                            {1, 2});
  ASSERT_TRUE(i4.ok()) << i4.status().message();
  EXPECT_THAT(Values(*i4), ::testing::ElementsAre(-8, 7));
  // FP8E4M3FN: 448 + 32 = 480 lies beyond the largest finite value (its code
  // is the NaN), so the result overflows to NaN; 1 + 1/16 ties to even, 1.
  // HF8 and FP4 round the float results to their grids.
  absl::StatusOr<BufferView> e4 = RunBinary("add", {DataType::kFP8E4M3FN, {1, 2}, {448, 1}},
                                            {DataType::kFP8E4M3FN, {1, 2}, {32, 0.0625}},
                                            DataType::kFP8E4M3FN, {1, 2});
  ASSERT_TRUE(e4.ok()) << e4.status().message();
  EXPECT_TRUE(std::isnan(Values(*e4)[0]));
  EXPECT_EQ(Codes(*e4)[0], 0x7Fu);
  EXPECT_EQ(Values(*e4)[1], 1.0);
  absl::StatusOr<BufferView> hf8 = RunBinary("mul", {DataType::kHF8, {1, 2}, {3, 1.5}},
                                             {DataType::kHF8, {1, 2}, {3, 1.5}}, DataType::kHF8,
                                             {1, 2});
  ASSERT_TRUE(hf8.ok()) << hf8.status().message();
  EXPECT_THAT(Values(*hf8), ::testing::ElementsAre(9, 2.25));
  absl::StatusOr<BufferView> fp4 = RunBinary("add", {DataType::kFP4, {1, 2}, {1.5, 4}},
                                             {DataType::kFP4, {1, 2}, {1, 1}}, DataType::kFP4,
                                             {1, 2});
  ASSERT_TRUE(fp4.ok()) << fp4.status().message();
  EXPECT_THAT(Values(*fp4), ::testing::ElementsAre(2, 4));  // 2.5 ties to 2, 5 ties to 4
}

TEST(ElementwiseTest, MaxMinPropagateNaNAndOrderZeros) {
  double nan = std::numeric_limits<double>::quiet_NaN();
  absl::StatusOr<BufferView> mx = RunBinary("maximum", {DataType::kFP32, {1, 4}, {nan, 1, -0.0, 3}},
                                            {DataType::kFP32, {1, 4}, {1, nan, 0.0, -3}},
                                            DataType::kFP32, {1, 4});
  ASSERT_TRUE(mx.ok()) << mx.status().message();
  std::vector<double> v = Values(*mx);
  EXPECT_TRUE(std::isnan(v[0]));
  EXPECT_TRUE(std::isnan(v[1]));
  EXPECT_EQ(v[2], 0.0);
  EXPECT_FALSE(std::signbit(v[2]));
  EXPECT_EQ(v[3], 3.0);
  absl::StatusOr<BufferView> mn = RunBinary("minimum", {DataType::kFP32, {1, 2}, {0.0, 5}},
                                            {DataType::kFP32, {1, 2}, {-0.0, -5}},
                                            DataType::kFP32, {1, 2});
  ASSERT_TRUE(mn.ok());
  EXPECT_TRUE(std::signbit(Values(*mn)[0]));
  EXPECT_EQ(Values(*mn)[1], -5.0);
}

TEST(ElementwiseTest, ScalarOperandIsConvertedToTheTileDtype) {
  // 0.1 is first rounded to FP16 (0.0999755859375), then added.
  absl::StatusOr<BufferView> out = RunBinary("adds", {DataType::kFP16, {1, 1}, {0.0}}, {}, DataType::kFP16,
                                             {1, 1}, "0.1");
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_EQ(Values(*out)[0], 0.0999755859375);
  out = RunBinary("muls", {DataType::kInt32, {1, 2}, {3, -3}}, {}, DataType::kInt32, {1, 2},
                  "pl.const(5, pl.INT32)");
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_THAT(Values(*out), ::testing::ElementsAre(15, -15));
  out = RunBinary("maximums", {DataType::kFP32, {1, 2}, {3, -3}}, {}, DataType::kFP32, {1, 2}, "0.0");
  ASSERT_TRUE(out.ok());
  EXPECT_THAT(Values(*out), ::testing::ElementsAre(3, 0));
  out = RunBinary("divs", {DataType::kInt16, {1, 1}, {3}}, {}, DataType::kInt16, {1, 1},
                  "pl.const(0, pl.INT16)");
  ASSERT_FALSE(out.ok());
  EXPECT_THAT(out.status().message(), HasSubstr("tile.divs: integer division by zero"));
}

TEST(ElementwiseTest, NegAbsAndValidRegion) {
  SimProgram p(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, a: pl.Tensor[[2, 4], pl.INT8], out: pl.Out[pl.Tensor[[2, 4], pl.INT8]], out2: pl.Out[pl.Tensor[[2, 4], pl.INT8]]) -> pl.Tensor[[2, 4], pl.INT8]:
        t = pl.tile.load(a, [0, 0], [2, 4], [2, 3], target_memory=pl.Mem.Vec)
        n = pl.tile.neg(t)
        m = pl.tile.abs(t)
        r = pl.tile.store(n, [0, 0], out)
        r2 = pl.tile.store(m, [0, 0], out2)
        return r)");
  BufferView a = Buffer(DataType::kInt8, {2, 4}, {-128, -5, 7, 9});
  BufferView out = Buffer(DataType::kInt8, {2, 4}, {42});
  BufferView out2 = Buffer(DataType::kInt8, {2, 4}, {42});
  ASSERT_TRUE(p.Run("k", {Value::Of(a), Value::Of(out), Value::Of(out2)}).ok());
  // Only the valid [2, 3] part is written; column 3 keeps its old value.
  EXPECT_THAT(Values(out), ::testing::ElementsAre(-128, 5, -7, 42, -128, 5, -7, 42));
  EXPECT_THAT(Values(out2), ::testing::ElementsAre(-128, 5, 7, 42, -128, 5, 7, 42));
}

TEST(ElementwiseTest, TensorFormsPromoteWithTheScalar) {
  SimProgram p(R"(
    @pl.function
    def f(self, a: pl.Tensor[[2, 2], pl.INT32], b: pl.Tensor[[2, 2], pl.INT32]) -> tuple[pl.Tensor[[2, 2], pl.FP32], pl.Tensor[[2, 2], pl.INT32], pl.Tensor[[2, 2], pl.INT32]]:
        x = pl.tensor.adds(a, 0.5)
        y = pl.tensor.sub(a, b)
        z = pl.tensor.maximum(a, pl.const(2, pl.INT32))
        return x, y, z)");
  BufferView a = Buffer(DataType::kInt32, {2, 2}, {1, 2, 3, 4});
  BufferView b = Buffer(DataType::kInt32, {2, 2}, {4, 3, 2, 1});
  absl::StatusOr<std::vector<Value>> r = p.Run("f", {Value::Of(a), Value::Of(b)});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(testing::BufferOf((*r)[0]).dtype, DataType::kFP32);
  EXPECT_THAT(Values(testing::BufferOf((*r)[0])), ::testing::ElementsAre(1.5, 2.5, 3.5, 4.5));
  EXPECT_THAT(Values(testing::BufferOf((*r)[1])), ::testing::ElementsAre(-3, -1, 1, 3));
  EXPECT_THAT(Values(testing::BufferOf((*r)[2])), ::testing::ElementsAre(2, 2, 3, 4));
}

}  // namespace
}  // namespace pto::sim
