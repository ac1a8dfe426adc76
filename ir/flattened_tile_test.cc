#include "ir/flattened_tile.h"

#include "gtest/gtest.h"
#include "ir/context.h"

namespace pto::ir {
namespace {

class FlattenedTileTest : public ::testing::Test {
 protected:
  const TileType* Tile(std::initializer_list<int64_t> dims, DataType dt = DataType::kFP32) {
    return ctx_.GetTileType(dt, ctx_.IndexList(dims), MemorySpace::kVec);
  }
  Context ctx_;
};

TEST_F(FlattenedTileTest, AcceptsTheFlattenedShapeOfAnNdLoadOrCreate) {
  EXPECT_TRUE(FlattenedTileRetype("tile.load", Tile({2, 3, 4}), Tile({6, 4})));
  EXPECT_TRUE(FlattenedTileRetype("tile.create", Tile({2, 3, 4, 5}), Tile({24, 5})));
  EXPECT_TRUE(FlattenedTileRetype("tile.load", Tile({2, 3, 4}), Tile({24})));
  const Var* n = ctx_.NewVar("n", ctx_.GetScalarType(DataType::kIndex));
  const Expr* dims[] = {n, ctx_.Index(4)};
  // A dynamic extent: the element count cannot be compared.
  EXPECT_TRUE(FlattenedTileRetype("tile.load", Tile({2, 3, 4}),
                                  ctx_.GetTileType(DataType::kFP32, dims, MemorySpace::kVec)));
}

TEST_F(FlattenedTileTest, RejectsEverythingElse) {
  // Other ops, ranks <= 2 deduced, ranks > 2 annotated, another dtype, a
  // different element count.
  EXPECT_FALSE(FlattenedTileRetype("tile.add", Tile({2, 3, 4}), Tile({6, 4})));
  EXPECT_FALSE(FlattenedTileRetype("tile.load", Tile({6, 4}), Tile({4, 6})));
  EXPECT_FALSE(FlattenedTileRetype("tile.load", Tile({2, 3, 4}), Tile({1, 6, 4})));
  EXPECT_FALSE(FlattenedTileRetype("tile.load", Tile({2, 3, 4}), Tile({6, 4}, DataType::kFP16)));
  EXPECT_FALSE(FlattenedTileRetype("tile.load", Tile({2, 3, 4}), Tile({5, 4})));
  EXPECT_FALSE(FlattenedTileRetype("tile.load", Tile({2, 3, 4}),
                                   ctx_.GetTensorType(DataType::kFP32, ctx_.IndexList({6, 4}))));
}

}  // namespace
}  // namespace pto::ir
