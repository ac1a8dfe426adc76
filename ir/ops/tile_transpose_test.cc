#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TileTransposeTest : public OpTest {};

TEST_F(TileTransposeTest, SwapsTheAxesAndTheValidShape) {
  const Var* t = TileVar(DataType::kFP16, {32, 64});
  EXPECT_TYPE(TypeOf("tile.transpose", {t, ctx_.Index(0), ctx_.Index(1)}),
              Tile(DataType::kFP16, {64, 32}));
  const Var* p = ctx_.NewVar("p", TileWithValid(DataType::kFP32, {2, 16, 8}, {2, 9, 8}));
  EXPECT_TYPE(TypeOf("tile.transpose", {p, ctx_.Index(-1), ctx_.Index(1)}),
              TileWithValid(DataType::kFP32, {2, 8, 16}, {2, 8, 9}));
}

TEST_F(TileTransposeTest, ResultIsFlatInTheSourceSpace) {
  // A Mat source keeps its space but becomes a flat row_major tile.
  const Var* m = TileVar(DataType::kFP16, {16, 32}, MemorySpace::kMat);
  TileView flat;
  const TileType* want =
      ctx_.GetTileType(DataType::kFP16, Dims({32, 16}), MemorySpace::kMat, &flat);
  EXPECT_TYPE(TypeOf("tile.transpose", {m, ctx_.Index(0), ctx_.Index(1)}), want);
}

TEST_F(TileTransposeTest, AcceptsATmpOfTheSameDtypeAndRank) {
  const Var* t = TileVar(DataType::kFP32, {16, 32});
  const Var* tmp = TileVar(DataType::kFP32, {32, 16});
  EXPECT_TYPE(TypeOf("tile.transpose", {t, ctx_.Index(0), ctx_.Index(1), tmp}),
              Tile(DataType::kFP32, {32, 16}));
  EXPECT_THAT(ErrorOf("tile.transpose", {t, ctx_.Index(0), ctx_.Index(1),
                                         TileVar(DataType::kFP16, {32, 16})}),
              HasSubstr("tile.transpose: tmp must have the input's dtype and rank (FP32, rank 2), "
                        "got FP16, rank 2"));
}

TEST_F(TileTransposeTest, Rejects) {
  const Var* t = TileVar(DataType::kFP32, {16, 32});
  EXPECT_THAT(ErrorOf("tile.transpose", {t, ctx_.Index(0), ctx_.Index(0)}),
              HasSubstr("tile.transpose: axis1 and axis2 must differ, both are axis 0"));
  EXPECT_THAT(ErrorOf("tile.transpose", {t, ctx_.Index(2), ctx_.Index(0)}),
              HasSubstr("tile.transpose: axis1 2 is out of range for a rank-2 tile"));
  EXPECT_THAT(ErrorOf("tile.transpose", {t, ctx_.Index(0), ScalarVar(DataType::kIndex)}),
              HasSubstr("tile.transpose: axis2 must be an integer constant, got s"));
  EXPECT_THAT(ErrorOf("tile.transpose", {TileVar(DataType::kFP32, {16}), ctx_.Index(0),
                                         ctx_.Index(0)}),
              HasSubstr("tile.transpose: needs a tile of rank >= 2, got rank 1"));
  EXPECT_THAT(ErrorOf("tile.transpose", {TileVar(DataType::kFP4, {16, 32}), ctx_.Index(0),
                                         ctx_.Index(1)}),
              HasSubstr("tile.transpose: does not support FP4"));
}

}  // namespace
}  // namespace pto::ir
