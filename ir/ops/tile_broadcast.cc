// Row, column and scalar broadcasts over tiles: tile.row_expand and its
// fused arithmetic (row_expand_{add,sub,mul,div,max,min,expdif}),
// tile.col_expand and its fused forms, and tile.expands.
//
//   m = pl.tile.row_expand_sub(x, row_max)   # x[i, j] - row_max[i, 0]
//   c = pl.tile.col_expand_mul(x, scale)     # x[i, j] * scale[0, j]
//   f = pl.tile.expands(x, 0.0)              # x's shape filled with 0.0
//
// The result has the first operand's shape and valid shape; its dtype is the
// operands' promoted dtype. A row vector is [..., M, 1]; row_expand_add
// alone (TROWEXPANDADD) also takes a row-major carrier of one 32-byte block
// per row, and an optional scratch tile.

#include <cstdint>
#include <optional>

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr DataType kRowExpandAddDTypes[] = {DataType::kInt8, DataType::kInt16, DataType::kInt32,
                                            DataType::kFP16, DataType::kFP32};
constexpr int64_t kBlockBytes = 32;

absl::Status ExpectAtLeast2D(const DeduceContext& dc, const TileType* t, size_t i) {
  if (t->rank() >= 2) return absl::OkStatus();
  return dc.Error(absl::StrCat(dc.op().args()[i].name, " must have rank >= 2, got rank ",
                               t->rank()));
}

absl::StatusOr<const Type*> DeduceRowExpand(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* row, ExpectTile(dc, 1));
  PTO_RETURN_IF_ERROR(ExpectAtLeast2D(dc, tile, 0));
  PTO_RETURN_IF_ERROR(ExpectAtLeast2D(dc, row, 1));
  if (AsConstInt(row->shape().back()) != 1) {
    return dc.Error(absl::StrCat("row_vec's last dim must be 1, got shape ",
                                 FormatShape(row->shape())));
  }
  std::optional<int64_t> tile_rows = AsConstInt(tile->shape()[tile->rank() - 2]);
  std::optional<int64_t> row_rows = AsConstInt(row->shape()[row->rank() - 2]);
  if (tile_rows && row_rows && *tile_rows != *row_rows) {
    return dc.Error(absl::StrCat("row_vec must have the tile's ", *tile_rows, " rows, got ",
                                 *row_rows));
  }
  return SameShapeTileResult(dc, tile, PromoteDataTypes(tile->dtype(), row->dtype()));
}

// TROWEXPANDADD: a row-major src0 and a same-dtype carrier whose valid rows
// match src0's; a row-major carrier holds one 32-byte block per row (valid
// last dim 32 / element bytes), any other carrier one scalar per row.
absl::StatusOr<const Type*> DeduceRowExpandAdd(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* row, ExpectTile(dc, 1));
  if (dc.num_args() > 2) PTO_RETURN_IF_ERROR(ExpectTile(dc, 2).status());
  PTO_RETURN_IF_ERROR(ExpectAtLeast2D(dc, tile, 0));
  PTO_RETURN_IF_ERROR(ExpectAtLeast2D(dc, row, 1));
  if (tile->EffectiveView().blayout != TileLayout::kRowMajor) {
    return dc.Error("tile must have the row_major block layout");
  }
  if (tile->dtype() != row->dtype()) {
    return dc.Error(absl::StrCat("row_vec dtype must match the tile dtype, got ",
                                 row->dtype().name(), " and ", tile->dtype().name()));
  }
  PTO_RETURN_IF_ERROR(ExpectDType(dc, tile->dtype(), kRowExpandAddDTypes, "dtype"));
  ExprSpan tv = tile->ValidShape();
  ExprSpan rv = row->ValidShape();
  if (ProveEqual(tv[tv.size() - 2], rv[rv.size() - 2]) != Proof::kTrue) {
    return dc.Error(absl::StrCat("row_vec's valid rows must match the tile's, got valid shapes ",
                                 FormatShape(rv), " and ", FormatShape(tv)));
  }
  bool packed = row->EffectiveView().blayout == TileLayout::kRowMajor;
  int64_t want_cols = packed ? kBlockBytes / row->dtype().bytes() : 1;
  if (ProveEqual(rv.back(), dc.ctx().Index(want_cols)) != Proof::kTrue) {
    return dc.Error(absl::StrCat("a ", packed ? "row-major" : "non-row-major",
                                 " row_vec must have valid last dim ", want_cols,
                                 ", got valid shape ", FormatShape(rv)));
  }
  return SameShapeTileResult(dc, tile, tile->dtype());
}

absl::StatusOr<const Type*> DeduceColExpand(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* target, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* col, ExpectTile(dc, 1));
  return SameShapeTileResult(dc, target, PromoteDataTypes(target->dtype(), col->dtype()));
}

absl::StatusOr<const Type*> DeduceExpandScalar(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* target, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const ScalarType* scalar, ExpectScalar(dc, 1));
  return SameShapeTileResult(dc, target, PromoteDataTypes(target->dtype(), scalar->dtype()));
}

struct BroadcastOp {
  absl::string_view name;
  absl::string_view first_arg;
  absl::string_view doc;
};

constexpr BroadcastOp kRowOps[] = {
    {"tile.row_expand", "target", "Broadcasts a [M, 1] row vector across the columns of target."},
    {"tile.row_expand_sub", "tile", "tile[i, j] - row_vec[i, 0]."},
    {"tile.row_expand_div", "tile", "tile[i, j] / row_vec[i, 0]."},
    {"tile.row_expand_mul", "tile", "tile[i, j] * row_vec[i, 0]."},
    {"tile.row_expand_max", "tile", "max(tile[i, j], row_vec[i, 0])."},
    {"tile.row_expand_min", "tile", "min(tile[i, j], row_vec[i, 0])."},
    {"tile.row_expand_expdif", "tile", "exp(tile[i, j] - row_vec[i, 0])."},
};

constexpr BroadcastOp kColOps[] = {
    {"tile.col_expand", "target", "Broadcasts a [1, N] column tile down the rows of target."},
    {"tile.col_expand_mul", "target", "target[i, j] * col_tile[0, j]."},
    {"tile.col_expand_add", "target", "target[i, j] + col_tile[0, j]."},
    {"tile.col_expand_div", "target", "target[i, j] / col_tile[0, j]."},
    {"tile.col_expand_sub", "target", "target[i, j] - col_tile[0, j]."},
    {"tile.col_expand_max", "target", "max(target[i, j], col_tile[0, j])."},
    {"tile.col_expand_min", "target", "min(target[i, j], col_tile[0, j])."},
    {"tile.col_expand_expdif", "target", "exp(target[i, j] - col_tile[0, j])."},
};

}  // namespace

void RegisterTileBroadcastOps(OpRegistry& registry) {
  for (const BroadcastOp& op : kRowOps) {
    registry.Register(op.name)
        .Category(OpCategory::kTile)
        .VecOperands()
        .Doc(op.doc)
        .Arg(op.first_arg)
        .Arg("row_vec")
        .Deduce(DeduceRowExpand);
  }
  registry.Register("tile.row_expand_add")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("tile[i, j] + row_vec[i, 0], or plus a row-major 32-byte block repeated across "
           "each row; optional scratch tile.")
      .Arg("tile")
      .Arg("row_vec")
      .OptionalArg("tmp")
      .Deduce(DeduceRowExpandAdd);
  for (const BroadcastOp& op : kColOps) {
    registry.Register(op.name)
        .Category(OpCategory::kTile)
        .VecOperands()
        .Doc(op.doc)
        .Arg(op.first_arg)
        .Arg("col_tile")
        .Deduce(DeduceColExpand);
  }
  registry.Register("tile.expands")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("A tile of target's shape filled with a scalar.")
      .Arg("target")
      .Arg("scalar")
      .Deduce(DeduceExpandScalar);
}

}  // namespace pto::ir
