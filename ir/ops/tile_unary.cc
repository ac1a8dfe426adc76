// Unary tile math: the composite tile.sin and tile.cos, and the primitive
// exp, sqrt, relu, recip, rsqrt and log.
//
//   e = pl.tile.exp(t)
//   r = pl.tile.rsqrt(t, tmp)       # a scratch tile selects the precise path
//   l = pl.tile.log(t, high_precision=True)
//
// sin and cos are composite: LowerCompositeOps expands them into primitive
// tile arithmetic before codegen. Here they are ordinary ops whose deducer
// pins the FP32-only contract, so a non-FP32 input fails where the user wrote
// it instead of inside the lowering. The primitive ops keep their input's
// shape, dtype and valid shape.

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

absl::StatusOr<const Type*> DeduceFP32OnlyUnary(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(dc, 0));
  if (tile->dtype() != DataType::kFP32) {
    return dc.Error(absl::StrCat("is FP32-only, got ", tile->dtype().name(),
                                 "; cast the input to FP32 first (pl.cast(x, pl.FP32))"));
  }
  return SameShapeTileResult(dc, tile, DataType::kFP32);
}

constexpr DataType kHighPrecisionDTypes[] = {DataType::kFP16, DataType::kFP32};

absl::StatusOr<const Type*> DeduceUnary(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(dc, 0));
  return SameShapeTileResult(dc, tile, tile->dtype());
}

// Upstream's builders record high_precision only when it is true, so a
// written `high_precision=False` is dropped and prints as the default.
void DropFalseHighPrecision(const Op& op, ExprSpan, KwargList& kwargs) {
  int key = op.FindKwarg("high_precision");
  for (auto it = kwargs.begin(); it != kwargs.end(); ++it) {
    if (it->key == key && it->value.kind() == AttrKind::kBool && !it->value.bool_value()) {
      kwargs.erase(it);
      return;
    }
  }
}

// recip: PTOAS's high-precision template exists for FP16 and FP32 only.
absl::StatusOr<const Type*> DeduceRecip(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(dc, 0));
  if (const AttrValue* hp = dc.FindKwarg("high_precision"); hp != nullptr && hp->bool_value()) {
    PTO_RETURN_IF_ERROR(
        ExpectDType(dc, tile->dtype(), kHighPrecisionDTypes, "with high_precision, tile dtype"));
  }
  return SameShapeTileResult(dc, tile, tile->dtype());
}

// log: TLOG takes FP16 and FP32 in either mode.
absl::StatusOr<const Type*> DeduceLog(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, tile->dtype(), kHighPrecisionDTypes, "tile dtype"));
  return SameShapeTileResult(dc, tile, tile->dtype());
}

// rsqrt: the optional scratch tile has the input's dtype and shape.
absl::StatusOr<const Type*> DeduceRsqrt(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(dc, 0));
  if (dc.num_args() > 1) {
    PTO_ASSIGN_OR_RETURN(const TileType* tmp, ExpectTile(dc, 1));
    if (tmp->dtype() != tile->dtype()) {
      return dc.Error(absl::StrCat("tmp dtype must match the tile dtype, got ",
                                   tmp->dtype().name(), " and ", tile->dtype().name()));
    }
    if (!ExprListIdentical(tmp->shape(), tile->shape())) {
      return dc.Error(absl::StrCat("tmp must have the tile's shape ",
                                   FormatShape(tile->shape()), ", got ",
                                   FormatShape(tmp->shape())));
    }
  }
  return SameShapeTileResult(dc, tile, tile->dtype());
}

}  // namespace

void RegisterTileUnaryOps(OpRegistry& registry) {
  registry.Register("tile.sin")
      .LoweredBy("lower-composite-ops")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Element-wise sine of an FP32 tile (composite; lowered before codegen).")
      .Arg("tile")
      .Deduce(DeduceFP32OnlyUnary);
  registry.Register("tile.cos")
      .LoweredBy("lower-composite-ops")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Element-wise cosine of an FP32 tile (composite; lowered before codegen).")
      .Arg("tile")
      .Deduce(DeduceFP32OnlyUnary);

  registry.Register("tile.exp")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Element-wise exponential of a tile.")
      .Arg("tile")
      .Deduce(DeduceUnary);
  registry.Register("tile.sqrt")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Element-wise square root of a tile.")
      .Arg("tile")
      .Deduce(DeduceUnary);
  registry.Register("tile.relu")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Element-wise ReLU of a tile: max(x, 0).")
      .Arg("tile")
      .Deduce(DeduceUnary);
  registry.Register("tile.recip")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Element-wise reciprocal 1/x of a tile; high_precision (FP16/FP32) selects PTOAS's "
           "precise template.")
      .Arg("tile")
      .OptionalKwarg("high_precision", AttrKind::kBool)
      .Canonicalize(DropFalseHighPrecision)
      .Deduce(DeduceRecip);
  registry.Register("tile.rsqrt")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Element-wise 1/sqrt(x) of a tile; a scratch tile of its shape and dtype selects "
           "the high-precision path.")
      .Arg("tile")
      .OptionalArg("tmp")
      .Deduce(DeduceRsqrt);
  registry.Register("tile.log")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Element-wise natural logarithm of an FP16 or FP32 tile.")
      .Arg("tile")
      .OptionalKwarg("high_precision", AttrKind::kBool)
      .Canonicalize(DropFalseHighPrecision)
      .Deduce(DeduceLog);
}

}  // namespace pto::ir
