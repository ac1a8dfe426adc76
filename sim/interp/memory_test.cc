// Tests of memory.cc: create, full, load, store, assemble, transpose.

#include <cmath>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "sim/interp/test_util.h"

namespace pto::sim {
namespace {

using ir::DataType;
using testing::Buffer;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::IndexValue;
using testing::Iota;
using testing::SimProgram;
using testing::Values;

TEST(MemoryTest, LoadWindowAndStoreAtOffsets) {
  SimProgram p(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[4, 8], pl.FP32], out: pl.Out[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:
        t = pl.tile.load(x, [1, 2], [2, 4], [2, 4], target_memory=pl.Mem.Vec)
        r = pl.tile.store(t, [2, 4], out)
        return r)");
  BufferView out = Buffer(DataType::kFP32, {4, 8}, {-1});
  ASSERT_TRUE(p.Run("k", {Value::Of(Buffer(DataType::kFP32, {4, 8}, Iota(32))), Value::Of(out)}).ok());
  std::vector<double> v = Values(out);
  EXPECT_EQ(v[2 * 8 + 4], 10.0);  // x[1][2]
  EXPECT_EQ(v[3 * 8 + 7], 21.0);  // x[2][5]
  EXPECT_EQ(v[2 * 8 + 3], -1.0);
}

TEST(MemoryTest, OutOfBoundsLoadsAndStoresAreErrors) {
  SimProgram p(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[4, 8], pl.FP32], out: pl.Out[pl.Tensor[[4, 8], pl.FP32]], i: pl.Scalar[pl.INDEX], j: pl.Scalar[pl.INDEX]) -> pl.Tensor[[4, 8], pl.FP32]:
        t = pl.tile.load(x, [i, 0], [2, 8], [2, 8], target_memory=pl.Mem.Vec)
        r = pl.tile.store(t, [j, 0], out)
        return r)");
  auto run = [&](int64_t i, int64_t j) {
    return p.Run("k", {Value::Of(Buffer(DataType::kFP32, {4, 8}, {1})),
                       Value::Of(Buffer(DataType::kFP32, {4, 8}, {0})),
                       IndexValue(i), IndexValue(j)});
  };
  EXPECT_TRUE(run(2, 2).ok());
  auto load = run(3, 0);
  ASSERT_FALSE(load.ok());
  EXPECT_THAT(load.status().message(),
              HasSubstr("tile.load: reads past the end of dimension 0: offset 3 + extent 2 is "
                        "outside [0, 4]"));
  auto store = run(0, 3);
  ASSERT_FALSE(store.ok());
  EXPECT_THAT(store.status().message(), HasSubstr("tile.store: writes past the end of dimension 0"));
  auto negative = run(-1, 0);
  ASSERT_FALSE(negative.ok());
  EXPECT_THAT(negative.status().message(), HasSubstr("offset -1"));
}

TEST(MemoryTest, ClampedLoadNarrowsAndPartialValidIsUndefined) {
  SimProgram p(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[4, 8], pl.FP32], out: pl.Out[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:
        t = pl.tile.load(x, [2, 0], [4, 8], [4, 8], target_memory=pl.Mem.Vec, clamp=True)
        u = pl.tile.adds(t, 1.0)
        r = pl.tile.store(u, [0, 0], out)
        return r)");
  BufferView out = Buffer(DataType::kFP32, {4, 8}, {-1});
  auto r = p.Run("k", {Value::Of(Buffer(DataType::kFP32, {4, 8}, Iota(32))), Value::Of(out)});
  ASSERT_TRUE(r.ok()) << r.status().message();
  std::vector<double> v = Values(out);
  EXPECT_EQ(v[0], 17.0);
  EXPECT_EQ(v[15], 32.0);
  EXPECT_EQ(v[16], -1.0);  // only the two rows the source holds were valid and stored
  // The returned tensor's valid shape is the deduced one.
  EXPECT_THAT(testing::BufferOf((*r)[0]).valid, ElementsAre(4, 8));
}

TEST(MemoryTest, FullCreateAndAtomicAdd) {
  SimProgram p(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, out: pl.InOut[pl.Tensor[[2, 4], pl.INT32]]) -> pl.Tensor[[2, 4], pl.INT32]:
        f = pl.tile.full([2, 4], dtype=pl.INT32, value=3)
        r = pl.tile.store(f, [0, 0], out, atomic=pl.AtomicType.Add)
        return r)");
  BufferView out = Buffer(DataType::kInt32, {2, 4}, Iota(8));
  ASSERT_TRUE(p.Run("k", {Value::Of(out)}).ok());
  EXPECT_THAT(Values(out), ElementsAre(3, 4, 5, 6, 7, 8, 9, 10));

  SimProgram t(R"(
    @pl.function
    def f(self) -> tuple[pl.Tensor[[2, 2], pl.FP16], pl.Tensor[[2, 2], pl.FP32], pl.Tensor[[2, 2], pl.BF16]]:
        a = pl.tensor.full([2, 2], dtype=pl.FP16, value=0.1)
        b = pl.tensor.create([2, 2], dtype=pl.FP32)
        c = pl.tensor.create([2, 2], dtype=pl.BF16, init_value=1.5)
        return a, b, c)");
  auto r = t.Run("f", {});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(Values(testing::BufferOf((*r)[0]))[0], 0.0999755859375);
  EXPECT_EQ(CountUndefinedInValid(testing::BufferOf((*r)[1])), 4);
  EXPECT_THAT(Values(testing::BufferOf((*r)[2])), ElementsAre(1.5, 1.5, 1.5, 1.5));
}

TEST(MemoryTest, TransposeMovesData) {
  SimProgram p(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[2, 3], pl.FP16], out: pl.Out[pl.Tensor[[3, 2], pl.FP16]]) -> pl.Tensor[[3, 2], pl.FP16]:
        t = pl.tile.load(x, [0, 0], [2, 3], [2, 3], target_memory=pl.Mem.Vec)
        u = pl.tile.transpose(t, 0, 1)
        r = pl.tile.store(u, [0, 0], out)
        return r)");
  BufferView out = testing::Undefined(DataType::kFP16, {3, 2});
  ASSERT_TRUE(p.Run("k", {Value::Of(Buffer(DataType::kFP16, {2, 3}, Iota(6))), Value::Of(out)}).ok());
  EXPECT_THAT(Values(out), ElementsAre(0, 3, 1, 4, 2, 5));
}

TEST(MemoryTest, StoringAPartialTileLeavesTheRestAlone) {
  SimProgram p(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[2, 4], pl.FP32], out: pl.Out[pl.Tensor[[2, 4], pl.FP32]]) -> pl.Tensor[[2, 4], pl.FP32]:
        t = pl.tile.load(x, [0, 0], [2, 4], [1, 3], target_memory=pl.Mem.Vec)
        r = pl.tile.store(t, [0, 0], out)
        return r)");
  BufferView out = Buffer(DataType::kFP32, {2, 4}, {-1});
  ASSERT_TRUE(p.Run("k", {Value::Of(Buffer(DataType::kFP32, {2, 4}, Iota(8))), Value::Of(out)}).ok());
  EXPECT_THAT(Values(out), ElementsAre(0, 1, 2, -1, -1, -1, -1, -1));
}

// Both assembles write their target's memory: the caller sees the tensor
// change, and the tile the second one extends holds the first one's data.
TEST(MemoryTest, AssembleWritesTheTargetInPlace) {
  SimProgram p(R"(
    @pl.function
    def f(self, t: pl.Tensor[[4, 4], pl.INT32], s: pl.Tensor[[2, 2], pl.INT32]) -> pl.Tensor[[4, 4], pl.INT32]:
        r = pl.tensor.assemble(t, s, [1, 2])
        return r
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[2, 4], pl.INT32], out: pl.Out[pl.Tensor[[2, 8], pl.INT32]]) -> pl.Tensor[[2, 8], pl.INT32]:
        a = pl.tile.create([2, 8], dtype=pl.INT32, target_memory=pl.Mem.Vec)
        t = pl.tile.load(x, [0, 0], [2, 4], [2, 4], target_memory=pl.Mem.Vec)
        b = pl.tile.assemble(a, t, [0, 4])
        u = pl.tile.muls(t, 10)
        c = pl.tile.assemble(b, u, [0, 0])
        r = pl.tile.store(c, [0, 0], out)
        return r)");
  BufferView t = Buffer(DataType::kInt32, {4, 4}, {0});
  auto r = p.Run("f", {Value::Of(t), Value::Of(Buffer(DataType::kInt32, {2, 2}, {7, 8, 9, 6}))});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_THAT(Values(t), ElementsAre(0, 0, 0, 0, 0, 0, 7, 8, 0, 0, 9, 6, 0, 0, 0, 0));
  EXPECT_THAT(Values(testing::BufferOf((*r)[0])), ElementsAre(0, 0, 0, 0, 0, 0, 7, 8, 0, 0, 9, 6, 0, 0, 0, 0));
  BufferView out = testing::Undefined(DataType::kInt32, {2, 8});
  ASSERT_TRUE(p.Run("k", {Value::Of(Buffer(DataType::kInt32, {2, 4}, Iota(8))), Value::Of(out)}).ok());
  EXPECT_THAT(Values(out), ElementsAre(0, 10, 20, 30, 0, 1, 2, 3, 40, 50, 60, 70, 4, 5, 6, 7));
}

// A deep copy owns its data and definedness: writing either side leaves
// the other as it was.
TEST(MemoryTest, DeepCopyIsIndependent) {
  BufferView a = Buffer(DataType::kInt32, {2, 2}, {1, 2, 3, 4});
  BufferView b = DeepCopy(a);
  EXPECT_NE(a.storage, b.storage);
  EXPECT_THAT(Values(b), ElementsAre(1, 2, 3, 4));
  StorePoison(b, BitOffset(b, {0, 1}));
  StoreBits(a, BitOffset(a, {1, 1}), 9);
  EXPECT_THAT(Values(a), ElementsAre(1, 2, 3, 9));
  EXPECT_TRUE(IsDefinedAt(a, BitOffset(a, {0, 1})));
  EXPECT_FALSE(IsDefinedAt(b, BitOffset(b, {0, 1})));
  EXPECT_EQ(Values(b)[3], 4);
}

}  // namespace
}  // namespace pto::sim
