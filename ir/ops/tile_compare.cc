// Tile comparison and selection: tile.cmp, tile.cmps, tile.sel, tile.sels.
//
//   m = pl.tile.cmps(x, 0.0, cmp_type=4)            # packed predicate mask
//   y = pl.tile.sels(m, x, tmp, pl.const(0.0, pl.FP32))
//
// A compare produces the packed predicate mask of type_inference.h (one bit
// per element, UINT8 carrier rows padded to 32 bytes). tile.sel / tile.sels
// are the 1:1 forms of TSEL / TSELS with a caller-owned scratch tile.

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/select_operands.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr DataType kSelsSrcDTypes[] = {DataType::kInt8,   DataType::kUInt8, DataType::kInt16,
                                       DataType::kUInt16, DataType::kInt32, DataType::kUInt32,
                                       DataType::kFP16,   DataType::kFP32};
constexpr DataType kSelsMaskDTypes[] = {DataType::kInt8,  DataType::kUInt8,  DataType::kInt16,
                                        DataType::kUInt16, DataType::kInt32, DataType::kUInt32};

absl::Status CheckCmpType(const DeduceContext& dc) {
  int64_t cmp = dc.FindKwarg("cmp_type")->int_value();
  if (cmp < 0 || cmp >= EnumSize<CmpType>()) {
    return dc.Error(absl::StrCat("cmp_type must be 0..5 (EQ, NE, LT, LE, GT, GE), got ", cmp));
  }
  return absl::OkStatus();
}

absl::StatusOr<const Type*> DeduceTileCmp(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* rhs, ExpectTile(dc, 1));
  PTO_RETURN_IF_ERROR(CheckCmpType(dc));
  absl::StatusOr<DimVec> shape = BroadcastShapes(lhs->shape(), rhs->shape());
  if (!shape.ok()) return dc.Error(shape.status().message());
  return PackedPredicateMaskType(dc, *shape, lhs);
}

absl::StatusOr<const Type*> DeduceTileCmps(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectScalar(dc, 1).status());
  PTO_RETURN_IF_ERROR(CheckCmpType(dc));
  return PackedPredicateMaskType(dc, lhs);
}

// The mask's encoding is target-defined for TSEL, so only its kind is checked.
absl::StatusOr<const Type*> DeduceTileSel(const DeduceContext& dc) {
  PTO_RETURN_IF_ERROR(ExpectTile(dc, 0).status());
  PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, 1));
  PTO_ASSIGN_OR_RETURN(const TileType* rhs, ExpectTile(dc, 2));
  PTO_RETURN_IF_ERROR(ExpectTile(dc, 3).status());
  absl::StatusOr<DimVec> shape = BroadcastShapes(lhs->shape(), rhs->shape());
  if (!shape.ok()) return dc.Error(shape.status().message());
  return MakeTile(dc, PromoteDataTypes(lhs->dtype(), rhs->dtype()), *shape, MemorySpace::kVec,
                  InheritedView(dc.ctx(), lhs, *shape));
}

absl::StatusOr<const Type*> DeduceTileSels(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* mask, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* src, ExpectTile(dc, 1));
  PTO_ASSIGN_OR_RETURN(const TileType* tmp, ExpectTile(dc, 2));
  PTO_ASSIGN_OR_RETURN(const ScalarType* scalar, ExpectScalar(dc, 3));
  for (auto [name, t] : {std::pair<absl::string_view, const TileType*>{"mask", mask},
                         {"src", src},
                         {"tmp", tmp}}) {
    if (t->rank() != 2) {
      return dc.Error(absl::StrCat("needs a rank-2 ", name, " tile, got rank ", t->rank()));
    }
  }
  PTO_RETURN_IF_ERROR(ExpectDType(dc, mask->dtype(), kSelsMaskDTypes, "mask dtype"));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, src->dtype(), kSelsSrcDTypes, "src dtype"));
  DataType want = TselsScalarDataType(src->dtype());
  if (scalar->dtype() != want) {
    return dc.Error(absl::StrCat("scalar dtype must be ", want.name(), " for src dtype ",
                                 src->dtype().name(), ", got ", scalar->dtype().name()));
  }
  ExprSpan mask_valid = mask->ValidShape();
  ExprSpan src_valid = src->ValidShape();
  if (ProveLessEqual(src_valid[0], mask_valid[0]) != Proof::kTrue) {
    return dc.Error(absl::StrCat("mask valid rows must cover src valid rows, got mask valid shape ",
                                 FormatShape(mask_valid), " and src valid shape ",
                                 FormatShape(src_valid)));
  }
  Context& ctx = dc.ctx();
  const Expr* needed = CeilDivExtent(ctx, src_valid[1], kMaskBitsPerByte);
  const Expr* row_bytes = MulExtent(ctx, mask_valid[1], ctx.Index(mask->dtype().bytes()));
  if (ProveLessEqual(needed, row_bytes) != Proof::kTrue) {
    return dc.Error(absl::StrCat(
        "each mask row must hold ceil(src valid columns / 8) bytes, got mask valid shape ",
        FormatShape(mask_valid), " of ", mask->dtype().name(), " and src valid shape ",
        FormatShape(src_valid)));
  }
  return SameShapeTileResult(dc, src, src->dtype());
}

}  // namespace

void RegisterTileCompareOps(OpRegistry& registry) {
  registry.Register("tile.cmp")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Element-wise comparison of two tiles; returns a packed predicate mask.")
      .Arg("lhs")
      .Arg("rhs")
      .Kwarg("cmp_type", AttrKind::kInt, AttrValue::Int(0))
      .Deduce(DeduceTileCmp);
  registry.Register("tile.cmps")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Element-wise comparison of a tile with a scalar; returns a packed predicate mask.")
      .Arg("lhs")
      .Arg("rhs")
      .Kwarg("cmp_type", AttrKind::kInt, AttrValue::Int(0))
      .Deduce(DeduceTileCmps);
  registry.Register("tile.sel")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Per-element choice between two tiles under a predicate mask (TSEL); tmp is "
           "caller-owned scratch.")
      .Arg("mask")
      .Arg("lhs")
      .Arg("rhs")
      .Arg("tmp")
      .Deduce(DeduceTileSel);
  registry.Register("tile.sels")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Per-element choice between a tile and a scalar under a predicate mask (TSELS): "
           "mask ? src : scalar; tmp is caller-owned scratch.")
      .Arg("mask")
      .Arg("src")
      .Arg("tmp")
      .Arg("scalar")
      .Deduce(DeduceTileSels);
}

}  // namespace pto::ir
