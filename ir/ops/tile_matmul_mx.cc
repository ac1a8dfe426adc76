// MX block-scale cube products: tile.matmul_mx, matmul_mx_acc,
// matmul_mx_bias, and tile.tget_scale_addr, which points a scale tile at the
// scale bytes of an MX data tile.
//
//   c = pl.tile.matmul_mx(a, a_scale, b, b_scale)
//       # a: FP8E4M3FN [M, K] Left, a_scale: FP8E8M0 [M, ceil(K/32)] LeftScale,
//       # b: FP8E4M3FN [K, N] Right, b_scale: FP8E8M0 [ceil(K/32), N] RightScale
//       # c: FP32 [M, N] Acc
//
// The hardware wants M % 16 == 0, N % 32 == 0 (one 32-byte FP8 row) and
// K % 64 == 0; each scale element covers 32 consecutive K elements.

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr int64_t kMxGroup = 32;     // K elements per scale element
constexpr int64_t kMxMAlign = 16;
constexpr int64_t kMxNAlign = 32;
constexpr int64_t kMxKAlign = 64;

absl::Status ExpectMxData(const DeduceContext& dc, const TileType* t, absl::string_view what) {
  if (t->dtype() != DataType::kFP8E4M3FN) {
    return dc.Error(absl::StrCat("requires ", what, " dtype FP8E4M3FN, got ", t->dtype().name()));
  }
  if (t->rank() != 2) {
    return dc.Error(absl::StrCat("requires ", what, " to be 2-D, got rank ", t->rank()));
  }
  return absl::OkStatus();
}

absl::Status ExpectAligned(const DeduceContext& dc, const Expr* e, int64_t align,
                           absl::string_view what) {
  std::optional<int64_t> c = AsConstInt(e);
  if (!c || (*c > 0 && *c % align == 0)) return absl::OkStatus();
  return dc.Error(absl::StrCat("requires physical ", what, " divisible by ", align, ", got ", *c));
}

// A scale tile: FP8E8M0, 2-D, and (when everything is static) the expected
// physical shape.
absl::Status ExpectScale(const DeduceContext& dc, const TileType* s, const Expr* rows,
                         const Expr* cols, absl::string_view what) {
  if (s->dtype() != DataType::kFP8E8M0) {
    return dc.Error(absl::StrCat("requires ", what, " dtype FP8E8M0, got ", s->dtype().name()));
  }
  if (s->rank() != 2) {
    return dc.Error(absl::StrCat("requires ", what, " to be 2-D, got rank ", s->rank()));
  }
  const Expr* want[] = {rows, cols};
  for (size_t d = 0; d < 2; ++d) {
    std::optional<int64_t> w = AsConstInt(want[d]);
    std::optional<int64_t> g = AsConstInt(s->shape()[d]);
    if (w && g && *w != *g) {
      return dc.Error(absl::StrCat("requires ", what, " of shape [", FormatExpr(rows), ", ",
                                   FormatExpr(cols), "], got ", FormatShape(s->shape())));
    }
  }
  return absl::OkStatus();
}

// The product of the four MX operands starting at argument `first`.
absl::StatusOr<const TileType*> MxProduct(const DeduceContext& dc, size_t first) {
  PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, first));
  PTO_ASSIGN_OR_RETURN(const TileType* lhs_scale, ExpectTile(dc, first + 1));
  PTO_ASSIGN_OR_RETURN(const TileType* rhs, ExpectTile(dc, first + 2));
  PTO_ASSIGN_OR_RETURN(const TileType* rhs_scale, ExpectTile(dc, first + 3));
  PTO_RETURN_IF_ERROR(ExpectMxData(dc, lhs, "lhs"));
  PTO_RETURN_IF_ERROR(ExpectMxData(dc, rhs, "rhs"));
  const Expr* m = lhs->shape()[0];
  const Expr* k = lhs->shape()[1];
  const Expr* n = rhs->shape()[1];
  std::optional<int64_t> kl = AsConstInt(k);
  std::optional<int64_t> kr = AsConstInt(rhs->shape()[0]);
  if (kl && kr && *kl != *kr) {
    return dc.Error(absl::StrCat("requires matching physical K, got lhs K=", *kl, " and rhs K=",
                                 *kr));
  }
  PTO_RETURN_IF_ERROR(ExpectAligned(dc, m, kMxMAlign, "M"));
  PTO_RETURN_IF_ERROR(ExpectAligned(dc, n, kMxNAlign, "N"));
  PTO_RETURN_IF_ERROR(ExpectAligned(dc, k, kMxKAlign, "K"));
  const Expr* groups = CeilDivExtent(dc.ctx(), k, kMxGroup);
  PTO_RETURN_IF_ERROR(ExpectScale(dc, lhs_scale, m, groups, "lhs_scale"));
  PTO_RETURN_IF_ERROR(ExpectScale(dc, rhs_scale, groups, n, "rhs_scale"));
  DimVec shape{m, n};
  TileView view = ImplicitTileView(MemorySpace::kAcc, TileLayout::kRowMajor);
  DimVec valid{lhs->ValidShape()[0], rhs->ValidShape()[1]};
  view.valid_shape = valid;
  if (ProveEqual(valid[0], m) != Proof::kTrue) view.compact = CompactMode::kNormal;
  return MakeTile(dc, DataType::kFP32, shape, MemorySpace::kAcc, view);
}

absl::StatusOr<const Type*> DeduceMatmulMx(const DeduceContext& dc) { return MxProduct(dc, 0); }

absl::StatusOr<const Type*> DeduceMatmulMxAcc(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* acc, ExpectTile(dc, 0));
  if (acc->rank() != 2 || acc->dtype() != DataType::kFP32) {
    return dc.Error(absl::StrCat("requires a 2-D FP32 acc, got ", acc->dtype().name(), " rank ",
                                 acc->rank()));
  }
  PTO_ASSIGN_OR_RETURN(const TileType* out, MxProduct(dc, 1));
  for (size_t d = 0; d < 2; ++d) {
    std::optional<int64_t> a = AsConstInt(acc->shape()[d]);
    std::optional<int64_t> o = AsConstInt(out->shape()[d]);
    if (a && o && *a != *o) {
      return dc.Error(absl::StrCat("requires acc of shape ", FormatShape(out->shape()), ", got ",
                                   FormatShape(acc->shape())));
    }
  }
  return out;
}

absl::StatusOr<const Type*> DeduceMatmulMxBias(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* out, MxProduct(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* bias, ExpectTile(dc, 4));
  std::optional<int64_t> n = AsConstInt(out->shape()[1]);
  std::optional<int64_t> bn = bias->rank() == 2 ? AsConstInt(bias->shape()[1]) : std::nullopt;
  if (bias->rank() != 2 || AsConstInt(bias->shape()[0]) != 1 || (n && bn && *n != *bn) ||
      bias->dtype() != DataType::kFP32) {
    return dc.Error(absl::StrCat("requires an FP32 bias of shape [1, ", FormatExpr(out->shape()[1]),
                                 "], got ", bias->dtype().name(), " ",
                                 FormatShape(bias->shape())));
  }
  return out;
}

absl::StatusOr<const Type*> DeduceTGetScaleAddr(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* dst, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* src, ExpectTile(dc, 1));
  if (dst->dtype() != DataType::kFP8E8M0) {
    return dc.Error(absl::StrCat("requires dst_scale dtype FP8E8M0, got ", dst->dtype().name()));
  }
  PTO_RETURN_IF_ERROR(ExpectMxData(dc, src, "src"));
  if (dst->rank() != 2) {
    return dc.Error(absl::StrCat("requires dst_scale to be 2-D, got rank ", dst->rank()));
  }
  std::optional<MemorySpace> ds = dst->memory_space();
  std::optional<MemorySpace> ss = src->memory_space();
  bool left = ds == MemorySpace::kLeftScale && ss == MemorySpace::kLeft;
  bool right = ds == MemorySpace::kRightScale && ss == MemorySpace::kRight;
  if (!left && !right) {
    return dc.Error(absl::StrCat(
        "requires a LeftScale dst_scale with a Left src or a RightScale one with a Right src, got ",
        ds ? EnumName(*ds) : "no space", " and ", ss ? EnumName(*ss) : "no space"));
  }
  const Expr* k = left ? src->shape()[1] : src->shape()[0];
  const Expr* groups = CeilDivExtent(dc.ctx(), k, kMxGroup);
  PTO_RETURN_IF_ERROR(left ? ExpectScale(dc, dst, src->shape()[0], groups, "dst_scale")
                           : ExpectScale(dc, dst, groups, src->shape()[1], "dst_scale"));
  return dst;
}

}  // namespace

void RegisterTileMatmulMxOps(OpRegistry& registry) {
  registry.Register("tile.matmul_mx")
      .Category(OpCategory::kTile)
      .Doc("MX block-scale lhs @ rhs of FP8E4M3FN tiles with FP8E8M0 scales into FP32 Acc.")
      .Arg("lhs")
      .Arg("lhs_scale")
      .Arg("rhs")
      .Arg("rhs_scale")
      .OperandMemory({MemorySpace::kLeft, MemorySpace::kLeftScale, MemorySpace::kRight,
                      MemorySpace::kRightScale})
      .Deduce(DeduceMatmulMx);
  registry.Register("tile.matmul_mx_acc")
      .Category(OpCategory::kTile)
      .Doc("acc + matmul_mx(lhs, lhs_scale, rhs, rhs_scale).")
      .Arg("acc")
      .Arg("lhs")
      .Arg("lhs_scale")
      .Arg("rhs")
      .Arg("rhs_scale")
      .Writes(0)
      .OperandMemory({MemorySpace::kAcc, MemorySpace::kLeft, MemorySpace::kLeftScale,
                      MemorySpace::kRight, MemorySpace::kRightScale})
      .Deduce(DeduceMatmulMxAcc);
  registry.Register("tile.matmul_mx_bias")
      .Category(OpCategory::kTile)
      .Doc("matmul_mx(lhs, lhs_scale, rhs, rhs_scale) + a [1, N] FP32 bias.")
      .Arg("lhs")
      .Arg("lhs_scale")
      .Arg("rhs")
      .Arg("rhs_scale")
      .Arg("bias")
      .OperandMemory({MemorySpace::kLeft, MemorySpace::kLeftScale, MemorySpace::kRight,
                      MemorySpace::kRightScale, MemorySpace::kBias})
      .Deduce(DeduceMatmulMxBias);
  registry.Register("tile.tget_scale_addr")
      .Category(OpCategory::kTile)
      .Doc("Points a LeftScale/RightScale tile at the scale bytes of its Left/Right MX data tile.")
      .Arg("dst_scale")
      .Arg("src")
      .Writes(0)
      .Deduce(DeduceTGetScaleAddr);
}

}  // namespace pto::ir
