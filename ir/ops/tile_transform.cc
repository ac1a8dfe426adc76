// On-chip tile windows and rearrangements: tile.slice, tile.reshape,
// tile.assemble, tile.extract, tile.scatter_update and tile.concat.
//
//   w = pl.tile.slice(t, [8, 16], [0, i], valid_shape=[8, n])   # a window of t
//   r = pl.tile.reshape(t, [4, 64])
//   a = pl.tile.assemble(big, small, [0, 16])                   # big with small written in
//   l = pl.tile.extract(m, 0, k, [64, 64], target_memory=pl.Mem.Left)
//   u = pl.tile.scatter_update(x, idx, src, dim=-2)
//   c = pl.tile.concat(a, b)                                    # [R, C0 + C1]
//
// A window (slice, extract) has no clamping mechanism on chip: it must fit in
// its source, and its valid extent is the request narrowed to the source's
// valid data under the window.

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/ops/window_read.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

// The valid extents of a window of `source` at `offsets` with extents
// `window`, narrowed from `requested` (empty: the window). Rejects a window a
// constant shows to leave the source.
absl::StatusOr<DimVec> ExactWindowValid(const DeduceContext& dc, const TileType* source,
                                        ExprSpan offsets, ExprSpan window, ExprSpan requested) {
  DimVec valid;
  for (size_t d = 0; d < window.size(); ++d) {
    const Expr* off = offsets[d];
    const Expr* req = requested.empty() ? window[d] : requested[d];
    if (ProveLessEqual(dc.ctx().Index(0), off) == Proof::kFalse) {
      return dc.Error(absl::StrCat("offset ", d, " is negative (", FormatExpr(off), ")"));
    }
    if (ProveLessEqual(req, window[d]) == Proof::kFalse) {
      return dc.Error(absl::StrCat("valid_shape ", d, " is ", FormatExpr(req),
                                   ", which exceeds the window extent ", FormatExpr(window[d])));
    }
    std::optional<int64_t> o = AsConstInt(off);
    std::optional<int64_t> w = AsConstInt(window[d]);
    std::optional<int64_t> s = AsConstInt(source->shape()[d]);
    if (o && w && s && *o + *w > *s) {
      return dc.Error(absl::StrCat("window leaves the source in dimension ", d, ": offset ", *o,
                                   " + extent ", *w, " exceeds the source extent ", *s,
                                   "; an on-chip window cannot be clamped"));
    }
    valid.push_back(WindowReadValidExtent(
        dc.ctx(),
        WindowReadDim{source->shape()[d], source->ValidShape()[d], off, window[d], req},
        /*clamp=*/false, WindowNarrowing::kExact));
  }
  return valid;
}

// A MakeTuple of positive integer constants of rank `rank` (0: any).
absl::StatusOr<DimVec> StaticExtents(const DeduceContext& dc, size_t i, absl::string_view what) {
  PTO_ASSIGN_OR_RETURN(ExprSpan elems, ExpectTuple(dc, i));
  DimVec out;
  for (size_t d = 0; d < elems.size(); ++d) {
    std::optional<int64_t> c = AsConstInt(elems[d]);
    if (!c || *c <= 0) {
      return dc.Error(absl::StrCat(what, " element ", d,
                                   " must be a positive integer constant, got ",
                                   FormatExpr(elems[d])));
    }
    out.push_back(dc.ctx().Index(*c));
  }
  if (out.empty()) return dc.Error(absl::StrCat(what, " must not be empty"));
  return out;
}

// --- tile.slice ------------------------------------------------------------------

absl::StatusOr<const Type*> DeduceSlice(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(DimVec shape, StaticExtents(dc, 1, "shape"));
  PTO_ASSIGN_OR_RETURN(ExprSpan offsets, ExpectTuple(dc, 2));
  PTO_RETURN_IF_ERROR(ExpectIntegerScalars(dc, offsets, "offset"));
  if (offsets.size() != shape.size() || shape.size() != tile->rank()) {
    return dc.Error(absl::StrCat("shape and offset must have the tile's rank ", tile->rank(),
                                 ", got ", shape.size(), " and ", offsets.size()));
  }
  ExprSpan requested;
  if (dc.num_args() > 3 && dc.arg(3) != nullptr) {
    PTO_ASSIGN_OR_RETURN(requested, ExpectTuple(dc, 3));
    PTO_RETURN_IF_ERROR(ExpectIntegerScalars(dc, requested, "valid_shape"));
    if (!requested.empty() && requested.size() != shape.size()) {
      return dc.Error(absl::StrCat("valid_shape must have rank ", shape.size(), ", got ",
                                   requested.size()));
    }
  }
  PTO_ASSIGN_OR_RETURN(DimVec valid, ExactWindowValid(dc, tile, offsets, shape, requested));
  if (dc.num_args() > 4) {
    // drop_dims: unit dims removed from the result, which keeps rank >= 2.
    PTO_ASSIGN_OR_RETURN(ExprSpan drops, ExpectTuple(dc, 4));
    std::vector<bool> dropped(shape.size(), false);
    for (const Expr* e : drops) {
      std::optional<int64_t> c = AsConstInt(e);
      if (c && *c < 0) *c += static_cast<int64_t>(shape.size());
      if (!c || *c < 0 || *c >= static_cast<int64_t>(shape.size()) || dropped[*c]) {
        return dc.Error(absl::StrCat("drop_dims element ", FormatExpr(e),
                                     " is not a distinct dimension of the rank-", shape.size(),
                                     " window"));
      }
      if (AsConstInt(shape[*c]) != 1) {
        return dc.Error(absl::StrCat("drop_dims may drop only extent-1 dimensions; dimension ", *c,
                                     " has extent ", FormatExpr(shape[*c])));
      }
      dropped[*c] = true;
    }
    DimVec kept_shape, kept_valid;
    for (size_t d = 0; d < shape.size(); ++d) {
      if (dropped[d]) continue;
      kept_shape.push_back(shape[d]);
      kept_valid.push_back(valid[d]);
    }
    while (kept_shape.size() < 2) {
      kept_shape.insert(kept_shape.begin(), dc.ctx().Index(1));
      kept_valid.insert(kept_valid.begin(), dc.ctx().Index(1));
    }
    shape = kept_shape;
    valid = kept_valid;
  }
  PTO_ASSIGN_OR_RETURN(const TileType* plain,
                       MakeTileWithValid(dc, tile->dtype(), shape, tile->memory_space(), valid));
  TileView view = plain->EffectiveView();
  if (tile->view() != nullptr) {
    TileView src = tile->EffectiveView();
    view.blayout = src.blayout;
    view.slayout = src.slayout;
    view.fractal = src.fractal;
    view.pad = src.pad;
    view.compact = src.compact;
  }
  if (const AttrValue* pad = dc.FindKwarg("pad_value")) view.pad = pad->As<PadValue>();
  return MakeTile(dc, tile->dtype(), shape, tile->memory_space(), view);
}

// --- tile.reshape ------------------------------------------------------------------

std::optional<int64_t> StaticProduct(ExprSpan dims) {
  int64_t p = 1;
  for (const Expr* d : dims) {
    std::optional<int64_t> c = AsConstInt(d);
    if (!c) return std::nullopt;
    p *= *c;
  }
  return p;
}

absl::StatusOr<const Type*> DeduceReshape(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(ExprSpan elems, ExpectTuple(dc, 1));
  PTO_RETURN_IF_ERROR(ExpectIntegerScalars(dc, elems, "shape"));
  if (elems.empty()) return dc.Error("shape must not be empty");
  DimVec shape(elems.begin(), elems.end());
  std::optional<int64_t> before = StaticProduct(tile->shape());
  std::optional<int64_t> after = StaticProduct(shape);
  if (before && after && *before != *after) {
    return dc.Error(absl::StrCat("cannot reshape a tile of ", *before, " elements into ",
                                 FormatShape(shape), " (", *after, " elements)"));
  }
  // The valid region survives a reshape only when it stays one row-major
  // prefix: fully valid, or narrowed in the leading dim with identical
  // trailing dims on both sides.
  ExprSpan src_valid = tile->ValidShape();
  bool full = true;
  for (size_t d = 0; d < tile->rank(); ++d) {
    full = full && ProveEqual(src_valid[d], tile->shape()[d]) == Proof::kTrue;
  }
  DimVec valid;
  if (!full) {
    bool trailing_same = shape.size() == tile->rank();
    for (size_t d = 1; trailing_same && d < shape.size(); ++d) {
      trailing_same = ProveEqual(shape[d], tile->shape()[d]) == Proof::kTrue &&
                      ProveEqual(src_valid[d], tile->shape()[d]) == Proof::kTrue;
    }
    if (!trailing_same) {
      return dc.Error(absl::StrCat("cannot carry the valid region ", FormatShape(src_valid),
                                   " of a ", FormatShape(tile->shape()), " tile into shape ",
                                   FormatShape(shape), "; make the tile fully valid first"));
    }
    valid.assign(src_valid.begin(), src_valid.end());
  }
  PTO_ASSIGN_OR_RETURN(const TileType* plain,
                       MakeTileWithValid(dc, tile->dtype(), shape, tile->memory_space(), valid));
  TileView view = plain->EffectiveView();
  TileView src = tile->EffectiveView();
  view.pad = src.pad;
  view.compact = src.compact;
  return MakeTile(dc, tile->dtype(), shape, tile->memory_space(), view);
}

// --- tile.assemble -------------------------------------------------------------------

absl::StatusOr<const Type*> DeduceAssemble(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* target, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* source, ExpectTile(dc, 1));
  PTO_ASSIGN_OR_RETURN(ExprSpan offsets, ExpectTuple(dc, 2));
  PTO_RETURN_IF_ERROR(ExpectIntegerScalars(dc, offsets, "offset"));
  // Acc -> Mat through the fixpipe may narrow FP32 to BF16/FP16.
  bool fixpipe_downcast =
      source->dtype() == DataType::kFP32 &&
      (target->dtype() == DataType::kBF16 || target->dtype() == DataType::kFP16);
  if (target->dtype() != source->dtype() && !fixpipe_downcast) {
    return dc.Error(absl::StrCat("requires target and source of the same dtype (or an FP32 source "
                                 "into a BF16/FP16 target), got ",
                                 target->dtype().name(), " and ", source->dtype().name()));
  }
  size_t rank = target->rank();
  ExprSpan result_valid = target->ValidShape();
  if (source->rank() == rank && offsets.size() == rank) {
    // The whole source subview is copied, so its allocation must fit.
    for (size_t d = 0; d < rank; ++d) {
      std::optional<int64_t> o = AsConstInt(offsets[d]);
      std::optional<int64_t> s = AsConstInt(source->shape()[d]);
      std::optional<int64_t> t = AsConstInt(target->shape()[d]);
      if ((o && *o < 0) || (o && s && t && *o + *s > *t)) {
        return dc.Error(absl::StrCat("writes past the end of dimension ", d, ": offset ",
                                     FormatExpr(offsets[d]), " + source extent ",
                                     FormatExpr(source->shape()[d]), " exceeds the target extent ",
                                     FormatExpr(target->shape()[d])));
      }
    }
    // An anchored write that covers the target's valid region widens it to
    // the source's; any other write leaves a fully valid target as it was.
    bool anchored = true, covers = true;
    for (size_t d = 0; d < rank; ++d) {
      anchored = anchored && AsConstInt(offsets[d]) == 0;
      covers = covers &&
               ProveLessEqual(target->ValidShape()[d], source->ValidShape()[d]) == Proof::kTrue;
    }
    if (anchored && covers) result_valid = source->ValidShape();
  }
  TileView view = target->EffectiveView();
  view.valid_shape = result_valid;
  return MakeTile(dc, target->dtype(), target->shape(), target->memory_space(), view);
}

// --- tile.extract --------------------------------------------------------------------

absl::StatusOr<const Type*> DeduceExtract(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* src, ExpectTile(dc, 0));
  if (src->rank() != 2) return dc.Error(absl::StrCat("requires a 2-D src, got rank ", src->rank()));
  PTO_RETURN_IF_ERROR(ExpectIntegerScalars(dc, dc.args().subspan(1, 2), "index_row/index_col"));
  PTO_ASSIGN_OR_RETURN(DimVec shape, StaticExtents(dc, 3, "shape"));
  if (shape.size() != 2) {
    return dc.Error(absl::StrCat("shape must be 2-D, got rank ", shape.size()));
  }
  for (size_t d = 0; d < 2; ++d) {
    std::optional<int64_t> s = AsConstInt(src->shape()[d]);
    if (s && *AsConstInt(shape[d]) > *s) {
      return dc.Error(absl::StrCat("shape[", d, "]=", FormatExpr(shape[d]),
                                   " exceeds the src extent ", *s));
    }
  }
  PTO_ASSIGN_OR_RETURN(DimVec valid, ExactWindowValid(dc, src, dc.args().subspan(1, 2), shape, {}));
  MemorySpace target = dc.FindKwarg("target_memory")->As<MemorySpace>();
  PTO_ASSIGN_OR_RETURN(const TileType* plain,
                       MakeTileWithValid(dc, src->dtype(), shape, target, valid));
  TileView view = plain->EffectiveView();
  // TEXTRACT into L0 writes the ZZ (Left) / ZN (Right) fractal orders.
  if (target == MemorySpace::kLeft || target == MemorySpace::kRight) {
    view.blayout = TileLayout::kRowMajor;
    view.slayout = target == MemorySpace::kLeft ? TileLayout::kRowMajor : TileLayout::kColMajor;
    if (!ExprListIdentical(valid, shape)) view.compact = CompactMode::kNormal;
  }
  return MakeTile(dc, src->dtype(), shape, target, view);
}

// --- tile.scatter_update / tile.concat --------------------------------------------------

absl::StatusOr<const Type*> DeduceScatterUpdate(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* input, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* index, ExpectTile(dc, 1));
  PTO_ASSIGN_OR_RETURN(const TileType* src, ExpectTile(dc, 2));
  if (input->rank() != 2 && input->rank() != 4) {
    return dc.Error(absl::StrCat("input must be 2-D or 4-D, got rank ", input->rank()));
  }
  if (index->rank() != 2 || !index->dtype().IsInt()) {
    return dc.Error(absl::StrCat("index must be a 2-D integer tile [b, s], got ",
                                 index->dtype().name(), " rank ", index->rank()));
  }
  if (src->rank() != input->rank() || src->dtype() != input->dtype()) {
    return dc.Error(absl::StrCat("src must have the input's dtype and rank (",
                                 input->dtype().name(), ", rank ", input->rank(), "), got ",
                                 src->dtype().name(), ", rank ", src->rank()));
  }
  int64_t dim = dc.FindKwarg("dim")->int_value();
  if (dim != -2) return dc.Error(absl::StrCat("supports only dim=-2, got ", dim));
  return MakeTile(dc, input->dtype(), input->shape(), MemorySpace::kVec, input->EffectiveView());
}

absl::StatusOr<const Type*> DeduceConcat(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* a, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* b, ExpectTile(dc, 1));
  if (a->dtype() != b->dtype()) {
    return dc.Error(absl::StrCat("src0 and src1 must have the same dtype, got ", a->dtype().name(),
                                 " and ", b->dtype().name()));
  }
  if (a->rank() != 2 || b->rank() != 2) return dc.Error("requires 2-D tiles");
  std::optional<int64_t> r0 = AsConstInt(a->shape()[0]);
  std::optional<int64_t> r1 = AsConstInt(b->shape()[0]);
  if (r0 && r1 && *r0 != *r1) {
    return dc.Error(absl::StrCat("row counts must match, got ", *r0, " and ", *r1));
  }
  DimVec shape{a->shape()[0], AddExtent(dc.ctx(), a->shape()[1], b->shape()[1])};
  return MakeTile(dc, a->dtype(), shape, MemorySpace::kVec);
}

}  // namespace

void RegisterTileTransformOps(OpRegistry& registry) {
  registry.Register("tile.slice")
      .Category(OpCategory::kTile)
      .Doc("A static-shape window of a tile at the given offsets, in the tile's memory space.")
      .Arg("input")
      .Arg("shape")
      .Arg("offset")
      .OptionalArg("valid_shape")
      .OptionalArg("drop_dims")
      .OptionalKwarg("pad_value", AttrKind::kPadValue)
      .Deduce(DeduceSlice);
  registry.Register("tile.reshape")
      .Category(OpCategory::kTile)
      .Doc("The same elements under another shape; the valid region is carried, never widened.")
      .Arg("input")
      .Arg("shape")
      .Deduce(DeduceReshape);
  registry.Register("tile.assemble")
      .Category(OpCategory::kTile)
      .Doc("Writes a source tile into a target tile at the given offset; returns the target.")
      .Arg("target")
      .Arg("source")
      .Arg("offset")
      .Writes(0)
      .Deduce(DeduceAssemble);
  registry.Register("tile.extract")
      .Category(OpCategory::kTile)
      .Doc("Copies a static 2-D window of a tile into a new tile in target_memory (TEXTRACT).")
      .Arg("src")
      .Arg("index_row")
      .Arg("index_col")
      .Arg("shape")
      .KeywordOnly()
      .Kwarg("target_memory", AttrKind::kMemorySpace)
      .Deduce(DeduceExtract);
  registry.Register("tile.scatter_update")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Overwrites rows of input selected by a 2-D index tile with rows of src.")
      .Arg("input")
      .Arg("index")
      .Arg("src")
      .Kwarg("dim", AttrKind::kInt, AttrValue::Int(-2))
      .Writes(0)
      .Deduce(DeduceScatterUpdate);
  registry.Register("tile.concat")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Concatenates two 2-D tiles along the column dimension.")
      .Arg("src0")
      .Arg("src1")
      .Deduce(DeduceConcat);
}

}  // namespace pto::ir
