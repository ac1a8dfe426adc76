// On-chip gathers and scatters: tile.gather (index form), tile.gatherb
// (32-byte blocks), tile.gather_mask (fixed column patterns),
// tile.gather_compare (indices of elements passing a compare, plus counts),
// tile.gather_row (one GM row into a sub-region of a tile), tile.scatter and
// tile.scatter_mask.
//
//   g = pl.tile.gather(src, idx, tmp)                 # g[i, j] = src[idx[i, j]]
//   h = pl.tile.gather_mask(src, mask_pattern=1)      # every other column
//   d, c = pl.tile.gather_compare(src, k, tmp, cmp_mode=0, offset=0, out_cols=16)
//   dst = pl.tile.scatter(dst, src, idx)              # dst.flat[idx[i, j]] = src[i, j]
//
// Mask patterns 1..7 are P0101, P1010, P0001, P0010, P0100, P1000, P1111:
// 1-2 keep every second column, 3-6 every fourth, 7 all of them.

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr DataType kGatherDTypes[] = {DataType::kFP16, DataType::kFP32, DataType::kInt16,
                                      DataType::kInt32};
constexpr DataType kGatherbDTypes[] = {DataType::kInt8,   DataType::kUInt8,  DataType::kInt16,
                                       DataType::kUInt16, DataType::kInt32,  DataType::kUInt32,
                                       DataType::kFP16,   DataType::kBF16,   DataType::kFP32};
constexpr DataType kScatterDTypes[] = {DataType::kFP16,  DataType::kFP32,  DataType::kBF16,
                                       DataType::kInt16, DataType::kInt32, DataType::kInt8};
constexpr DataType kCountDTypes[] = {DataType::kInt32, DataType::kUInt32};
constexpr int64_t kBlockBytes = 32;
constexpr int64_t kGatherbOffsetAlign = 8;
constexpr int64_t kMaxCmpMode = 5;  // eq, ne, lt, le, gt, ge

// Columns kept by a mask pattern: every `n`th.
absl::StatusOr<int64_t> MaskStride(const DeduceContext& dc) {
  int64_t pattern = dc.FindKwarg("mask_pattern")->int_value();
  if (pattern < 1 || pattern > 7) {
    return dc.Error(absl::StrCat("requires mask_pattern in 1..7, got ", pattern));
  }
  return pattern == 7 ? 1 : pattern <= 2 ? 2 : 4;
}

absl::Status ExpectRank2(const DeduceContext& dc, const TileType* t, absl::string_view what) {
  if (t->rank() == 2) return absl::OkStatus();
  return dc.Error(absl::StrCat("requires ", what, " to be 2-D, got rank ", t->rank()));
}

// A fresh Vec tile whose view keeps `src`'s layouts.
absl::StatusOr<const TileType*> LikeSrc(const DeduceContext& dc, DataType dtype, ExprSpan shape,
                                        ExprSpan valid, const TileType* src) {
  TileView view = InheritedView(src);
  view.valid_shape = valid;
  view.pad = PadValue::kNull;
  view.compact = CompactMode::kNull;
  return MakeTile(dc, dtype, shape, MemorySpace::kVec, view);
}

absl::StatusOr<const Type*> DeduceGather(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* src, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* idx, ExpectTile(dc, 1));
  PTO_RETURN_IF_ERROR(ExpectTile(dc, 2).status());
  PTO_RETURN_IF_ERROR(ExpectDType(dc, src->dtype(), kGatherDTypes, "src dtype"));
  bool i16_ok = idx->dtype() == DataType::kInt16 && src->dtype().bytes() == 2;
  if (idx->dtype() != DataType::kInt32 && !i16_ok) {
    return dc.Error(absl::StrCat("requires INT32 indices (or INT16 with a 16-bit src), got ",
                                 idx->dtype().name()));
  }
  return MakeTile(dc, src->dtype(), idx->shape(), MemorySpace::kVec);
}

absl::StatusOr<const Type*> DeduceGatherb(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* src, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* offset, ExpectTile(dc, 1));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, src->dtype(), kGatherbDTypes, "src dtype"));
  DataType out = src->dtype();
  if (const AttrValue* o = dc.FindKwarg("output_dtype")) out = o->dtype();
  PTO_RETURN_IF_ERROR(ExpectDType(dc, out, kGatherbDTypes, "output_dtype"));
  if (offset->dtype() != DataType::kUInt32) {
    return dc.Error(absl::StrCat("requires a UINT32 offset tile, got ", offset->dtype().name()));
  }
  PTO_RETURN_IF_ERROR(ExpectRank2(dc, src, "src"));
  PTO_RETURN_IF_ERROR(ExpectRank2(dc, offset, "offset"));
  std::optional<int64_t> cols = AsConstInt(offset->shape()[1]);
  if (!cols || *cols <= 0 || *cols % kGatherbOffsetAlign != 0) {
    return dc.Error(absl::StrCat("requires static offset columns that are a positive multiple of ",
                                 kGatherbOffsetAlign, ", got ", FormatExpr(offset->shape()[1])));
  }
  // Each offset selects one 32-byte block of the output dtype.
  Context& ctx = dc.ctx();
  const Expr* per_block = ctx.Index(kBlockBytes / out.bytes());
  DimVec shape{offset->shape()[0], MulExtent(ctx, offset->shape()[1], per_block)};
  DimVec valid{offset->ValidShape()[0], MulExtent(ctx, offset->ValidShape()[1], per_block)};
  return MakeTileWithValid(dc, out, shape, MemorySpace::kVec, valid);
}

absl::StatusOr<const Type*> DeduceGatherMask(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* src, ExpectTile(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, src->dtype(), kGatherDTypes, "src dtype"));
  PTO_RETURN_IF_ERROR(ExpectRank2(dc, src, "src"));
  PTO_ASSIGN_OR_RETURN(int64_t stride, MaskStride(dc));
  const Expr* cols = src->shape()[1];
  if (std::optional<int64_t> c = AsConstInt(cols)) {
    if (*c % stride != 0) {
      return dc.Error(absl::StrCat("requires src columns divisible by ", stride, ", got ", *c));
    }
    cols = dc.ctx().Index(*c / stride);
  } else if (stride != 1) {
    cols = dc.ctx().NewBinary(BinaryOp::kFloorDiv, cols, dc.ctx().Index(stride), DataType::kIndex);
  }
  DataType out = src->dtype();
  if (const AttrValue* o = dc.FindKwarg("output_dtype")) {
    out = o->dtype();
    if (out.bits() != src->dtype().bits()) {
      return dc.Error(absl::StrCat("requires output_dtype of the src width (", src->dtype().name(),
                                   "), got ", out.name()));
    }
  }
  DimVec shape{src->shape()[0], cols};
  return LikeSrc(dc, out, shape, shape, src);
}

absl::StatusOr<const Type*> DeduceGatherCompare(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* src, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const ScalarType* k, ExpectScalar(dc, 1));
  PTO_ASSIGN_OR_RETURN(const TileType* tmp, ExpectTile(dc, 2));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, src->dtype(), kGatherDTypes, "src dtype"));
  PTO_RETURN_IF_ERROR(ExpectRank2(dc, src, "src"));
  if (k->dtype() != src->dtype()) {
    return dc.Error(absl::StrCat("requires kvalue dtype ", src->dtype().name(), ", got ",
                                 k->dtype().name()));
  }
  if (tmp->dtype() != DataType::kUInt8) {
    return dc.Error(absl::StrCat("requires a UINT8 tmp tile, got ", tmp->dtype().name()));
  }
  int64_t mode = dc.FindKwarg("cmp_mode")->int_value();
  if (mode < 0 || mode > kMaxCmpMode) {
    return dc.Error(absl::StrCat("requires cmp_mode in 0..5 (eq, ne, lt, le, gt, ge), got ", mode));
  }
  int64_t out_cols = dc.FindKwarg("out_cols")->int_value();
  if (out_cols <= 0) return dc.Error(absl::StrCat("requires out_cols > 0, got ", out_cols));
  DataType count = DataType::kInt32;
  if (const AttrValue* c = dc.FindKwarg("count_dtype")) count = c->dtype();
  PTO_RETURN_IF_ERROR(ExpectDType(dc, count, kCountDTypes, "count_dtype"));
  Context& ctx = dc.ctx();
  const Expr* rows = src->shape()[0];
  DimVec dst_shape{rows, ctx.Index(out_cols)};
  PTO_ASSIGN_OR_RETURN(const TileType* dst,
                       LikeSrc(dc, DataType::kInt32, dst_shape, dst_shape, src));
  DimVec count_shape{ctx.Index(1), rows};
  PTO_ASSIGN_OR_RETURN(const TileType* counts, MakeTile(dc, count, count_shape, MemorySpace::kVec));
  const Type* elements[] = {dst, counts};
  return ctx.GetTupleType(elements);
}

absl::StatusOr<const Type*> DeduceGatherRow(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* dst, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TensorType* src, ExpectTensor(dc, 1));
  if (dst->dtype() != src->dtype()) {
    return dc.Error(absl::StrCat("requires dst and src of the same dtype, got ",
                                 dst->dtype().name(), " and ", src->dtype().name()));
  }
  const char* names[] = {"dst_offset", "src_offset", "shapes", "valid_shape"};
  for (size_t i = 2; i < dc.num_args(); ++i) {
    PTO_ASSIGN_OR_RETURN(ExprSpan t, ExpectTuple(dc, i));
    if (t.size() != 2) {
      return dc.Error(absl::StrCat(names[i - 2], " must have 2 elements, got ", t.size()));
    }
    PTO_RETURN_IF_ERROR(ExpectIntegerScalars(dc, t, names[i - 2]));
  }
  PTO_RETURN_IF_ERROR(ExpectStaticShape(dc, 4).status());
  if (dc.num_args() > 5) {
    // Upstream's deducer rejects a valid extent provably past the copied one.
    PTO_ASSIGN_OR_RETURN(ExprSpan shapes, ExpectTuple(dc, 4));
    PTO_ASSIGN_OR_RETURN(ExprSpan valid, ExpectTuple(dc, 5));
    for (size_t d = 0; d < 2; ++d) {
      if (ProveLessEqual(valid[d], shapes[d]) == Proof::kFalse) {
        return dc.Error(absl::StrCat("valid_shape[", d, "] = ", FormatExpr(valid[d]),
                                     " provably exceeds physical shape extent ",
                                     FormatExpr(shapes[d])));
      }
    }
  }
  return dst;
}

absl::StatusOr<const Type*> DeduceScatter(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* dst, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* src, ExpectTile(dc, 1));
  PTO_ASSIGN_OR_RETURN(const TileType* idx, ExpectTile(dc, 2));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, dst->dtype(), kScatterDTypes, "dst dtype"));
  if (src->dtype() != dst->dtype()) {
    return dc.Error(absl::StrCat("requires src dtype ", dst->dtype().name(), ", got ",
                                 src->dtype().name()));
  }
  PTO_RETURN_IF_ERROR(ExpectRank2(dc, dst, "dst"));
  PTO_RETURN_IF_ERROR(ExpectRank2(dc, src, "src"));
  PTO_RETURN_IF_ERROR(ExpectRank2(dc, idx, "indexes"));
  // The index element is as wide as the data element (32-bit data: INT32,
  // 16-bit data: INT16).
  DataType want = dst->dtype().bytes() == 4 ? DataType::kInt32 : DataType::kInt16;
  if (idx->dtype() != want) {
    return dc.Error(absl::StrCat("with ", dst->dtype().name(), " data requires ", want.name(),
                                 " indexes, got ", idx->dtype().name()));
  }
  for (size_t d = 0; d < 2; ++d) {
    std::optional<int64_t> a = AsConstInt(src->shape()[d]);
    std::optional<int64_t> b = AsConstInt(idx->shape()[d]);
    if (a && b && *a != *b) {
      return dc.Error(absl::StrCat("requires indexes of the src shape ", FormatShape(src->shape()),
                                   ", got ", FormatShape(idx->shape())));
    }
  }
  return MakeTile(dc, dst->dtype(), dst->shape(), MemorySpace::kVec, dst->EffectiveView());
}

absl::StatusOr<const Type*> DeduceScatterMask(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* dst, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* src, ExpectTile(dc, 1));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, dst->dtype(), kScatterDTypes, "dst dtype"));
  if (src->dtype() != dst->dtype()) {
    return dc.Error(absl::StrCat("requires src dtype ", dst->dtype().name(), ", got ",
                                 src->dtype().name()));
  }
  PTO_RETURN_IF_ERROR(ExpectRank2(dc, dst, "dst"));
  PTO_RETURN_IF_ERROR(ExpectRank2(dc, src, "src"));
  PTO_ASSIGN_OR_RETURN(int64_t stride, MaskStride(dc));
  std::optional<int64_t> sr = AsConstInt(src->shape()[0]);
  std::optional<int64_t> dr = AsConstInt(dst->shape()[0]);
  std::optional<int64_t> sc = AsConstInt(src->shape()[1]);
  std::optional<int64_t> dcols = AsConstInt(dst->shape()[1]);
  if ((sr && dr && *sr != *dr) || (sc && dcols && *dcols != *sc * stride)) {
    return dc.Error(absl::StrCat("mask stride ", stride, " needs dst = [src rows, src cols * ",
                                 stride, "], got src ", FormatShape(src->shape()), " and dst ",
                                 FormatShape(dst->shape())));
  }
  return MakeTile(dc, dst->dtype(), dst->shape(), MemorySpace::kVec, dst->EffectiveView());
}

}  // namespace

void RegisterTileGatherScatterOps(OpRegistry& registry) {
  registry.Register("tile.gather")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("dst[i, j] = src[indices[i, j]] (pto.tgather index form).")
      .Arg("src")
      .Arg("indices")
      .Arg("tmp")
      .Deduce(DeduceGather);
  registry.Register("tile.gatherb")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Gathers 32-byte blocks of src at UINT32 byte offsets.")
      .Arg("src")
      .Arg("offset")
      .KeywordOnly()
      .OptionalKwarg("output_dtype", AttrKind::kDataType)
      .Deduce(DeduceGatherb);
  registry.Register("tile.gather_mask")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Keeps the columns of src a fixed hardware mask pattern selects.")
      .Arg("src")
      .Kwarg("mask_pattern", AttrKind::kInt)
      .KeywordOnly()
      .OptionalKwarg("output_dtype", AttrKind::kDataType)
      .Deduce(DeduceGatherMask);
  registry.Register("tile.gather_compare")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Per row, the column indices whose element passes `cmp kvalue`, plus their counts.")
      .Arg("src")
      .Arg("kvalue")
      .Arg("tmp")
      .KeywordOnly()
      .Kwarg("cmp_mode", AttrKind::kInt, AttrValue::Int(0))
      .Kwarg("offset", AttrKind::kInt, AttrValue::Int(0))
      .Kwarg("out_cols", AttrKind::kInt)
      .OptionalKwarg("count_dtype", AttrKind::kDataType)
      .Deduce(DeduceGatherCompare);
  registry.Register("tile.gather_row")
      .Category(OpCategory::kTile)
      .Doc("Loads one GM row window directly into a sub-region of dst; returns dst.")
      .Arg("dst")
      .Arg("src")
      .Arg("dst_offset")
      .Arg("src_offset")
      .Arg("shapes")
      .LeadingKeywordArg("valid_shape", /*optional=*/true)
      .Kwarg("transpose", AttrKind::kBool, AttrValue::Bool(false))
      .Writes(0)
      .Deduce(DeduceGatherRow);
  registry.Register("tile.scatter")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("dst.flat[indexes[i, j]] = src[i, j]; returns dst.")
      .Arg("dst")
      .Arg("src")
      .Arg("indexes")
      .Writes(0)
      .Deduce(DeduceScatter);
  registry.Register("tile.scatter_mask")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Writes src rows into the dst columns a mask pattern selects; returns dst.")
      .Arg("dst")
      .Arg("src")
      .Kwarg("mask_pattern", AttrKind::kInt)
      .Writes(0)
      .Deduce(DeduceScatterMask);
}

}  // namespace pto::ir
