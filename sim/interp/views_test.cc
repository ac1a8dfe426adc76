// Tests of views.cc: zero-copy views.

#include <cmath>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "sim/interp/test_util.h"

namespace pto::sim {
namespace {

using ir::DataType;
using testing::Buffer;
using testing::Codes;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::IndexValue;
using testing::Iota;
using testing::SimProgram;
using testing::Values;

TEST(ViewsTest, TransposeViewSharesStorage) {
  SimProgram p(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[2, 3], pl.FP32], out: pl.Out[pl.Tensor[[3, 2], pl.FP32]]) -> pl.Tensor[[3, 2], pl.FP32]:
        t = pl.tile.load(x, [0, 0], [2, 3], [2, 3], target_memory=pl.Mem.Vec)
        v = pl.tile.transpose_view(t)
        r = pl.tile.store(v, [0, 0], out)
        return r)");
  BufferView out = testing::Undefined(DataType::kFP32, {3, 2});
  ASSERT_TRUE(p.Run("k", {Value::Of(Buffer(DataType::kFP32, {2, 3}, Iota(6))), Value::Of(out)}).ok());
  EXPECT_THAT(Values(out), ElementsAre(0, 3, 1, 4, 2, 5));
}

TEST(ViewsTest, ReshapeKeepsRowMajorOrder) {
  SimProgram p(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[2, 3], pl.FP32], out: pl.Out[pl.Tensor[[3, 2], pl.FP32]]) -> pl.Tensor[[3, 2], pl.FP32]:
        t = pl.tile.load(x, [0, 0], [2, 3], [2, 3], target_memory=pl.Mem.Vec)
        v = pl.tile.reshape(t, [3, 2])
        r = pl.tile.store(v, [0, 0], out)
        return r)");
  BufferView out = testing::Undefined(DataType::kFP32, {3, 2});
  ASSERT_TRUE(p.Run("k", {Value::Of(Buffer(DataType::kFP32, {2, 3}, Iota(6))), Value::Of(out)}).ok());
  EXPECT_THAT(Values(out), ElementsAre(0, 1, 2, 3, 4, 5));
}

TEST(ViewsTest, ReinterpretViewReadsTheSameBytes) {
  SimProgram p(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[2, 2], pl.FP32], out: pl.Out[pl.Tensor[[2, 2], pl.INT32]], out8: pl.Out[pl.Tensor[[2, 8], pl.UINT8]]) -> pl.Tensor[[2, 2], pl.INT32]:
        t = pl.tile.load(x, [0, 0], [2, 2], [2, 2], target_memory=pl.Mem.Vec)
        v = pl.tile.reinterpret_view(t, dtype=pl.INT32)
        b = pl.tile.reinterpret_view(t, dtype=pl.UINT8)
        r = pl.tile.store(v, [0, 0], out)
        r8 = pl.tile.store(b, [0, 0], out8)
        return r)");
  BufferView out = testing::Undefined(DataType::kInt32, {2, 2});
  BufferView out8 = testing::Undefined(DataType::kUInt8, {2, 8});
  ASSERT_TRUE(p.Run("k", {Value::Of(Buffer(DataType::kFP32, {2, 2}, {1.0, -2.0, 0.5, 0.0})),
                          Value::Of(out), Value::Of(out8)})
                  .ok());
  EXPECT_THAT(Codes(out), ElementsAre(0x3F800000u, 0xC0000000u, 0x3F000000u, 0u));
  EXPECT_THAT(Codes(out8), ElementsAre(0, 0, 0x80, 0x3F, 0, 0, 0, 0xC0, 0, 0, 0, 0x3F, 0, 0, 0, 0));
}

TEST(ViewsTest, ReinterpretKeepsPoisonUndefined) {
  SimProgram p(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, out: pl.Out[pl.Tensor[[2, 4], pl.INT16]]) -> pl.Tensor[[2, 4], pl.INT16]:
        t = pl.tile.create([2, 2], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        v = pl.tile.reinterpret_view(t, dtype=pl.INT16)
        r = pl.tile.store(v, [0, 0], out)
        return r)");
  BufferView out = Buffer(DataType::kInt16, {2, 4}, {0});
  ASSERT_TRUE(p.Run("k", {Value::Of(out)}).ok());
  EXPECT_EQ(CountUndefinedInValid(out), 8);
  EXPECT_EQ(Codes(out)[0], 0xBABAu);  // stores write the destination dtype's poison
}

TEST(ViewsTest, SetValidShapeNarrowsAndChecksBounds) {
  SimProgram p(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[2, 4], pl.FP32], out: pl.Out[pl.Tensor[[2, 4], pl.FP32]], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[2, 4], pl.FP32]:
        t = pl.tile.load(x, [0, 0], [2, 4], [2, 4], target_memory=pl.Mem.Vec)
        v = pl.tile.set_validshape(t, 1, n)
        r = pl.tile.store(v, [0, 0], out)
        return r)");
  BufferView out = Buffer(DataType::kFP32, {2, 4}, {-1});
  ASSERT_TRUE(p.Run("k", {Value::Of(Buffer(DataType::kFP32, {2, 4}, Iota(8))),
                          Value::Of(out), IndexValue(3)})
                  .ok());
  EXPECT_THAT(Values(out), ElementsAre(0, 1, 2, -1, -1, -1, -1, -1));
  auto bad = p.Run("k", {Value::Of(Buffer(DataType::kFP32, {2, 4}, Iota(8))),
                         Value::Of(out), IndexValue(5)});
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(bad.status().message(), HasSubstr("tile.set_validshape: valid_cols 5 is outside [0, 4]"));
}

TEST(ViewsTest, TensorViewReshapesAndRelayouts) {
  SimProgram p(R"(
    @pl.function
    def f(self, x: pl.Tensor[[2, 6], pl.INT32]) -> tuple[pl.Tensor[[3, 4], pl.INT32], pl.Tensor[[6, 2], pl.INT32, pl.TensorView(stride=[1, 6], layout=pl.TensorLayout.DN)]]:
        a = pl.tensor.view(x, [3, 4])
        b = pl.tensor.view(x, layout=pl.TensorLayout.DN)
        return a, b)");
  auto r = p.Run("f", {Value::Of(Buffer(DataType::kInt32, {2, 6}, Iota(12)))});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_THAT(Values(testing::BufferOf((*r)[0])), ElementsAre(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11));
  // The DN view of the same bytes is the transpose.
  EXPECT_THAT(Values(testing::BufferOf((*r)[1])), ElementsAre(0, 6, 1, 7, 2, 8, 3, 9, 4, 10, 5, 11));
}

// A slice is a window of its source's memory: a store through it lands in
// the source; its valid extent is the part of the window the source holds.
TEST(ViewsTest, TensorSliceWindowsItsSource) {
  SimProgram p(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[2, 3], pl.INT32], out: pl.Out[pl.Tensor[[2, 3], pl.INT32]]) -> pl.Tensor[[2, 3], pl.INT32]:
        t = pl.tile.load(x, [0, 0], [2, 3], [2, 3], target_memory=pl.Mem.Vec)
        r = pl.tile.store(t, [0, 0], out)
        return r
    @pl.function
    def f(self, x: pl.Tensor[[4, 6], pl.INT32], y: pl.Out[pl.Tensor[[4, 6], pl.INT32]]) -> pl.Tensor[[2, 3], pl.INT32]:
        w = pl.tensor.slice(y, [2, 3], [2, 3])
        a = pl.tensor.slice(x, [2, 3], [1, 2])
        r = self.k(a, w)
        return r)");
  BufferView y = Buffer(DataType::kInt32, {4, 6}, {-1});
  auto r = p.Run("f", {Value::Of(Buffer(DataType::kInt32, {4, 6}, Iota(24))), Value::Of(y)});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_THAT(Values(testing::BufferOf((*r)[0])), ElementsAre(8, 9, 10, 14, 15, 16));
  std::vector<double> v = Values(y);
  EXPECT_EQ(v[2 * 6 + 3], 8);
  EXPECT_EQ(v[3 * 6 + 5], 16);
  EXPECT_EQ(v[2 * 6 + 2], -1);
}

}  // namespace
}  // namespace pto::sim
