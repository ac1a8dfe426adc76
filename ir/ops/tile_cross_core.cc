// Cube <-> vector core crossings: the pipe ops tile.tpush_to_aiv,
// tile.tpush_to_aic, tile.tpop_from_aic, tile.tpop_from_aiv, and the
// split-axis reshapes tile/tensor.aiv_shard (AIC -> two AIV lanes: halve the
// split axis) and tile/tensor.aic_gather (two lanes -> AIC: double it).
//
//   pl.tile.tpush_to_aiv(acc, split=1)
//   h = pl.tile.aiv_shard(acc, split=1)        # [128, 64] -> Vec [64, 64]
//   f = pl.tile.aic_gather(h, split=2)         # [64, 32]  -> Mat [64, 64]
//
// split: 0 = no split axis (the shape is kept), 1 = UP_DOWN (axis 0),
// 2 = LEFT_RIGHT (axis 1); the pipe ops also take 3/4, the same axes over an
// odd extent. A tpop's result type is whatever the program annotates, as in
// upstream PyPTO: the ops deduce UnknownType and are typed by annotation
// (Op::typed_by_annotation); pl.tpop_from_aic(shape=, dtype=) types it too.

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr int64_t kSplitNone = 0;
constexpr int64_t kSplitMaxShard = 2;  // aiv_shard / aic_gather: 0..2
constexpr int64_t kSplitMaxPipe = 4;   // tpush / tpop: 0..4

absl::StatusOr<int64_t> SplitCode(const DeduceContext& dc, int64_t max) {
  int64_t split = dc.FindKwarg("split")->int_value();
  if (split < 0 || split > max) {
    return dc.Error(absl::StrCat("split must be in 0..", max,
                                 " (0 none, 1 UP_DOWN/axis 0, 2 LEFT_RIGHT/axis 1",
                                 max > kSplitMaxShard ? ", 3/4 the same over an odd extent" : "",
                                 "), got ", split));
  }
  return split;
}

// lane_stride, when given, partitions the split axis: 0 < stride <= half.
absl::Status CheckLaneStride(const DeduceContext& dc, const Expr* axis_extent) {
  const AttrValue* s = dc.FindKwarg("lane_stride");
  if (s == nullptr) return absl::OkStatus();
  int64_t stride = s->int_value();
  if (stride <= 0) {
    return dc.Error(absl::StrCat("lane_stride must be a positive partition stride, got ", stride));
  }
  if (axis_extent == nullptr) return absl::OkStatus();
  if (std::optional<int64_t> e = AsConstInt(axis_extent); e && stride > (*e + 1) / 2) {
    return dc.Error(absl::StrCat("lane_stride ", stride, " exceeds the per-lane half ",
                                 (*e + 1) / 2, " of a ", *e, "-wide split axis"));
  }
  return absl::OkStatus();
}

absl::StatusOr<const Type*> DeducePush(const DeduceContext& dc) {
  PTO_RETURN_IF_ERROR(ExpectTile(dc, 0).status());
  PTO_RETURN_IF_ERROR(SplitCode(dc, kSplitMaxPipe).status());
  PTO_RETURN_IF_ERROR(CheckLaneStride(dc, nullptr));
  return dc.ctx().GetUnknownType();
}

absl::StatusOr<const Type*> DeducePop(const DeduceContext& dc) {
  PTO_RETURN_IF_ERROR(SplitCode(dc, kSplitMaxPipe).status());
  PTO_RETURN_IF_ERROR(CheckLaneStride(dc, nullptr));
  return dc.ctx().GetUnknownType();
}

// A halved tile must carry its valid region across the FIFO, which moves
// whole column boxes: a narrowed column extent must be static and may not be
// the split axis, nor combine with a per-lane row extent.
absl::Status CheckBoundaryCarriesValid(const DeduceContext& dc, ExprSpan shape, ExprSpan valid,
                                       int64_t split) {
  if (shape.size() != 2) return absl::OkStatus();
  if (ProveEqual(valid[1], shape[1]) == Proof::kTrue) return absl::OkStatus();
  if (split == 2) {
    return dc.Error(absl::StrCat(
        "LEFT_RIGHT splits the column axis, but the valid column extent ", FormatExpr(valid[1]),
        " of ", FormatExpr(shape[1]), " does not cover the box; make the columns fully valid "
        "(pl.set_validshape) or split UP_DOWN"));
  }
  bool row_full = ProveEqual(valid[0], shape[0]) == Proof::kTrue;
  if (!valid[1]->Is<ConstInt>() || (split == 1 && !row_full) || !valid[0]->Is<ConstInt>()) {
    return dc.Error(absl::StrCat("cannot carry the valid region ", FormatShape(valid), " of a ",
                                 FormatShape(shape), " box across the boundary; make the "
                                 "columns fully valid first (pl.set_validshape)"));
  }
  return absl::OkStatus();
}

// The shape and valid shape with the split axis halved (rounding up) or doubled.
void ReshapeSplitAxis(Context& ctx, DimVec& shape, DimVec& valid, size_t axis, bool halve) {
  const Expr* two = ctx.Index(2);
  auto halved = [&](const Expr* e, bool round_up) -> const Expr* {
    if (std::optional<int64_t> c = AsConstInt(e)) return ctx.Index((*c + 1) / 2);
    const Expr* base = round_up ? AddExtent(ctx, e, ctx.Index(1)) : e;
    return ctx.NewBinary(BinaryOp::kFloorDiv, base, two, DataType::kIndex);
  };
  shape[axis] = halve ? halved(shape[axis], false) : MulExtent(ctx, shape[axis], two);
  valid[axis] = halve ? halved(valid[axis], true) : MulExtent(ctx, valid[axis], two);
}

absl::StatusOr<const Type*> DeduceSplitTile(const DeduceContext& dc, bool halve) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(int64_t split, SplitCode(dc, kSplitMaxShard));
  MemorySpace space = halve ? MemorySpace::kVec : MemorySpace::kMat;
  DimVec shape(tile->shape().begin(), tile->shape().end());
  DimVec valid(tile->ValidShape().begin(), tile->ValidShape().end());
  if (split != kSplitNone) {
    if (tile->rank() != 2) {
      return dc.Error(absl::StrCat("requires a 2-D tile, got rank ", tile->rank()));
    }
    size_t axis = static_cast<size_t>(split - 1);
    PTO_RETURN_IF_ERROR(CheckLaneStride(dc, shape[axis]));
    if (halve) PTO_RETURN_IF_ERROR(CheckBoundaryCarriesValid(dc, shape, valid, split));
    ReshapeSplitAxis(dc.ctx(), shape, valid, axis, halve);
  } else if (halve) {
    PTO_RETURN_IF_ERROR(CheckBoundaryCarriesValid(dc, shape, valid, split));
  }
  return MakeTileWithValid(dc, tile->dtype(), shape, space, valid);
}

absl::StatusOr<const Type*> DeduceSplitTensor(const DeduceContext& dc, bool halve) {
  PTO_ASSIGN_OR_RETURN(const TensorType* tensor, ExpectTensor(dc, 0));
  if (tensor->IsDistributed()) return dc.Error("requires a (non-distributed) tensor");
  PTO_ASSIGN_OR_RETURN(int64_t split, SplitCode(dc, kSplitMaxShard));
  if (split == kSplitNone) return tensor;
  if (tensor->rank() != 2) {
    return dc.Error(absl::StrCat("requires a 2-D tensor, got rank ", tensor->rank(),
                                 "; reshape it to 2-D first so the split axis is unambiguous"));
  }
  DimVec shape(tensor->shape().begin(), tensor->shape().end());
  DimVec valid(tensor->ValidShape().begin(), tensor->ValidShape().end());
  if (halve) PTO_RETURN_IF_ERROR(CheckBoundaryCarriesValid(dc, shape, valid, split));
  ReshapeSplitAxis(dc.ctx(), shape, valid, static_cast<size_t>(split - 1), halve);
  TensorView view;
  if (!ExprListIdentical(valid, shape)) view.valid_shape = valid;
  return MakeTensor(dc, tensor->dtype(), shape, view);
}

absl::StatusOr<const Type*> DeduceAivShard(const DeduceContext& dc) {
  return DeduceSplitTile(dc, /*halve=*/true);
}
absl::StatusOr<const Type*> DeduceAicGather(const DeduceContext& dc) {
  return DeduceSplitTile(dc, /*halve=*/false);
}
absl::StatusOr<const Type*> DeduceTensorAivShard(const DeduceContext& dc) {
  return DeduceSplitTensor(dc, /*halve=*/true);
}
absl::StatusOr<const Type*> DeduceTensorAicGather(const DeduceContext& dc) {
  return DeduceSplitTensor(dc, /*halve=*/false);
}

}  // namespace

void RegisterTileCrossCoreOps(OpRegistry& registry) {
  registry.Register("tile.tpush_to_aiv")
      .Category(OpCategory::kTile)
      .Doc("Pushes a tile from the cube core (AIC) into the pipe to the vector cores.")
      .Arg("tile")
      .KeywordOnly()
      .Kwarg("split", AttrKind::kInt)
      .OptionalKwarg("lane_stride", AttrKind::kInt)
      .OptionalKwarg("id", AttrKind::kInt)
      .SideEffects()
      .Deduce(DeducePush);
  registry.Register("tile.tpush_to_aic")
      .Category(OpCategory::kTile)
      .Doc("Pushes a tile from a vector core (AIV) into the pipe to the cube core.")
      .Arg("tile")
      .KeywordOnly()
      .Kwarg("split", AttrKind::kInt)
      .OptionalKwarg("id", AttrKind::kInt)
      .SideEffects()
      .Deduce(DeducePush);
  registry.Register("tile.tpop_from_aic")
      .Category(OpCategory::kTile)
      .Doc("Pops the next tile the cube core pushed, on a vector core.")
      .KeywordOnly()
      .Kwarg("split", AttrKind::kInt, AttrValue::Int(0))
      .OptionalKwarg("lane_stride", AttrKind::kInt)
      .OptionalKwarg("id", AttrKind::kInt)
      .SideEffects()
      .TypedByAnnotation()
      .Deduce(DeducePop);
  registry.Register("tile.tpop_from_aiv")
      .Category(OpCategory::kTile)
      .Doc("Pops the next tile the vector cores pushed, on the cube core.")
      .KeywordOnly()
      .Kwarg("split", AttrKind::kInt, AttrValue::Int(0))
      .OptionalKwarg("id", AttrKind::kInt)
      .SideEffects()
      .TypedByAnnotation()
      .Deduce(DeducePop);
  registry.Register("tile.aiv_shard")
      .Category(OpCategory::kTile)
      .Doc("Crosses AIC -> AIV: halves a 2-D tile along the split axis into Vec.")
      .Arg("tile")
      .KeywordOnly()
      .Kwarg("split", AttrKind::kInt)
      .OptionalKwarg("lane_stride", AttrKind::kInt)
      .Deduce(DeduceAivShard);
  registry.Register("tile.aic_gather")
      .Category(OpCategory::kTile)
      .Doc("Crosses AIV -> AIC: doubles a 2-D tile along the split axis into Mat.")
      .Arg("tile")
      .KeywordOnly()
      .Kwarg("split", AttrKind::kInt)
      .Deduce(DeduceAicGather);
  registry.Register("tensor.aiv_shard")
      .Category(OpCategory::kTensor)
      .Doc("Tensor form of tile.aiv_shard: halves a 2-D tensor along the split axis.")
      .Arg("tensor")
      .KeywordOnly()
      .Kwarg("split", AttrKind::kInt)
      .Deduce(DeduceTensorAivShard);
  registry.Register("tensor.aic_gather")
      .Category(OpCategory::kTensor)
      .Doc("Tensor form of tile.aic_gather: doubles a 2-D tensor along the split axis.")
      .Arg("tensor")
      .KeywordOnly()
      .Kwarg("split", AttrKind::kInt)
      .Deduce(DeduceTensorAicGather);
}

}  // namespace pto::ir
