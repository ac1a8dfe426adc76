// Zero-copy tile views: tile.transpose_view, tile.reinterpret_view and
// tile.set_validshape. Each result aliases its source's bytes, so it keeps
// the source's memory space and describes the same layout differently.
//
//   v = pl.tile.transpose_view(t)                 # [M, N] NZ -> [N, M] ZN
//   b = pl.tile.reinterpret_view(t, dtype=pl.INT8[, shape=[16, 64]])
//   p = pl.tile.set_validshape(t, rows, cols)

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/reinterpret_view.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

TileLayout FlipMajor(TileLayout l) {
  switch (l) {
    case TileLayout::kRowMajor: return TileLayout::kColMajor;
    case TileLayout::kColMajor: return TileLayout::kRowMajor;
    case TileLayout::kNoneBox: return TileLayout::kNoneBox;
  }
  return l;
}

// Swaps the trailing two dims and maps each layout to its transpose dual
// (NZ <-> ZN, NN <-> ZZ, ND <-> DN): the same bytes read transposed.
absl::StatusOr<const Type*> DeduceTransposeView(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(dc, 0));
  size_t rank = tile->rank();
  if (rank < 2) return dc.Error(absl::StrCat("needs a tile of rank >= 2, got rank ", rank));
  TileView src = tile->EffectiveView();
  DimVec shape(tile->shape().begin(), tile->shape().end());
  DimVec valid(tile->ValidShape().begin(), tile->ValidShape().end());
  std::swap(shape[rank - 2], shape[rank - 1]);
  std::swap(valid[rank - 2], valid[rank - 1]);
  TileView view;
  view.valid_shape = valid;
  view.blayout = FlipMajor(src.blayout);
  view.slayout = FlipMajor(src.slayout);
  view.fractal = src.fractal;
  view.pad = src.pad;
  view.compact = src.compact;
  return MakeTile(dc, tile->dtype(), shape, tile->memory_space(), view);
}

absl::StatusOr<const Type*> DeduceReinterpretView(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(dc, 0));
  if (tile->rank() == 0) return dc.Error("needs a tile of rank >= 1");
  PTO_ASSIGN_OR_RETURN(DataType target, RequireDTypeKwarg(dc, "dtype"));
  TileView src = tile->EffectiveView();
  // The one boxed exception is the MX block-scale alias: a fractal-32 scale
  // tile read as UINT8 exponents or as FP8E8M0, whose byte layout is the same.
  bool mx_scale_alias =
      src.fractal == 32 && src.slayout == src.blayout && src.slayout != TileLayout::kNoneBox &&
      ((tile->dtype() == DataType::kUInt8 && target == DataType::kFP8E8M0) ||
       (tile->dtype() == DataType::kFP8E8M0 && target == DataType::kUInt8));
  if (src.slayout != TileLayout::kNoneBox && !mx_scale_alias) {
    return dc.Error("supports only flat tiles (slayout none_box), not boxed/fractal ones");
  }
  if (src.blayout == TileLayout::kNoneBox) {
    return dc.Error("needs a row_major or col_major blayout");
  }
  bool col_major = src.blayout == TileLayout::kColMajor;
  if (col_major && tile->rank() < 2) return dc.Error("needs rank >= 2 for a col_major tile");
  if (!src.stride.empty()) return dc.Error("supports only packed tiles (no explicit stride)");
  if (src.start_offset != nullptr && AsConstInt(src.start_offset) != 0) {
    return dc.Error(absl::StrCat("needs a zero start_offset, got ",
                                 FormatExpr(src.start_offset)));
  }
  std::optional<ExprSpan> requested;
  if (dc.num_args() > 1) {
    PTO_ASSIGN_OR_RETURN(ExprSpan shape, ExpectTuple(dc, 1));
    PTO_RETURN_IF_ERROR(ExpectIntegerScalars(dc, shape, "shape"));
    if (col_major && shape.size() < 2) {
      return dc.Error("needs a target rank >= 2 for a col_major tile");
    }
    requested = shape;
  }
  size_t axis = tile->rank() - (col_major ? 2 : 1);
  PTO_ASSIGN_OR_RETURN(ReinterpretPlan plan,
                       PlanReinterpret(dc, ReinterpretRequest{tile->shape(), tile->ValidShape(),
                                                              tile->dtype(), target, axis,
                                                              requested}));
  TileView view = src;
  view.valid_shape = plan.valid_shape;
  view.pad = ReinterpretedPad(src.pad);
  view.stride = {};
  view.start_offset = nullptr;
  return MakeTile(dc, target, plan.shape, tile->memory_space(), view);
}

absl::StatusOr<const Type*> DeduceSetValidShape(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(dc, 0));
  if (tile->rank() != 2) return dc.Error(absl::StrCat("needs a 2-D tile, got rank ", tile->rank()));
  for (size_t i : {1, 2}) {
    PTO_ASSIGN_OR_RETURN(const ScalarType* s, ExpectScalar(dc, i));
    absl::string_view name = dc.op().args()[i].name;
    if (!s->dtype().IsIndexLike()) {
      return dc.Error(absl::StrCat(name, " must be INT64, UINT64 or INDEX, got ",
                                   s->dtype().name()));
    }
    if (std::optional<int64_t> v = AsConstInt(dc.arg(i))) {
      const Expr* bound = tile->shape()[i - 1];
      if (*v < 0) return dc.Error(absl::StrCat(name, " must be >= 0, got ", *v));
      if (std::optional<int64_t> b = AsConstInt(bound); b && *v > *b) {
        return dc.Error(absl::StrCat(name, " (", *v, ") exceeds the tile extent ", *b));
      }
    }
  }
  // The result aliases the source buffer: it keeps the source's whole
  // effective view (an implicit Acc layout stays Acc) and only narrows it.
  TileView view = tile->EffectiveView();
  const Expr* valid[] = {dc.arg(1), dc.arg(2)};
  view.valid_shape = valid;
  return MakeTile(dc, tile->dtype(), tile->shape(), tile->memory_space(), view);
}

}  // namespace

void RegisterTileViewOps(OpRegistry& registry) {
  registry.Register("tile.transpose_view")
      .Category(OpCategory::kTile)
      .Doc("Zero-copy transpose of the trailing two dims by switching to the dual layout "
           "(NZ <-> ZN).")
      .Arg("input")
      .Deduce(DeduceTransposeView);
  registry.Register("tile.reinterpret_view")
      .Category(OpCategory::kTile)
      .Doc("Zero-copy view of a flat, packed tile as another element type of the same bytes.")
      .Arg("data")
      .KeywordArg("shape", /*optional=*/true)
      .Kwarg("dtype", AttrKind::kDataType)
      .Deduce(DeduceReinterpretView);
  registry.Register("tile.set_validshape")
      .Category(OpCategory::kTile)
      .Doc("Sets the valid rows and columns of a 2-D tile (metadata only).")
      .Arg("tile")
      .Arg("valid_rows")
      .Arg("valid_cols")
      .Deduce(DeduceSetValidShape);
}

}  // namespace pto::ir
