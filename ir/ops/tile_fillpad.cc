// Padding fills: tile.fillpad, tile.fillpad_inplace, tile.fillpad_expand.
//
//   f = pl.tile.fillpad(t, pad_value=pl.PadValue.min)      # whole tile valid
//   pl.tile.fillpad_inplace(t, pad_value=pl.PadValue.zero)  # rewrites t's padding
//   e = pl.tile.fillpad_expand(t, [32, 64], pad_value=pl.PadValue.zero)
//
// Each writes pad_value (zero, max or min; TFILLPAD has no "null" fill) into
// the elements outside the source's valid region, so the result is valid
// everywhere and records the pad value in its view. fillpad_expand copies
// into a larger destination whose static shape is its second operand.

#include <optional>

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

absl::StatusOr<PadValue> ExpectFillPadValue(const DeduceContext& dc) {
  PadValue pad = dc.FindKwarg("pad_value")->As<PadValue>();
  if (pad == PadValue::kNull) {
    return dc.Error("pad_value must be zero, max or min, not null");
  }
  return pad;
}

// The filled tile: `shape`, fully valid, the source's layout, `pad`, in the
// source's memory space.
absl::StatusOr<const Type*> FilledTile(const DeduceContext& dc, const TileType* src,
                                       ExprSpan shape, PadValue pad) {
  TileView view = InheritedView(src);
  view.valid_shape = {};
  view.pad = pad;
  return MakeTile(dc, src->dtype(), shape, src->memory_space(), view);
}

absl::StatusOr<const Type*> DeduceFillPad(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(PadValue pad, ExpectFillPadValue(dc));
  return FilledTile(dc, tile, tile->shape(), pad);
}

absl::StatusOr<const Type*> DeduceFillPadExpand(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(DimVec shape, ExpectStaticShape(dc, 1));
  if (shape.size() != tile->rank()) {
    return dc.Error(absl::StrCat("shape rank ", shape.size(), " must match the tile rank ",
                                 tile->rank()));
  }
  for (size_t d = 0; d < shape.size(); ++d) {
    std::optional<int64_t> src = AsConstInt(tile->shape()[d]);
    if (src && *AsConstInt(shape[d]) < *src) {
      return dc.Error(absl::StrCat("shape ", FormatShape(shape), " must not be smaller than the ",
                                   "tile shape ", FormatShape(tile->shape()), " (dim ", d, ")"));
    }
  }
  PTO_ASSIGN_OR_RETURN(PadValue pad, ExpectFillPadValue(dc));
  return FilledTile(dc, tile, shape, pad);
}

}  // namespace

void RegisterTileFillPadOps(OpRegistry& registry) {
  const AttrValue zero = AttrValue::Enum(PadValue::kZero);
  registry.Register("tile.fillpad")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Copies a tile and fills the elements outside its valid region with pad_value.")
      .Arg("tile")
      .Kwarg("pad_value", AttrKind::kPadValue, zero)
      .Deduce(DeduceFillPad);
  registry.Register("tile.fillpad_inplace")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Fills the elements outside a tile's valid region with pad_value, in place.")
      .Arg("tile")
      .Kwarg("pad_value", AttrKind::kPadValue, zero)
      .Writes(0)
      .Deduce(DeduceFillPad);
  registry.Register("tile.fillpad_expand")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Copies a tile into the top-left of a larger tile of the given static shape and "
           "fills the rest with pad_value.")
      .Arg("tile")
      .Arg("shape")
      .Kwarg("pad_value", AttrKind::kPadValue, zero)
      .Deduce(DeduceFillPadExpand);
}

}  // namespace pto::ir
