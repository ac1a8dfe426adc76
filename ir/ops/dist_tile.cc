// Cross-rank data movement between windows: pld.tile.remote_load,
// pld.tile.put and pld.tile.get.
//
//   t = pld.tile.remote_load(w, peer, [0, c], [1, 4096], [1, n])
//   p = pld.tile.put(w, peer, x, stage, [me, 0], [0, 0], [1, 64], atomic=0)
//   q = pld.tile.put(w, peer, x, ping, pong, atomic=0)
//   g = pld.tile.get(w, root, w, stage)
//
// Semantics (W@p is rank p's copy of window W; all copies share the local
// shape and layout, so a peer's region is named by local coordinates):
//   * remote_load(W, peer, offsets, shape[, valid]): a new tile of
//     `shape` whose valid region holds W@peer[offsets : offsets + v]; the
//     rest of the tile is undefined. v is the request (`valid`, default
//     `shape`) intersected with W's valid region under the window
//     (window_read.h, exact): W = [1, 16] with valid_shape [1, 8] read at
//     [0, 0] with [1, 16] gives v = [1, 8]; W = [1, N] read with [1, 16]
//     gives v = [1, min(N, 16)]. Only the valid region is read.
//     peer == rank() reads the local copy.
//   * put(dst, peer, src, stage[, stage2][, dst_off, src_off, shape]; atomic): copies
//     the local region src[src_off : src_off + shape] into
//     dst@peer[dst_off : dst_off + shape] (atomic=0 overwrites, atomic=1
//     adds). The 4-argument form moves the whole tensor (offsets 0, shape =
//     dst's shape, which src must share). The transfer slides through the Vec
//     bounce tile `stage` in pieces of at most the stage's valid extent
//     [rows, cols] of the transfer flattened to 2-D ([product of leading
//     dims, last dim]); the stage's contents are undefined afterwards. The
//     copy is complete (visible at the peer) when the op returns.
//     A second stage `stage2` (the 5- and 8-argument forms) asks for
//     ping-pong staging: the transfer alternates between the two bounce
//     tiles, so one chunk can arrive while the other leaves. It moves the
//     same data; both stages are undefined afterwards.
//   * get(dst, peer, src, stage[, stage2][, dst_off, src_off, shape]): the
//     mirror of put: copies src@peer[src_off : ...] into the local
//     dst[dst_off : ...].
// So put and get take 4 or 5 arguments (whole tensor, one or two stages) or
// 7 or 8 (with the region), as upstream's deducers do. A stage is a rank-2
// Vec tile of the transfer's dtype whose physical row is a whole number of
// 32-byte units and whose static valid extent does not exceed the flattened
// transfer; a second stage also has the first one's shape. put/get write
// `dst` (their arg 0) and the stage(s) (arg 3, and arg 4 of the 5- and
// 8-argument forms; in the 7-argument form arg 4 is a list, so marking it
// written only keeps the call, which its other writes keep anyway).

#include <optional>

#include "absl/strings/str_cat.h"
#include "ir/ops/dist_checks.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/ops/window_read.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr int64_t kRowAlignmentBits = 32 * 8;

bool IsMx(TensorLayout l) { return l == TensorLayout::kMxAZZ || l == TensorLayout::kMxBNN; }

// --- remote_load ------------------------------------------------------------------

// `e`, an integer scalar, as an INDEX extent.
const Expr* AsIndex(Context& ctx, const Expr* e) {
  const auto* s = e->type()->As<ScalarType>();
  if (s == nullptr || s->dtype() == DataType::kIndex) return e;
  return ctx.NewUnary(UnaryOp::kCast, e, DataType::kIndex, e->loc());
}

absl::StatusOr<const Type*> DeduceRemoteLoad(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* target, ExpectWindow(dc, 0));
  if (IsMx(target->EffectiveView().layout)) return dc.Error("does not support MX-layout windows");
  if (target->rank() == 0) return dc.Error("target must have rank >= 1");
  PTO_RETURN_IF_ERROR(ExpectIntegerScalar(dc, 1));
  PTO_ASSIGN_OR_RETURN(ExprSpan offsets, ExpectCoordinates(dc, 2, target->rank(), "offsets"));
  PTO_ASSIGN_OR_RETURN(DimVec shape, ExpectStaticShape(dc, 3));
  if (shape.size() != target->rank()) {
    return dc.Error(absl::StrCat("shape has ", shape.size(), " elements; the target has rank ",
                                 target->rank()));
  }
  DimVec valid(shape.begin(), shape.end());
  if (dc.num_args() > 4) {
    PTO_ASSIGN_OR_RETURN(ExprSpan v, ExpectCoordinates(dc, 4, target->rank(), "valid_shape"));
    for (size_t d = 0; d < v.size(); ++d) {
      std::optional<int64_t> c = AsConstInt(v[d]);
      if (c && *c < 0) {
        return dc.Error(absl::StrCat("valid_shape ", d, " is negative (", *c, ")"));
      }
      if (ProveLessEqual(v[d], shape[d]) == Proof::kFalse) {
        return dc.Error(absl::StrCat("valid_shape ", d, " (", FormatExpr(v[d]),
                                     ") exceeds the tile extent ", FormatExpr(shape[d])));
      }
      // An extent is INDEX, as upstream's deducer makes the request.
      valid[d] = c ? dc.ctx().Index(*c) : AsIndex(dc.ctx(), v[d]);
    }
  }
  ExprSpan source_valid = target->ValidShape();
  for (size_t d = 0; d < shape.size(); ++d) {
    PTO_RETURN_IF_ERROR(CheckRegionInBounds(dc, "the read", d, offsets[d], valid[d], target->shape()[d]));
    // Only the peer's valid data is read, and a symbolic window edge bounds
    // the read at run time (codegen's arith.minsi).
    valid[d] = WindowReadValidExtent(
        dc.ctx(),
        WindowReadDim{target->shape()[d], source_valid[d], offsets[d], shape[d], valid[d]},
        /*clamp=*/false, WindowNarrowing::kRuntime);
  }
  TileView view;
  view.valid_shape = valid;
  // The block layout the shape implies, unless the window's view declares
  // one: an ND view reads row-major blocks, a DN view column-major ones.
  if (shape.size() == 2 && AsConstInt(shape.back()) == 1) view.blayout = TileLayout::kColMajor;
  if (const TensorView* declared = target->view()) {
    if (declared->layout == TensorLayout::kND) view.blayout = TileLayout::kRowMajor;
    if (declared->layout == TensorLayout::kDN) view.blayout = TileLayout::kColMajor;
  }
  // The tile lands in UB, but, as upstream's deducer does, the type leaves
  // the space open: infer-tile-memory-space settles it (Vec for a producer
  // that is not a tile.* op), so the print matches upstream's before that
  // pass and reads back there as the same type.
  return MakeTile(dc, target->dtype(), shape, std::nullopt, view);
}

// --- put / get ----------------------------------------------------------------------

// The Vec bounce tile (arg `index`, called `what`) of a put/get moving
// `transfer` elements of `dtype`.
absl::StatusOr<const TileType*> CheckStage(const DeduceContext& dc, size_t index,
                                           absl::string_view what, DataType dtype,
                                           ExprSpan transfer) {
  PTO_ASSIGN_OR_RETURN(const TileType* stage, ExpectTile(dc, index));
  if (stage->dtype() != dtype) {
    return dc.Error(absl::StrCat(what, " dtype ", stage->dtype().name(),
                                 " must match the transfer dtype ", dtype.name()));
  }
  if (stage->rank() != 2) {
    return dc.Error(absl::StrCat(what, " must be a 2-D tile, got rank ", stage->rank()));
  }
  if (stage->memory_space() != MemorySpace::kVec) {
    return dc.Error(absl::StrCat(what, " must be a Vec tile (the transfer bounces through UB)"));
  }
  std::optional<int64_t> cols = AsConstInt(stage->shape()[1]);
  if (!cols || !AsConstInt(stage->shape()[0])) {
    return dc.Error(
        absl::StrCat(what, " must have a static shape, got ", FormatShape(stage->shape())));
  }
  if (*cols * dtype.storage_bits() % kRowAlignmentBits != 0) {
    return dc.Error(absl::StrCat(what, " row of ", *cols, " ", dtype.name(),
                                 " elements is not a whole number of 32-byte units"));
  }
  // Flatten the transfer to [rows, cols]; compare only static extents (a
  // row product past int64 is larger than any stage).
  std::optional<int64_t> rows = 1;
  for (size_t d = 0; d + 1 < transfer.size() && rows; ++d) {
    std::optional<int64_t> c = AsConstInt(transfer[d]);
    int64_t product;
    rows = c && !__builtin_mul_overflow(*rows, *c, &product) ? std::optional<int64_t>(product)
                                                             : std::nullopt;
  }
  std::optional<int64_t> last = transfer.empty() ? 1 : AsConstInt(transfer.back());
  ExprSpan valid = stage->ValidShape();
  std::optional<int64_t> stage_rows = AsConstInt(valid[0]);
  std::optional<int64_t> stage_cols = AsConstInt(valid[1]);
  if ((rows && stage_rows && *stage_rows > *rows) || (last && stage_cols && *stage_cols > *last)) {
    return dc.Error(absl::StrCat(
        what, " valid extent ", FormatShape(valid), " exceeds the transfer flattened to 2-D (",
        rows ? absl::StrCat(*rows) : "?", " x ", last ? absl::StrCat(*last) : "?", ")"));
  }
  return stage;
}

// The argument count of a put/get and where its region starts: 4 or 5 (one
// or two stages, the whole tensor) or 7 or 8 (with the region after them).
absl::StatusOr<size_t> StageCount(const DeduceContext& dc) {
  size_t n = dc.num_args();
  if (n != 4 && n != 5 && n != 7 && n != 8) {
    return dc.Error(absl::StrCat(
        "takes 4 or 5 arguments (dst, peer, src, stage[, stage2]: the whole tensor) or 7 or 8 "
        "(with dst_offsets, src_offsets and shape after the stages), got ",
        n));
  }
  return n == 5 || n == 8 ? 2 : 1;
}

// The stages of a put/get moving `transfer` elements of `dtype`: a second
// one ping-pongs with the first, so it must be its twin.
absl::Status CheckStages(const DeduceContext& dc, size_t stages, DataType dtype,
                         ExprSpan transfer) {
  PTO_ASSIGN_OR_RETURN(const TileType* stage, CheckStage(dc, 3, "stage", dtype, transfer));
  if (stages == 1) return absl::OkStatus();
  PTO_ASSIGN_OR_RETURN(const TileType* stage2, CheckStage(dc, 4, "stage2", dtype, transfer));
  // Both shapes are static (CheckStage).
  for (size_t d = 0; d < 2; ++d) {
    if (*AsConstInt(stage->shape()[d]) != *AsConstInt(stage2->shape()[d])) {
      return dc.Error(absl::StrCat("stage2 shape ", FormatShape(stage2->shape()),
                                   " must equal the stage's ", FormatShape(stage->shape()),
                                   " (the two ping-pong staging tiles are twins)"));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<const Type*> DeducePut(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* dst, ExpectWindow(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectIntegerScalar(dc, 1));
  PTO_ASSIGN_OR_RETURN(const TensorType* src, ExpectTensor(dc, 2));
  if (src->dtype() != dst->dtype()) {
    return dc.Error(absl::StrCat("dst and src must have one dtype, got ", dst->dtype().name(),
                                 " and ", src->dtype().name()));
  }
  PTO_ASSIGN_OR_RETURN(size_t stages, StageCount(dc));
  PTO_ASSIGN_OR_RETURN(ExprSpan transfer, ExpectTransferRegion(dc, dst, src, 3 + stages));
  PTO_RETURN_IF_ERROR(CheckStages(dc, stages, dst->dtype(), transfer));
  PTO_ASSIGN_OR_RETURN(int64_t atomic, ExpectIntKwargIn(dc, "atomic", 0, 1));
  if (atomic == 1) {
    PTO_RETURN_IF_ERROR(ExpectAtomicAddDType(dc, dst->dtype(), "dtype with atomic=1"));
  }
  return dc.ctx().GetUnknownType();
}

absl::StatusOr<const Type*> DeduceGet(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* dst, ExpectTensor(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectIntegerScalar(dc, 1));
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* src, ExpectWindow(dc, 2));
  if (src->dtype() != dst->dtype()) {
    return dc.Error(absl::StrCat("dst and src must have one dtype, got ", dst->dtype().name(),
                                 " and ", src->dtype().name()));
  }
  PTO_ASSIGN_OR_RETURN(size_t stages, StageCount(dc));
  PTO_ASSIGN_OR_RETURN(ExprSpan transfer, ExpectTransferRegion(dc, dst, src, 3 + stages));
  PTO_RETURN_IF_ERROR(CheckStages(dc, stages, dst->dtype(), transfer));
  return dc.ctx().GetUnknownType();
}

void TransferArgs(OpBuilder& b) {
  b.Arg("dst")
      .Arg("peer")
      .Arg("src")
      .Arg("stage")
      .OptionalArg("stage2")
      .OptionalArg("dst_offsets")
      .OptionalArg("src_offsets")
      .OptionalArg("shape");
}

}  // namespace

void RegisterDistTileOps(OpRegistry& registry) {
  registry.Register("pld.tile.remote_load")
      .Category(OpCategory::kDistributed)
      .Doc(
          "Loads a window region of a peer rank's copy into a new tile (memory space left to "
          "infer-tile-memory-space); only the valid extent is read.")
      .Arg("target")
      .Arg("peer")
      .Arg("offsets")
      .Arg("shape")
      .OptionalArg("valid_shape")
      .Deduce(DeduceRemoteLoad);
  OpBuilder put = registry.Register("pld.tile.put");
  put.Category(OpCategory::kDistributed)
      .Doc(
          "Copies a local tensor region into a peer rank's copy of a window through a Vec "
          "bounce tile (atomic=1 accumulates).");
  TransferArgs(put);
  // atomic: an int in the IR (upstream's deducer reads one); the DSL
  // wrapper's keyword-only `atomic=AtomicType.None_` default fills it.
  put.KeywordOnly()
      .Kwarg("atomic", AttrKind::kInt, AttrValue::Int(0))
      .Writes(0)
      .Writes(3)
      .Writes(4)
      .Deduce(DeducePut);
  OpBuilder get = registry.Register("pld.tile.get");
  get.Category(OpCategory::kDistributed)
      .Doc(
          "Copies a region of a peer rank's copy of a window into a local tensor through a Vec "
          "bounce tile.");
  TransferArgs(get);
  get.Writes(0).Writes(3).Writes(4).Deduce(DeduceGet);
}

}  // namespace pto::ir
