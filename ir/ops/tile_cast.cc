// tile.cast: element type conversion of a tile.
//
//   pl.tile.cast(t, target_type=pl.FP16, mode='round'[, saturation_mode='off'])
//
// `mode` is the rounding mode (the DSL default 'round' is filled when
// absent). `saturation_mode` follows cast_saturation.h: absent means the
// destination's default. The optional second operand is a caller-owned
// scratch tile some targets need for narrowing conversions.

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/cast_saturation.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

absl::StatusOr<const Type*> DeduceTileCast(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(dc, 0));
  if (dc.num_args() > 1) PTO_RETURN_IF_ERROR(ExpectTile(dc, 1).status());
  PTO_ASSIGN_OR_RETURN(DataType target, RequireDTypeKwarg(dc, "target_type"));
  if (target == tile->dtype()) {
    return dc.Error(absl::StrCat("target_type ", target.name(),
                                 " equals the input dtype; same-dtype cast is not a valid "
                                 "operation"));
  }
  return MakeTile(dc, target, tile->shape(), MemorySpace::kVec, InheritedView(tile));
}

}  // namespace

void RegisterTileCastOps(OpRegistry& registry) {
  registry.Register("tile.cast")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Converts every element of a tile to target_type with the given rounding and "
           "destination saturation.")
      .Arg("tile")
      .OptionalArg("tmp")
      .Kwarg("target_type", AttrKind::kDataType)
      .Kwarg("mode", AttrKind::kRoundMode, AttrValue::Enum(RoundMode::kRound))
      .OptionalKwarg("saturation_mode", AttrKind::kSaturationMode)
      .Canonicalize(CanonicalizeCastKwargs)
      .Deduce(DeduceTileCast);
}

}  // namespace pto::ir
