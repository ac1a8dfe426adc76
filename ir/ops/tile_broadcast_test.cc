#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

constexpr const char* kRowOps[] = {"tile.row_expand",     "tile.row_expand_sub",
                                   "tile.row_expand_div", "tile.row_expand_mul",
                                   "tile.row_expand_max", "tile.row_expand_min",
                                   "tile.row_expand_expdif"};
constexpr const char* kColOps[] = {"tile.col_expand",     "tile.col_expand_mul",
                                   "tile.col_expand_add", "tile.col_expand_div",
                                   "tile.col_expand_sub", "tile.col_expand_max",
                                   "tile.col_expand_min", "tile.col_expand_expdif"};

class TileBroadcastTest : public OpTest {};

TEST_F(TileBroadcastTest, RowExpandKeepsTheTileAndPromotes) {
  const Var* t = ctx_.NewVar("t", TileWithValid(DataType::kFP16, {16, 64}, {16, 40}));
  const Var* row = TileVar(DataType::kFP32, {16, 1});
  TileView view;
  view.valid_shape = Dims({16, 40});
  const Type* want = ctx_.GetTileType(DataType::kFP32, Dims({16, 64}), MemorySpace::kVec, &view);
  for (const char* op : kRowOps) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {t, row}), want);
    const Var* wide = TileVar(DataType::kFP32, {16, 2});
    EXPECT_THAT(ErrorOf(op, {t, wide}),
                HasSubstr(std::string(op) + ": row_vec's last dim must be 1, got shape [16, 2]"));
    const Var* short_rows = TileVar(DataType::kFP32, {8, 1});
    EXPECT_THAT(ErrorOf(op, {t, short_rows}), HasSubstr("row_vec must have the tile's 16 rows, got 8"));
    const Var* v1 = TileVar(DataType::kFP32, {16});
    EXPECT_THAT(ErrorOf(op, {v1, row}), HasSubstr("must have rank >= 2, got rank 1"));
  }
}

TEST_F(TileBroadcastTest, RowExpandAddTakesScalarOrPackedCarriers) {
  const Var* t = TileVar(DataType::kFP32, {16, 64});
  const Var* col = TileVar(DataType::kFP32, {16, 1});  // col_major: one scalar per row
  EXPECT_TYPE(TypeOf("tile.row_expand_add", {t, col}), t->type());
  EXPECT_TYPE(TypeOf("tile.row_expand_add", {t, col, t}), t->type());
  // A row-major carrier holds one 32-byte block: 8 FP32 per row.
  const Var* packed = TileVar(DataType::kFP32, {16, 8});
  EXPECT_TYPE(TypeOf("tile.row_expand_add", {t, packed}), t->type());
  const Var* packed16 = TileVar(DataType::kFP32, {16, 16});
  EXPECT_THAT(ErrorOf("tile.row_expand_add", {t, packed16}),
              HasSubstr("a row-major row_vec must have valid last dim 8, got valid shape [16, 16]"));
  const Var* h = TileVar(DataType::kFP16, {16, 1});
  EXPECT_THAT(ErrorOf("tile.row_expand_add", {t, h}), HasSubstr("row_vec dtype must match"));
  const Var* u = TileVar(DataType::kUInt16, {16, 64});
  const Var* urow = TileVar(DataType::kUInt16, {16, 1});
  EXPECT_THAT(ErrorOf("tile.row_expand_add", {u, urow}),
              HasSubstr("dtype must be one of {INT8, INT16, INT32, FP16, FP32}, got UINT16"));
  const Var* rows8 = TileVar(DataType::kFP32, {8, 1});
  EXPECT_THAT(ErrorOf("tile.row_expand_add", {t, rows8}),
              HasSubstr("row_vec's valid rows must match the tile's"));
  TileView cm;
  cm.blayout = TileLayout::kColMajor;
  const Var* c = ctx_.NewVar("c", ctx_.GetTileType(DataType::kFP32, Dims({16, 64}),
                                                    MemorySpace::kVec, &cm));
  EXPECT_THAT(ErrorOf("tile.row_expand_add", {c, col}),
              HasSubstr("tile must have the row_major block layout"));
  EXPECT_THAT(ErrorOf("tile.row_expand_add", {t, col, ctx_.Int(0, DataType::kInt32)}),
              HasSubstr("tmp must be a TileType"));
}

TEST_F(TileBroadcastTest, ColExpandKeepsTheTargetAndPromotes) {
  const Var* t = TileVar(DataType::kInt16, {16, 64});
  const Var* col = TileVar(DataType::kFP16, {1, 64});
  for (const char* op : kColOps) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {t, col}), Tile(DataType::kFP16, {16, 64}));
    EXPECT_THAT(ErrorOf(op, {t, ctx_.Float(1.0)}),
                HasSubstr(std::string(op) + ": col_tile must be a TileType, got ScalarType"));
  }
}

TEST_F(TileBroadcastTest, ExpandsFillsTheTargetShape) {
  const Var* t = ctx_.NewVar("t", TileWithValid(DataType::kFP16, {16, 64}, {16, 40}));
  EXPECT_TYPE(TypeOf("tile.expands", {t, ScalarVar(DataType::kFP16)}), t->type());
  TileView view;
  view.valid_shape = Dims({16, 40});
  EXPECT_TYPE(TypeOf("tile.expands", {t, ScalarVar(DataType::kFP32)}),
              ctx_.GetTileType(DataType::kFP32, Dims({16, 64}), MemorySpace::kVec, &view));
  EXPECT_THAT(ErrorOf("tile.expands", {t, t}),
              HasSubstr("tile.expands: scalar must be a ScalarType, got TileType"));
}

}  // namespace
}  // namespace pto::ir
