// Cube matrix products: tile.matmul, matmul_acc, matmul_bias, the GEMV
// forms (gemv, gemv_acc, gemv_bias) and the batched forms (batch_matmul,
// batch_matmul_acc).
//
//   c = pl.tile.matmul(a_left, b_right)                  # [M, K] x [K, N] -> Acc [M, N]
//   c = pl.tile.matmul_acc(c, a_left, b_right, init_cond=k == 0)
//   v = pl.tile.gemv(row_left, b_right, acc_phase='final')   # Acc [16, N], valid [1, N]
//
// The product always lands in Acc with the accumulator dtype: FP32 for float
// operands, INT32 for integer ones. Its valid region is [lhs valid M, rhs
// valid N]; a narrowed M marks the Acc tile compact, because the fixpipe
// then writes only the valid rows.

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr int64_t kGemvAccRows = 16;  // a GEMV result occupies one 16-row fractal
constexpr DataType kGemvDTypes[] = {DataType::kInt8, DataType::kFP16, DataType::kBF16,
                                    DataType::kFP32};

struct Product {
  DimVec shape;  // [M, N]
  DimVec valid;
  DataType acc_dtype;
};

bool ConstMismatch(const Expr* a, const Expr* b) {
  std::optional<int64_t> x = AsConstInt(a);
  std::optional<int64_t> y = AsConstInt(b);
  return x && y && *x != *y;
}

absl::Status ExpectRank2(const DeduceContext& dc, const TileType* t, absl::string_view what) {
  if (t->rank() == 2) return absl::OkStatus();
  return dc.Error(absl::StrCat("requires ", what, " to be 2-D, got rank ", t->rank()));
}

DataType AccumulatorDType(DataType operand) {
  return operand.IsFloat() ? DataType::kFP32 : DataType::kInt32;
}

absl::StatusOr<Product> MatmulProduct(const DeduceContext& dc, const TileType* lhs,
                                      const TileType* rhs) {
  PTO_RETURN_IF_ERROR(ExpectRank2(dc, lhs, "lhs"));
  PTO_RETURN_IF_ERROR(ExpectRank2(dc, rhs, "rhs"));
  if (ConstMismatch(lhs->shape()[1], rhs->shape()[0])) {
    return dc.Error(absl::StrCat("requires matching physical K, got lhs K=",
                                 FormatExpr(lhs->shape()[1]), " and rhs K=",
                                 FormatExpr(rhs->shape()[0])));
  }
  ExprSpan lv = lhs->ValidShape();
  ExprSpan rv = rhs->ValidShape();
  if (ProveLessEqual(lv[1], rv[0]) == Proof::kFalse) {
    return dc.Error(absl::StrCat("requires rhs valid K to cover lhs valid K, got lhs K=",
                                 FormatExpr(lv[1]), " and rhs K=", FormatExpr(rv[0])));
  }
  if (lhs->dtype() != rhs->dtype()) {
    return dc.Error(absl::StrCat("requires identical lhs and rhs dtypes, got ",
                                 lhs->dtype().name(), " and ", rhs->dtype().name()));
  }
  return Product{DimVec{lhs->shape()[0], rhs->shape()[1]}, DimVec{lv[0], rv[1]},
                 AccumulatorDType(lhs->dtype())};
}

// An Acc tile of `shape` holding `valid`; compact when the valid rows are
// narrower than the physical ones.
absl::StatusOr<const TileType*> AccTile(const DeduceContext& dc, DataType dtype, ExprSpan shape,
                                        ExprSpan valid) {
  TileView view = ImplicitTileView(MemorySpace::kAcc, TileLayout::kRowMajor);
  view.valid_shape = valid;
  if (ProveEqual(valid[0], shape[0]) != Proof::kTrue) view.compact = CompactMode::kNormal;
  return MakeTile(dc, dtype, shape, MemorySpace::kAcc, view);
}

absl::Status CheckInitCond(const DeduceContext& dc, size_t i) {
  if (dc.num_args() <= i) return absl::OkStatus();
  const auto* s = dc.arg(i)->type()->As<ScalarType>();
  if (s == nullptr || s->dtype() != DataType::kBool) {
    return dc.Error(absl::StrCat("requires init_cond to be a BOOL scalar, got ",
                                 FormatExpr(dc.arg(i)),
                                 "; write a comparison such as `k == 0`"));
  }
  return absl::OkStatus();
}

absl::StatusOr<const Type*> DeduceMatmul(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* rhs, ExpectTile(dc, 1));
  PTO_ASSIGN_OR_RETURN(Product p, MatmulProduct(dc, lhs, rhs));
  return AccTile(dc, p.acc_dtype, p.shape, p.valid);
}

absl::StatusOr<const Type*> DeduceMatmulAcc(const DeduceContext& dc) {
  PTO_RETURN_IF_ERROR(CheckInitCond(dc, 3));
  PTO_ASSIGN_OR_RETURN(const TileType* acc, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, 1));
  PTO_ASSIGN_OR_RETURN(const TileType* rhs, ExpectTile(dc, 2));
  PTO_ASSIGN_OR_RETURN(Product p, MatmulProduct(dc, lhs, rhs));
  PTO_RETURN_IF_ERROR(ExpectRank2(dc, acc, "acc"));
  for (size_t d = 0; d < 2; ++d) {
    if (ConstMismatch(acc->shape()[d], p.shape[d])) {
      return dc.Error(absl::StrCat("requires matching physical ", d == 0 ? "M" : "N",
                                   ", got acc ", FormatExpr(acc->shape()[d]), " and product ",
                                   FormatExpr(p.shape[d])));
    }
    if (ProveLessEqual(p.valid[d], acc->ValidShape()[d]) == Proof::kFalse) {
      return dc.Error(absl::StrCat("requires acc valid ", d == 0 ? "M" : "N",
                                   " to cover the product's, got acc ",
                                   FormatExpr(acc->ValidShape()[d]), " and product ",
                                   FormatExpr(p.valid[d])));
    }
  }
  if (acc->dtype() != p.acc_dtype) {
    return dc.Error(absl::StrCat("requires accumulator dtype ", p.acc_dtype.name(), ", got ",
                                 acc->dtype().name()));
  }
  TileView view = ImplicitTileView(MemorySpace::kAcc, TileLayout::kRowMajor);
  view.valid_shape = acc->ValidShape();
  view.compact = acc->EffectiveView().compact;
  return MakeTile(dc, p.acc_dtype, acc->shape(), MemorySpace::kAcc, view);
}

absl::Status CheckBias(const DeduceContext& dc, const TileType* bias, const TileType* rhs,
                       DataType acc_dtype) {
  PTO_RETURN_IF_ERROR(ExpectRank2(dc, bias, "bias"));
  if (AsConstInt(bias->shape()[0]) != 1) {
    return dc.Error(absl::StrCat("requires bias to have shape [1, N], got ",
                                 FormatShape(bias->shape())));
  }
  if (ConstMismatch(bias->shape()[1], rhs->shape()[1])) {
    return dc.Error(absl::StrCat("requires bias N to match output N=", FormatExpr(rhs->shape()[1]),
                                 ", got bias N=", FormatExpr(bias->shape()[1])));
  }
  if (ProveLessEqual(rhs->ValidShape()[1], bias->ValidShape()[1]) == Proof::kFalse) {
    return dc.Error(absl::StrCat("requires bias valid N to cover output valid N=",
                                 FormatExpr(rhs->ValidShape()[1])));
  }
  if (bias->dtype() != acc_dtype) {
    return dc.Error(absl::StrCat("requires bias dtype ", acc_dtype.name(),
                                 " to match the accumulator, got ", bias->dtype().name()));
  }
  return absl::OkStatus();
}

absl::StatusOr<const Type*> DeduceMatmulBias(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* rhs, ExpectTile(dc, 1));
  PTO_ASSIGN_OR_RETURN(const TileType* bias, ExpectTile(dc, 2));
  PTO_ASSIGN_OR_RETURN(Product p, MatmulProduct(dc, lhs, rhs));
  PTO_RETURN_IF_ERROR(CheckBias(dc, bias, rhs, p.acc_dtype));
  return AccTile(dc, p.acc_dtype, p.shape, p.valid);
}

// --- GEMV ---------------------------------------------------------------------

absl::Status CheckAccPhase(const DeduceContext& dc) {
  absl::string_view phase = dc.FindKwarg("acc_phase")->string_value();
  if (phase == "unspecified" || phase == "partial" || phase == "final") return absl::OkStatus();
  return dc.Error(absl::StrCat(
      "requires acc_phase to be one of {unspecified, partial, final}, got '", phase, "'"));
}

// The GEMV result: Acc [16, N] with one valid row.
absl::StatusOr<const TileType*> GemvResult(const DeduceContext& dc, const TileType* lhs,
                                           const TileType* rhs) {
  PTO_ASSIGN_OR_RETURN(Product p, MatmulProduct(dc, lhs, rhs));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, lhs->dtype(), kGemvDTypes, "lhs dtype"));
  if (AsConstInt(lhs->shape()[0]) != 1) {
    return dc.Error(absl::StrCat("requires lhs to have exactly one physical row, got shape ",
                                 FormatShape(lhs->shape())));
  }
  if (ProveEqual(lhs->ValidShape()[0], dc.ctx().Index(1)) != Proof::kTrue) {
    return dc.Error(absl::StrCat("requires lhs to have exactly one valid row, got valid shape ",
                                 FormatShape(lhs->ValidShape())));
  }
  DimVec shape{dc.ctx().Index(kGemvAccRows), p.shape[1]};
  TileView view = ImplicitTileView(MemorySpace::kAcc, TileLayout::kRowMajor);
  DimVec valid{dc.ctx().Index(1), p.valid[1]};
  view.valid_shape = valid;
  return MakeTile(dc, p.acc_dtype, shape, MemorySpace::kAcc, view);
}

absl::StatusOr<const Type*> DeduceGemv(const DeduceContext& dc) {
  PTO_RETURN_IF_ERROR(CheckAccPhase(dc));
  PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* rhs, ExpectTile(dc, 1));
  return GemvResult(dc, lhs, rhs);
}

absl::StatusOr<const Type*> DeduceGemvAcc(const DeduceContext& dc) {
  PTO_RETURN_IF_ERROR(CheckAccPhase(dc));
  PTO_ASSIGN_OR_RETURN(const TileType* acc, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, 1));
  PTO_ASSIGN_OR_RETURN(const TileType* rhs, ExpectTile(dc, 2));
  PTO_RETURN_IF_ERROR(ExpectRank2(dc, acc, "acc"));
  PTO_ASSIGN_OR_RETURN(const TileType* want, GemvResult(dc, lhs, rhs));
  bool ok = acc->dtype() == want->dtype();
  for (size_t d = 0; d < 2; ++d) {
    ok = ok && !ConstMismatch(acc->shape()[d], want->shape()[d]) &&
         ProveEqual(acc->ValidShape()[d], want->ValidShape()[d]) == Proof::kTrue;
  }
  if (!ok) {
    return dc.Error(absl::StrCat("requires an accumulator of ", want->dtype().name(), " ",
                                 FormatShape(want->shape()), " valid ",
                                 FormatShape(want->ValidShape()), ", got ", acc->dtype().name(),
                                 " ", FormatShape(acc->shape()), " valid ",
                                 FormatShape(acc->ValidShape())));
  }
  return want;
}

absl::StatusOr<const Type*> DeduceGemvBias(const DeduceContext& dc) {
  PTO_RETURN_IF_ERROR(CheckAccPhase(dc));
  PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* rhs, ExpectTile(dc, 1));
  PTO_ASSIGN_OR_RETURN(const TileType* bias, ExpectTile(dc, 2));
  PTO_ASSIGN_OR_RETURN(const TileType* result, GemvResult(dc, lhs, rhs));
  PTO_RETURN_IF_ERROR(CheckBias(dc, bias, rhs, result->dtype()));
  if (ProveEqual(bias->ValidShape()[0], dc.ctx().Index(1)) != Proof::kTrue) {
    return dc.Error(absl::StrCat("requires bias to have exactly one valid row, got ",
                                 FormatExpr(bias->ValidShape()[0])));
  }
  return result;
}

// --- batched -------------------------------------------------------------------

struct BatchProduct {
  DimVec shape;  // broadcast batch dims + [M, N]
  DataType acc_dtype;
};

absl::StatusOr<BatchProduct> BatchMatmulProduct(const DeduceContext& dc, const TileType* lhs,
                                                const TileType* rhs) {
  for (const auto& [t, what] : {std::pair{lhs, "lhs"}, std::pair{rhs, "rhs"}}) {
    if (t->rank() < 2) {
      return dc.Error(absl::StrCat("requires ", what, " to have at least 2 dimensions, got rank ",
                                   t->rank()));
    }
  }
  ExprSpan ls = lhs->shape();
  ExprSpan rs = rhs->shape();
  if (ConstMismatch(ls[ls.size() - 1], rs[rs.size() - 2])) {
    return dc.Error(absl::StrCat("requires matching inner dimensions, got lhs K=",
                                 FormatExpr(ls[ls.size() - 1]), " and rhs K=",
                                 FormatExpr(rs[rs.size() - 2])));
  }
  absl::StatusOr<DimVec> batch =
      BroadcastShapes(ls.subspan(0, ls.size() - 2), rs.subspan(0, rs.size() - 2));
  if (!batch.ok()) {
    return dc.Error(absl::StrCat("cannot broadcast the batch dimensions: ",
                                 batch.status().message()));
  }
  if (lhs->dtype() != rhs->dtype()) {
    return dc.Error(absl::StrCat("requires identical lhs and rhs dtypes, got ",
                                 lhs->dtype().name(), " and ", rhs->dtype().name()));
  }
  DimVec shape = *batch;
  shape.push_back(ls[ls.size() - 2]);
  shape.push_back(rs[rs.size() - 1]);
  return BatchProduct{shape, AccumulatorDType(lhs->dtype())};
}

absl::StatusOr<const Type*> DeduceBatchMatmul(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* rhs, ExpectTile(dc, 1));
  PTO_ASSIGN_OR_RETURN(BatchProduct p, BatchMatmulProduct(dc, lhs, rhs));
  return MakeTile(dc, p.acc_dtype, p.shape, MemorySpace::kAcc);
}

absl::StatusOr<const Type*> DeduceBatchMatmulAcc(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* acc, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, 1));
  PTO_ASSIGN_OR_RETURN(const TileType* rhs, ExpectTile(dc, 2));
  PTO_ASSIGN_OR_RETURN(BatchProduct p, BatchMatmulProduct(dc, lhs, rhs));
  bool shape_ok = acc->rank() == p.shape.size();
  for (size_t d = 0; shape_ok && d < p.shape.size(); ++d) {
    shape_ok = !ConstMismatch(acc->shape()[d], p.shape[d]);
  }
  if (!shape_ok) {
    return dc.Error(absl::StrCat("requires acc of shape ", FormatShape(p.shape), ", got ",
                                 FormatShape(acc->shape())));
  }
  if (acc->dtype() != p.acc_dtype) {
    return dc.Error(absl::StrCat("requires accumulator dtype ", p.acc_dtype.name(), ", got ",
                                 acc->dtype().name()));
  }
  return MakeTile(dc, p.acc_dtype, acc->shape(), MemorySpace::kAcc);
}

}  // namespace

void RegisterTileMatmulOps(OpRegistry& registry) {
  registry.Register("tile.matmul")
      .Category(OpCategory::kTile)
      .Doc("lhs @ rhs of a Left and a Right tile into a new Acc tile.")
      .Arg("lhs")
      .Arg("rhs")
      .OperandMemory({MemorySpace::kLeft, MemorySpace::kRight})
      .Deduce(DeduceMatmul);
  registry.Register("tile.matmul_acc")
      .Category(OpCategory::kTile)
      .Doc("acc + lhs @ rhs; where init_cond holds the accumulator is overwritten instead.")
      .Arg("acc")
      .Arg("lhs")
      .Arg("rhs")
      .OptionalArg("init_cond")
      .Writes(0)
      .OperandMemory({MemorySpace::kAcc, MemorySpace::kLeft, MemorySpace::kRight})
      .Deduce(DeduceMatmulAcc);
  registry.Register("tile.matmul_bias")
      .Category(OpCategory::kTile)
      .Doc("lhs @ rhs + bias, with a [1, N] accumulator-typed bias row.")
      .Arg("lhs")
      .Arg("rhs")
      .Arg("bias")
      .OperandMemory({MemorySpace::kLeft, MemorySpace::kRight, MemorySpace::kBias})
      .Deduce(DeduceMatmulBias);
  const AttrValue unspecified = AttrValue::String("unspecified");
  registry.Register("tile.gemv")
      .Category(OpCategory::kTile)
      .Doc("[1, K] @ [K, N] into a 16-row Acc tile with one valid row.")
      .Arg("lhs")
      .Arg("rhs")
      .KeywordOnly()
      .Kwarg("acc_phase", AttrKind::kString, unspecified)
      .OperandMemory({MemorySpace::kLeft, MemorySpace::kRight})
      .Deduce(DeduceGemv);
  registry.Register("tile.gemv_acc")
      .Category(OpCategory::kTile)
      .Doc("acc + [1, K] @ [K, N].")
      .Arg("acc")
      .Arg("lhs")
      .Arg("rhs")
      .KeywordOnly()
      .Kwarg("acc_phase", AttrKind::kString, unspecified)
      .Writes(0)
      .OperandMemory({MemorySpace::kAcc, MemorySpace::kLeft, MemorySpace::kRight})
      .Deduce(DeduceGemvAcc);
  registry.Register("tile.gemv_bias")
      .Category(OpCategory::kTile)
      .Doc("[1, K] @ [K, N] + bias.")
      .Arg("lhs")
      .Arg("rhs")
      .Arg("bias")
      .KeywordOnly()
      .Kwarg("acc_phase", AttrKind::kString, unspecified)
      .OperandMemory({MemorySpace::kLeft, MemorySpace::kRight, MemorySpace::kBias})
      .Deduce(DeduceGemvBias);
  registry.Register("tile.batch_matmul")
      .Category(OpCategory::kTile)
      .Doc("Batched lhs @ rhs over broadcast leading dims into an Acc tile.")
      .Arg("lhs")
      .Arg("rhs")
      .OperandMemory({MemorySpace::kLeft, MemorySpace::kRight})
      .Deduce(DeduceBatchMatmul);
  registry.Register("tile.batch_matmul_acc")
      .Category(OpCategory::kTile)
      .Doc("Batched acc + lhs @ rhs.")
      .Arg("acc")
      .Arg("lhs")
      .Arg("rhs")
      .Writes(0)
      .OperandMemory({MemorySpace::kAcc, MemorySpace::kLeft, MemorySpace::kRight})
      .Deduce(DeduceBatchMatmulAcc);
}

}  // namespace pto::ir
