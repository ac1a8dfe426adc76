// Tile reductions along the last axis (row_sum, row_max, row_min, row_prod,
// row_argmax, row_argmin) and the first axis (col_sum, col_max, col_min,
// col_prod, col_argmax, col_argmin), with keepdim: an [M, N] tile reduces to
// [M, 1] (row) or [1, N] (column).
//
//   s = pl.tile.row_sum(x, tmp)        # tmp: scratch at least x's shape
//   i = pl.tile.row_argmax(x, tmp)     # INT32 column indices; tmp exactly x's shape
//   c = pl.tile.col_sum(x)             # optional tmp selects the binary tree
//
// The result keeps the input's valid extent on the kept axes (the kernels
// bound their loops by it) with a valid extent of 1 on the reduced one, and
// is col_major for a row reduction, row_major for a column reduction. An
// input whose valid extent is provably 0 is rejected: the kernels assert on
// it and max/min would have nothing to return.

#include <optional>

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr DataType kRowMinDTypes[] = {DataType::kInt16, DataType::kInt32, DataType::kFP16,
                                      DataType::kFP32};

absl::StatusOr<const TileType*> ExpectReductionInput(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(dc, 0));
  if (tile->rank() < 2) {
    return dc.Error(absl::StrCat("tile must have rank >= 2, got rank ", tile->rank()));
  }
  ExprSpan valid = tile->ValidShape();
  for (size_t d = 0; d < valid.size(); ++d) {
    if (AsConstInt(valid[d]) == 0) {
      return dc.Error(absl::StrCat("the tile's valid extent on axis ", d, " is 0 (valid shape ",
                                   FormatShape(valid), "): there is nothing to reduce"));
    }
  }
  return tile;
}

// The row reductions' scratch: the input's dtype and rank, and at least its
// shape (exactly its shape for the arg reductions).
absl::Status ExpectRowScratch(const DeduceContext& dc, const TileType* tile, bool exact) {
  PTO_ASSIGN_OR_RETURN(const TileType* tmp, ExpectTile(dc, 1));
  if (tmp->dtype() != tile->dtype()) {
    return dc.Error(absl::StrCat("tmp_tile dtype must match the tile dtype, got ",
                                 tmp->dtype().name(), " and ", tile->dtype().name()));
  }
  if (tmp->rank() != tile->rank()) {
    return dc.Error(absl::StrCat("tmp_tile must have the tile's rank, got shapes ",
                                 FormatShape(tmp->shape()), " and ", FormatShape(tile->shape())));
  }
  for (size_t d = 0; d < tile->rank(); ++d) {
    const Expr* want = tile->shape()[d];
    const Expr* got = tmp->shape()[d];
    bool bad = exact ? ProveEqual(want, got) != Proof::kTrue
                     : ProveLessEqual(want, got) == Proof::kFalse;
    if (bad) {
      return dc.Error(absl::StrCat("tmp_tile shape ", FormatShape(tmp->shape()), " must ",
                                   exact ? "equal" : "be at least", " the tile shape ",
                                   FormatShape(tile->shape()), " (dim ", d, ")"));
    }
  }
  return absl::OkStatus();
}

// [..., M, N] -> [..., M, 1], col_major.
absl::StatusOr<const Type*> RowReduced(const DeduceContext& dc, const TileType* tile,
                                       DataType dtype) {
  Context& ctx = dc.ctx();
  DimVec shape(tile->shape().begin(), tile->shape().end());
  DimVec valid(tile->ValidShape().begin(), tile->ValidShape().end());
  shape.back() = ctx.Index(1);
  valid.back() = ctx.Index(1);
  TileView view;
  view.blayout = TileLayout::kColMajor;
  view.valid_shape = ctx.Save<const Expr*>(valid);
  return MakeTile(dc, dtype, shape, MemorySpace::kVec, view);
}

// [M, ...] -> [1, ...], row_major.
absl::StatusOr<const Type*> ColReduced(const DeduceContext& dc, const TileType* tile,
                                       DataType dtype) {
  Context& ctx = dc.ctx();
  DimVec shape(tile->shape().begin(), tile->shape().end());
  DimVec valid(tile->ValidShape().begin(), tile->ValidShape().end());
  shape.front() = ctx.Index(1);
  valid.front() = ctx.Index(1);
  TileView view;
  view.valid_shape = ctx.Save<const Expr*>(valid);
  return MakeTile(dc, dtype, shape, MemorySpace::kVec, view);
}

absl::StatusOr<const Type*> DeduceRowReduce(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectReductionInput(dc));
  PTO_RETURN_IF_ERROR(ExpectRowScratch(dc, tile, /*exact=*/false));
  return RowReduced(dc, tile, tile->dtype());
}

// TROWMIN: fewer dtypes, and an ND input (row_major, no box layout).
absl::StatusOr<const Type*> DeduceRowMin(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectReductionInput(dc));
  PTO_RETURN_IF_ERROR(ExpectRowScratch(dc, tile, /*exact=*/false));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, tile->dtype(), kRowMinDTypes, "tile dtype"));
  TileView view = tile->EffectiveView();
  if (view.blayout != TileLayout::kRowMajor || view.slayout != TileLayout::kNoneBox) {
    return dc.Error(absl::StrCat("tile must have the ND layout (blayout=row_major, "
                                 "slayout=none_box), got blayout=",
                                 EnumName(view.blayout), ", slayout=", EnumName(view.slayout)));
  }
  return RowReduced(dc, tile, tile->dtype());
}

absl::StatusOr<const Type*> DeduceRowArgReduce(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectReductionInput(dc));
  PTO_RETURN_IF_ERROR(ExpectRowScratch(dc, tile, /*exact=*/true));
  return RowReduced(dc, tile, DataType::kInt32);
}

// col_sum's optional scratch (binary-tree path) has the input's dtype.
absl::StatusOr<const Type*> DeduceColSum(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectReductionInput(dc));
  if (dc.num_args() > 1) {
    PTO_ASSIGN_OR_RETURN(const TileType* tmp, ExpectTile(dc, 1));
    if (tmp->dtype() != tile->dtype()) {
      return dc.Error(absl::StrCat("tmp_tile dtype must match the tile dtype, got ",
                                   tmp->dtype().name(), " and ", tile->dtype().name()));
    }
  }
  return ColReduced(dc, tile, tile->dtype());
}

absl::StatusOr<const Type*> DeduceColReduce(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectReductionInput(dc));
  return ColReduced(dc, tile, tile->dtype());
}

// Upstream checks nothing of the column arg reductions' scratch; it has to
// be a tile here.
absl::StatusOr<const Type*> DeduceColArgReduce(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectReductionInput(dc));
  PTO_RETURN_IF_ERROR(ExpectTile(dc, 1).status());
  return ColReduced(dc, tile, DataType::kInt32);
}

struct Reduction {
  absl::string_view name;
  absl::string_view doc;
  // 0: no scratch; 1: optional; 2: required.
  int tmp;
  DeduceFn deduce;
};

constexpr Reduction kReductions[] = {
    {"tile.row_sum", "Sum of each row (TROWSUM), keepdim.", 2, DeduceRowReduce},
    {"tile.row_max", "Maximum of each row (TROWMAX), keepdim.", 2, DeduceRowReduce},
    {"tile.row_min", "Minimum of each row (TROWMIN), keepdim.", 2, DeduceRowMin},
    {"tile.row_prod", "Product of each row (TROWPROD), keepdim.", 2, DeduceRowReduce},
    {"tile.col_sum", "Sum of each column (TCOLSUM), keepdim; a scratch tile selects the binary "
                     "tree.", 1, DeduceColSum},
    {"tile.col_max", "Maximum of each column (TCOLMAX), keepdim.", 0, DeduceColReduce},
    {"tile.col_min", "Minimum of each column (TCOLMIN), keepdim.", 0, DeduceColReduce},
    {"tile.col_prod", "Product of each column (TCOLPROD), keepdim.", 0, DeduceColReduce},
    {"tile.row_argmax", "INT32 column index of each row's maximum (TROWARGMAX).", 2,
     DeduceRowArgReduce},
    {"tile.row_argmin", "INT32 column index of each row's minimum (TROWARGMIN).", 2,
     DeduceRowArgReduce},
    {"tile.col_argmax", "INT32 row index of each column's maximum (TCOLARGMAX).", 2,
     DeduceColArgReduce},
    {"tile.col_argmin", "INT32 row index of each column's minimum (TCOLARGMIN).", 2,
     DeduceColArgReduce},
};

}  // namespace

void RegisterTileReductionOps(OpRegistry& registry) {
  for (const Reduction& r : kReductions) {
    OpBuilder b = registry.Register(r.name);
    b.Category(OpCategory::kTile).Doc(r.doc).Arg("tile").VecOperands();
    if (r.tmp == 1) b.OptionalArg("tmp_tile");
    if (r.tmp == 2) b.Arg("tmp_tile");
    b.Deduce(r.deduce);
  }
}

}  // namespace pto::ir
