// Transcendental tile math: tile.sin and tile.cos.
//
// Both are composite: LowerCompositeOps expands them into primitive tile
// arithmetic before codegen. Here they are ordinary ops whose deducer pins
// the FP32-only contract, so a non-FP32 input fails where the user wrote it
// instead of inside the lowering.

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
  return MakeTile(dc, DataType::kFP32, tile->shape(), MemorySpace::kVec, InheritedView(tile));
}

}  // namespace

void RegisterTileUnaryOps(OpRegistry& registry) {
  registry.Register("tile.sin")
      .LoweredBy("lower-composite-ops")
      .Category(OpCategory::kTile)
      .Doc("Element-wise sine of an FP32 tile (composite; lowered before codegen).")
      .Arg("tile")
      .Deduce(DeduceFP32OnlyUnary);
  registry.Register("tile.cos")
      .LoweredBy("lower-composite-ops")
      .Category(OpCategory::kTile)
      .Doc("Element-wise cosine of an FP32 tile (composite; lowered before codegen).")
      .Arg("tile")
      .Deduce(DeduceFP32OnlyUnary);
}

}  // namespace pto::ir
