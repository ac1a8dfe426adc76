#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TileReductionTest : public OpTest {
 protected:
  const Type* Reduced(DataType dtype, std::initializer_list<int64_t> shape,
                      std::initializer_list<int64_t> valid, TileLayout blayout) {
    TileView view;
    view.blayout = blayout;
    view.valid_shape = Dims(valid);
    return ctx_.GetTileType(dtype, Dims(shape), MemorySpace::kVec, &view);
  }
};

TEST_F(TileReductionTest, RowReductionsKeepTheRows) {
  const Var* t = ctx_.NewVar("t", TileWithValid(DataType::kFP32, {16, 64}, {12, 40}));
  const Var* big = TileVar(DataType::kFP32, {16, 128});
  for (const char* op : {"tile.row_sum", "tile.row_max", "tile.row_min", "tile.row_prod"}) {
    SCOPED_TRACE(op);
    const Type* want = Reduced(DataType::kFP32, {16, 1}, {12, 1}, TileLayout::kColMajor);
    EXPECT_TYPE(TypeOf(op, {t, t}), want);
    EXPECT_TYPE(TypeOf(op, {t, big}), want);  // a larger scratch is fine
    const Var* small = TileVar(DataType::kFP32, {16, 32});
    EXPECT_THAT(ErrorOf(op, {t, small}),
                HasSubstr(std::string(op) + ": tmp_tile shape [16, 32] must be at least the "
                                            "tile shape [16, 64] (dim 1)"));
    const Var* h = TileVar(DataType::kFP16, {16, 64});
    EXPECT_THAT(ErrorOf(op, {t, h}), HasSubstr("tmp_tile dtype must match"));
    const Var* v1 = TileVar(DataType::kFP32, {64});
    EXPECT_THAT(ErrorOf(op, {v1, v1}), HasSubstr("tile must have rank >= 2, got rank 1"));
  }
}

TEST_F(TileReductionTest, EmptyValidExtentIsRejected) {
  const Var* n = ScalarVar(DataType::kIndex);
  TileView view = ImplicitTileView(MemorySpace::kVec, TileLayout::kRowMajor);
  const Expr* valid[] = {ctx_.Index(0), ctx_.Index(64)};
  view.valid_shape = valid;
  const Var* empty = ctx_.NewVar("e", ctx_.GetTileType(DataType::kFP32, Dims({16, 64}),
                                                        MemorySpace::kVec, &view));
  EXPECT_THAT(ErrorOf("tile.col_max", {empty}),
              HasSubstr("tile.col_max: the tile's valid extent on axis 0 is 0"));
  EXPECT_THAT(ErrorOf("tile.row_sum", {empty, empty}), HasSubstr("is 0"));
  // A symbolic extent is not provably empty.
  const Expr* sym[] = {n, ctx_.Index(64)};
  view.valid_shape = sym;
  const Var* s = ctx_.NewVar("s", ctx_.GetTileType(DataType::kFP32, Dims({16, 64}),
                                                    MemorySpace::kVec, &view));
  EXPECT_NE(TypeOf("tile.col_max", {s}), nullptr);
}

TEST_F(TileReductionTest, RowMinChecksDTypeAndLayout) {
  const Var* u8 = TileVar(DataType::kUInt8, {16, 64});
  EXPECT_THAT(ErrorOf("tile.row_min", {u8, u8}),
              HasSubstr("tile.row_min: tile dtype must be one of {INT16, INT32, FP16, FP32}"));
  EXPECT_TYPE(TypeOf("tile.row_sum", {u8, u8}),
              Reduced(DataType::kUInt8, {16, 1}, {16, 1}, TileLayout::kColMajor));
  TileView nz;
  nz.blayout = TileLayout::kColMajor;
  const Var* c = ctx_.NewVar("c", ctx_.GetTileType(DataType::kFP32, Dims({16, 64}),
                                                    MemorySpace::kVec, &nz));
  EXPECT_THAT(ErrorOf("tile.row_min", {c, c}), HasSubstr("tile must have the ND layout"));
}

TEST_F(TileReductionTest, ArgReductionsGiveInt32Indices) {
  const Var* t = ctx_.NewVar("t", TileWithValid(DataType::kFP16, {16, 64}, {12, 40}));
  const Var* big = TileVar(DataType::kFP16, {16, 128});
  for (const char* op : {"tile.row_argmax", "tile.row_argmin"}) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {t, t}),
                Reduced(DataType::kInt32, {16, 1}, {12, 1}, TileLayout::kColMajor));
    // The arg reductions' scratch must match exactly.
    EXPECT_THAT(ErrorOf(op, {t, big}), HasSubstr("must equal the tile shape [16, 64]"));
  }
  for (const char* op : {"tile.col_argmax", "tile.col_argmin"}) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {t, big}),
                Reduced(DataType::kInt32, {1, 64}, {1, 40}, TileLayout::kRowMajor));
    EXPECT_THAT(ErrorOf(op, {t, ctx_.Int(0, DataType::kInt32)}), HasSubstr("tmp_tile must be a TileType"));
  }
}

TEST_F(TileReductionTest, ColumnReductionsKeepTheColumns) {
  const Var* t = ctx_.NewVar("t", TileWithValid(DataType::kFP32, {16, 64}, {12, 40}));
  const Type* want = Reduced(DataType::kFP32, {1, 64}, {1, 40}, TileLayout::kRowMajor);
  for (const char* op : {"tile.col_sum", "tile.col_max", "tile.col_min", "tile.col_prod"}) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {t}), want);
    EXPECT_THAT(ErrorOf(op, {ctx_.Float(1.0)}), HasSubstr("tile must be a TileType"));
  }
  EXPECT_TYPE(TypeOf("tile.col_sum", {t, t}), want);
  const Var* h = TileVar(DataType::kFP16, {16, 64});
  EXPECT_THAT(ErrorOf("tile.col_sum", {t, h}),
              HasSubstr("tile.col_sum: tmp_tile dtype must match the tile dtype"));
  EXPECT_THAT(ErrorOf("tile.col_max", {t, t}), HasSubstr("tile.col_max"));
}

}  // namespace
}  // namespace pto::ir
