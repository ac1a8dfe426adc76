// Tests of composite.cc: the reference sine and cosine.

#include <cmath>
#include <cstring>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "sim/interp/test_util.h"

namespace pto::sim {
namespace {

using ir::DataType;
using testing::Buffer;
using testing::SimProgram;
using testing::Values;

TEST(CompositeTest, SinCosAreDoubleResultsRoundedToFloat) {
  SimProgram p(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[1, 8], pl.FP32], s: pl.Out[pl.Tensor[[1, 8], pl.FP32]], c: pl.Out[pl.Tensor[[1, 8], pl.FP32]]) -> pl.Tensor[[1, 8], pl.FP32]:
        t = pl.tile.load(x, [0, 0], [1, 8], [1, 8], target_memory=pl.Mem.Vec)
        a = pl.tile.sin(t)
        b = pl.tile.cos(t)
        r = pl.tile.store(a, [0, 0], s)
        r2 = pl.tile.store(b, [0, 0], c)
        return r)");
  std::vector<double> x = {0.0, -0.0, 1.0, -3.14159, 1e6, 6433.0, NAN, INFINITY};
  BufferView s = testing::Undefined(DataType::kFP32, {1, 8});
  BufferView c = testing::Undefined(DataType::kFP32, {1, 8});
  ASSERT_TRUE(p.Run("k", {Value::Of(Buffer(DataType::kFP32, {1, 8}, x)), Value::Of(s), Value::Of(c)}).ok());
  std::vector<double> vs = Values(s), vc = Values(c);
  for (size_t i = 0; i < 6; ++i) {
    float f = static_cast<float>(x[i]);
    EXPECT_EQ(vs[i], static_cast<double>(static_cast<float>(std::sin(static_cast<double>(f))))) << i;
    EXPECT_EQ(vc[i], static_cast<double>(static_cast<float>(std::cos(static_cast<double>(f))))) << i;
  }
  EXPECT_TRUE(std::signbit(vs[1]));
  EXPECT_TRUE(std::isnan(vs[6]) && std::isnan(vc[6]) && std::isnan(vs[7]) && std::isnan(vc[7]));
}

TEST(CompositeTest, TensorForms) {
  SimProgram p(R"(
    @pl.function
    def f(self, x: pl.Tensor[[4], pl.FP32]) -> tuple[pl.Tensor[[4], pl.FP32], pl.Tensor[[4], pl.FP32]]:
        a = pl.tensor.sin(x)
        b = pl.tensor.cos(x)
        return a, b)");
  auto r = p.Run("f", {Value::Of(Buffer(DataType::kFP32, {4}, {0, 1, 2, 3}))});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(Values(testing::BufferOf((*r)[0]))[2], static_cast<double>(static_cast<float>(std::sin(2.0))));
  EXPECT_EQ(Values(testing::BufferOf((*r)[1]))[3], static_cast<double>(static_cast<float>(std::cos(3.0))));
}

}  // namespace
}  // namespace pto::sim
