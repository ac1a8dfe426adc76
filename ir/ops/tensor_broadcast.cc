// Row/column broadcast on tensors: tensor.row_expand_* (a [.., M, N] tensor
// against a [.., M, 1] row vector), tensor.col_expand_* (against a [.., 1, N]
// column vector), tensor.expands (a scalar spread over a tensor's shape) and
// tensor.expand_clone (a rank-3 tensor copied along its one unit axis).
//
//   y = pl.tensor.row_expand_sub(x, row_max)      # x: [M, N], row_max: [M, 1]
//   c = pl.tensor.expand_clone(src, target)       # [1, 4, 8] -> [2, 4, 8]
//
// Every result is a fresh tensor (no view) of the first operand's shape,
// except expand_clone, which takes the target's. Only static extents are
// compared; a symbolic row or column count is the caller's precondition.

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr DataType kRowExpandAddDTypes[] = {DataType::kInt8, DataType::kInt16, DataType::kInt32,
                                            DataType::kFP16, DataType::kFP32};

enum class Axis : uint8_t { kRow, kCol };

// `vec` broadcasts along one of `tensor`'s two trailing axes: a row vector has
// last dim 1 and the tensor's row count; a column vector has second-to-last
// dim 1 and the tensor's column count.
absl::StatusOr<const Type*> DeduceExpand(const DeduceContext& dc, Axis axis) {
  PTO_ASSIGN_OR_RETURN(const TensorType* tensor, ExpectTensor(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TensorType* vec, ExpectTensor(dc, 1));
  if (tensor->rank() < 2) {
    return dc.Error(absl::StrCat("the tensor must have rank >= 2, got ", tensor->rank()));
  }
  if (vec->rank() < 2) {
    return dc.Error(absl::StrCat("the vector must have rank >= 2, got ", vec->rank()));
  }
  size_t unit = axis == Axis::kRow ? 1 : 2;   // from the right: the broadcast axis
  size_t match = axis == Axis::kRow ? 2 : 1;  // from the right: the matched axis
  if (AsConstInt(vec->shape()[vec->rank() - unit]) != 1) {
    absl::string_view which = axis == Axis::kRow
                                  ? "the row vector's last dimension"
                                  : "the column vector's second-to-last dimension";
    return dc.Error(
        absl::StrCat(which, " must be 1, got shape ", FormatShape(vec->shape())));
  }
  std::optional<int64_t> t = AsConstInt(tensor->shape()[tensor->rank() - match]);
  std::optional<int64_t> v = AsConstInt(vec->shape()[vec->rank() - match]);
  if (t && v && *t != *v) {
    return dc.Error(absl::StrCat(axis == Axis::kRow ? "row" : "column",
                                 " counts differ: tensor has ", *t, ", vector has ", *v));
  }
  return MakeTensor(dc, PromoteDataTypes(tensor->dtype(), vec->dtype()), tensor->shape(),
                    TensorView{});
}

absl::StatusOr<const Type*> DeduceRowExpand(const DeduceContext& dc) {
  return DeduceExpand(dc, Axis::kRow);
}

absl::StatusOr<const Type*> DeduceColExpand(const DeduceContext& dc) {
  return DeduceExpand(dc, Axis::kCol);
}

// TROWEXPANDADD takes one dtype for both operands, from a short list.
absl::StatusOr<const Type*> DeduceRowExpandAdd(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const Type* result, DeduceExpand(dc, Axis::kRow));
  DataType a = dc.arg(0)->type()->As<TensorType>()->dtype();
  DataType b = dc.arg(1)->type()->As<TensorType>()->dtype();
  if (a != b) {
    return dc.Error(absl::StrCat("needs one dtype for both operands, got ", a.name(), " and ",
                                 b.name()));
  }
  PTO_RETURN_IF_ERROR(ExpectDType(dc, a, kRowExpandAddDTypes, "dtype"));
  return result;
}

absl::StatusOr<const Type*> DeduceExpands(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* target, ExpectTensor(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectScalar(dc, 1).status());
  return MakeTensor(dc, target->dtype(), target->shape(), TensorView{});
}

// Every axis of `input` equals the target's or is a static 1, and at most one
// is broadcast.
absl::StatusOr<const Type*> DeduceExpandClone(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* input, ExpectTensor(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TensorType* target, ExpectTensor(dc, 1));
  if (input->rank() != 3) {
    return dc.Error(absl::StrCat("the input must have rank 3, got ", input->rank()));
  }
  if (target->rank() != input->rank()) {
    return dc.Error(absl::StrCat("the input rank ", input->rank(), " differs from the target rank ",
                                 target->rank()));
  }
  int broadcast = 0;
  for (size_t d = 0; d < input->rank(); ++d) {
    if (ProveEqual(input->shape()[d], target->shape()[d]) == Proof::kTrue) continue;
    if (AsConstInt(input->shape()[d]) != 1) {
      return dc.Error(absl::StrCat("can only broadcast a dimension of 1, but ",
                                   FormatShape(input->shape()), " cannot expand to ",
                                   FormatShape(target->shape()), " at dimension ", d));
    }
    ++broadcast;
  }
  if (broadcast > 1) {
    return dc.Error(absl::StrCat("broadcasts at most one dimension, got ", broadcast, " (",
                                 FormatShape(input->shape()), " -> ",
                                 FormatShape(target->shape()), ")"));
  }
  return MakeTensor(dc, PromoteDataTypes(input->dtype(), target->dtype()), target->shape(),
                    TensorView{});
}

struct ExpandOp {
  absl::string_view name;
  absl::string_view first;
  absl::string_view second;
  absl::string_view doc;
  DeduceFn deduce;
};

constexpr ExpandOp kOps[] = {
    {"tensor.row_expand_mul", "tensor", "row_vec", "Multiplies each row by its row_vec entry.",
     DeduceRowExpand},
    {"tensor.row_expand_div", "tensor", "row_vec", "Divides each row by its row_vec entry.",
     DeduceRowExpand},
    {"tensor.col_expand_mul", "tensor", "col_vec", "Multiplies each column by its col_vec entry.",
     DeduceColExpand},
    {"tensor.col_expand_add", "tensor", "col_vec", "Adds its col_vec entry to each column.",
     DeduceColExpand},
    {"tensor.row_expand", "target", "row_vec",
     "Spreads a [M, 1] row vector over the target's [M, N] shape.", DeduceRowExpand},
    {"tensor.row_expand_add", "tensor", "row_vec", "Adds its row_vec entry to each row.",
     DeduceRowExpandAdd},
    {"tensor.row_expand_sub", "tensor", "row_vec", "Subtracts its row_vec entry from each row.",
     DeduceRowExpand},
    {"tensor.row_expand_max", "tensor", "row_vec",
     "Element-wise maximum of each row and its row_vec entry.", DeduceRowExpand},
    {"tensor.row_expand_min", "tensor", "row_vec",
     "Element-wise minimum of each row and its row_vec entry.", DeduceRowExpand},
    {"tensor.row_expand_expdif", "tensor", "row_vec",
     "exp(x - v) of each row and its row_vec entry v.", DeduceRowExpand},
    {"tensor.col_expand", "tensor", "col_vec",
     "Spreads a [1, N] column vector over the tensor's [M, N] shape.", DeduceColExpand},
    {"tensor.col_expand_sub", "tensor", "col_vec",
     "Subtracts its col_vec entry from each column.", DeduceColExpand},
    {"tensor.col_expand_max", "tensor", "col_vec",
     "Element-wise maximum of each column and its col_vec entry.", DeduceColExpand},
    {"tensor.col_expand_min", "tensor", "col_vec",
     "Element-wise minimum of each column and its col_vec entry.", DeduceColExpand},
    {"tensor.col_expand_expdif", "tensor", "col_vec",
     "exp(x - v) of each column and its col_vec entry v.", DeduceColExpand},
    {"tensor.col_expand_div", "tensor", "col_vec", "Divides each column by its col_vec entry.",
     DeduceColExpand},
    {"tensor.expands", "target", "scalar", "A tensor of the target's shape filled with a scalar.",
     DeduceExpands},
    {"tensor.expand_clone", "input", "target",
     "Copies a rank-3 tensor along its one unit axis up to the target's shape.",
     DeduceExpandClone},
};

}  // namespace

void RegisterTensorBroadcastOps(OpRegistry& registry) {
  for (const ExpandOp& op : kOps) {
    registry.Register(op.name)
        .Category(OpCategory::kTensor)
        .Doc(op.doc)
        .Arg(op.first)
        .Arg(op.second)
        .Deduce(op.deduce);
  }
}

}  // namespace pto::ir
