// Tensor matrix products: tensor.matmul (1-D and 2-D operands and batched
// N-D with broadcast batch dims; optional transposes and output dtype) and
// tensor.matmul_acc (acc + lhs @ rhs, the accumulator typed FP32 for float
// operands and INT32 otherwise; an optional BOOL init_cond overwrites it
// instead on the steps where it holds).
//
//   c = pl.tensor.matmul(a, b, out_dtype=pl.FP32, b_trans=True)
//   c = pl.tensor.matmul_acc(c, a, b)
//
// Only static contraction extents are compared; symbolic ones are the
// caller's precondition.

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

bool Flag(const DeduceContext& dc, absl::string_view name) {
  const AttrValue* v = dc.FindKwarg(name);
  return v != nullptr && v->bool_value();
}

// Whether two extents are provably different (both static and unequal).
bool Differ(const Expr* a, const Expr* b) {
  std::optional<int64_t> x = AsConstInt(a);
  std::optional<int64_t> y = AsConstInt(b);
  return x && y && *x != *y;
}

absl::Status CheckK(const DeduceContext& dc, const Expr* k_lhs, const Expr* k_rhs) {
  if (!Differ(k_lhs, k_rhs)) return absl::OkStatus();
  return dc.Error(absl::StrCat("inner dimensions differ: lhs K=", FormatExpr(k_lhs),
                               ", rhs K=", FormatExpr(k_rhs)));
}

// The trailing [rows, cols] of a matrix operand, swapped under `trans`.
struct Matrix {
  const Expr* rows;
  const Expr* cols;
};
Matrix Trailing(const TensorType* t, bool trans) {
  ExprSpan s = t->shape();
  size_t n = s.size();
  return trans ? Matrix{s[n - 1], s[n - 2]} : Matrix{s[n - 2], s[n - 1]};
}

absl::StatusOr<const Type*> DeduceMatmul(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* lhs, ExpectTensor(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TensorType* rhs, ExpectTensor(dc, 1));
  if (lhs->rank() < 1 || rhs->rank() < 1) return dc.Error("needs operands of rank >= 1");
  bool a_trans = Flag(dc, "a_trans");
  bool b_trans = Flag(dc, "b_trans");
  if (a_trans && lhs->rank() < 2) {
    return dc.Error("a_trans does not apply to a 1-D lhs (a vector has no axes to swap)");
  }
  if (b_trans && rhs->rank() < 2) {
    return dc.Error("b_trans does not apply to a 1-D rhs (a vector has no axes to swap)");
  }
  DataType dtype = PromoteDataTypes(lhs->dtype(), rhs->dtype());
  if (const AttrValue* out = dc.FindKwarg("out_dtype")) dtype = out->dtype();
  ExprSpan ls = lhs->shape();
  ExprSpan rs = rhs->shape();
  DimVec shape;
  if (lhs->rank() == 1 && rhs->rank() == 1) {
    PTO_RETURN_IF_ERROR(CheckK(dc, ls[0], rs[0]));
  } else if (lhs->rank() == 2 && rhs->rank() == 1) {
    Matrix a = Trailing(lhs, a_trans);
    PTO_RETURN_IF_ERROR(CheckK(dc, a.cols, rs[0]));
    shape.push_back(a.rows);
  } else if (lhs->rank() == 1 && rhs->rank() == 2) {
    Matrix b = Trailing(rhs, b_trans);
    PTO_RETURN_IF_ERROR(CheckK(dc, ls[0], b.rows));
    shape.push_back(b.cols);
  } else {
    if (lhs->rank() < 2 || rhs->rank() < 2) {
      return dc.Error(absl::StrCat("a batched matmul needs operands of rank >= 2, got ranks ",
                                   lhs->rank(), " and ", rhs->rank()));
    }
    absl::StatusOr<DimVec> batch =
        BroadcastShapes(ls.subspan(0, ls.size() - 2), rs.subspan(0, rs.size() - 2));
    if (!batch.ok()) return dc.Error(absl::StrCat("batch dims: ", batch.status().message()));
    Matrix a = Trailing(lhs, a_trans);
    Matrix b = Trailing(rhs, b_trans);
    PTO_RETURN_IF_ERROR(CheckK(dc, a.cols, b.rows));
    shape = *batch;
    shape.push_back(a.rows);
    shape.push_back(b.cols);
  }
  return MakeTensor(dc, dtype, shape, TensorView{});
}

absl::StatusOr<const Type*> DeduceMatmulAcc(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* acc, ExpectTensor(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TensorType* lhs, ExpectTensor(dc, 1));
  PTO_ASSIGN_OR_RETURN(const TensorType* rhs, ExpectTensor(dc, 2));
  if (dc.num_args() > 3) {
    PTO_ASSIGN_OR_RETURN(const ScalarType* cond, ExpectScalar(dc, 3));
    if (!cond->dtype().IsBool()) {
      return dc.Error(absl::StrCat("init_cond must be a BOOL scalar, got ", cond->dtype().name()));
    }
  }
  if (acc->rank() < 2 || lhs->rank() < 2 || rhs->rank() < 2) {
    return dc.Error(absl::StrCat("needs acc, lhs and rhs of rank >= 2, got ranks ", acc->rank(),
                                 ", ", lhs->rank(), " and ", rhs->rank()));
  }
  if (lhs->dtype() != rhs->dtype()) {
    return dc.Error(absl::StrCat("needs one dtype for lhs and rhs, got ", lhs->dtype().name(),
                                 " and ", rhs->dtype().name()));
  }
  DataType dtype = lhs->dtype().IsFloat() ? DataType::kFP32 : DataType::kInt32;
  if (acc->dtype() != dtype) {
    return dc.Error(absl::StrCat("needs an accumulator of dtype ", dtype.name(), ", got ",
                                 acc->dtype().name()));
  }
  Matrix a = Trailing(lhs, Flag(dc, "a_trans"));
  Matrix b = Trailing(rhs, Flag(dc, "b_trans"));
  PTO_RETURN_IF_ERROR(CheckK(dc, a.cols, b.rows));
  Matrix c = Trailing(acc, false);
  if (Differ(c.rows, a.rows) || Differ(c.cols, b.cols)) {
    return dc.Error(absl::StrCat("accumulator [", FormatExpr(c.rows), ", ", FormatExpr(c.cols),
                                 "] does not match the product [", FormatExpr(a.rows), ", ",
                                 FormatExpr(b.cols), "]"));
  }
  ExprSpan ls = lhs->shape();
  ExprSpan rs = rhs->shape();
  ExprSpan cs = acc->shape();
  absl::StatusOr<DimVec> batch =
      BroadcastShapes(ls.subspan(0, ls.size() - 2), rs.subspan(0, rs.size() - 2));
  if (!batch.ok()) return dc.Error(absl::StrCat("batch dims: ", batch.status().message()));
  ExprSpan acc_batch = cs.subspan(0, cs.size() - 2);
  if (batch->size() != acc_batch.size()) {
    return dc.Error(absl::StrCat("accumulator batch rank ", acc_batch.size(),
                                 " differs from the operands' batch rank ", batch->size()));
  }
  for (size_t i = 0; i < acc_batch.size(); ++i) {
    if (Differ(acc_batch[i], (*batch)[i])) {
      return dc.Error(absl::StrCat("accumulator batch dim ", i, " (", FormatExpr(acc_batch[i]),
                                   ") differs from the operands' (", FormatExpr((*batch)[i]), ")"));
    }
  }
  return MakeTensor(dc, dtype, cs, TensorView{});
}

}  // namespace

void RegisterTensorMatmulOps(OpRegistry& registry) {
  registry.Register("tensor.matmul")
      .Category(OpCategory::kTensor)
      .Doc("Matrix product of two tensors (vector, matrix or batched), optionally transposed.")
      .Arg("lhs")
      .Arg("rhs")
      .Kwarg("a_trans", AttrKind::kBool, AttrValue::Bool(false))
      .Kwarg("b_trans", AttrKind::kBool, AttrValue::Bool(false))
      .Kwarg("c_matrix_nz", AttrKind::kBool, AttrValue::Bool(false))
      // Absent: the promoted operand dtype.
      .OptionalKwarg("out_dtype", AttrKind::kDataType)
      .Deduce(DeduceMatmul);
  registry.Register("tensor.matmul_acc")
      .Category(OpCategory::kTensor)
      .Doc("acc + lhs @ rhs; where the optional BOOL init_cond holds, lhs @ rhs alone.")
      .Arg("acc")
      .Arg("lhs")
      .Arg("rhs")
      .OptionalArg("init_cond")
      .Kwarg("a_trans", AttrKind::kBool, AttrValue::Bool(false))
      .Kwarg("b_trans", AttrKind::kBool, AttrValue::Bool(false))
      .Deduce(DeduceMatmulAcc);
}

}  // namespace pto::ir
