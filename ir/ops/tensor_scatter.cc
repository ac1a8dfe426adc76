// Tensor scatters: tensor.scatter (src elements into input at per-element
// column indices; rank 2, dim=-1 only), tensor.scatter_mask (compact rows
// of input spread onto the columns of dst a mask pattern selects) and
// tensor.scatter_update (rows of input replaced by src rows at 2-D [b, s]
// indices; 2-D or 4-D input, dim=-2 only).
//
//   y = pl.tensor.scatter(x, dim=-1, index=idx, src=src)  # y[b, idx[b, k]] = src[b, k]
//   d = pl.tensor.scatter_mask(x, dst, mask_pattern=1)
//   c = pl.tensor.scatter_update(cache, idx, kv, dim=-2)
//
// Each result is a fresh tensor of the destination's shape and dtype.

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr DataType kElementDTypes[] = {DataType::kFP16,  DataType::kFP32,  DataType::kBF16,
                                       DataType::kInt16, DataType::kInt32, DataType::kInt8};
constexpr DataType kIndexDTypes[] = {DataType::kInt16, DataType::kInt32};

absl::StatusOr<const TensorType*> ExpectPlainTensor(const DeduceContext& dc, size_t i) {
  PTO_ASSIGN_OR_RETURN(const TensorType* t, ExpectTensor(dc, i));
  if (t->IsDistributed()) return dc.Error("does not take a DistributedTensorType");
  return t;
}

// Static extents only: `what` a <= b (or ==).
absl::Status CheckExtent(const DeduceContext& dc, const Expr* a, const Expr* b, bool equal,
                         absl::string_view what) {
  std::optional<int64_t> x = AsConstInt(a);
  std::optional<int64_t> y = AsConstInt(b);
  if (!x || !y || (equal ? *x == *y : *x <= *y)) return absl::OkStatus();
  return dc.Error(absl::StrCat("needs ", what, ", got ", *x, " and ", *y));
}

absl::StatusOr<const Type*> DeduceScatter(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* input, ExpectPlainTensor(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, input->dtype(), kElementDTypes, "input dtype"));
  PTO_ASSIGN_OR_RETURN(const TensorType* index, ExpectPlainTensor(dc, 1));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, index->dtype(), kIndexDTypes, "index dtype"));
  PTO_ASSIGN_OR_RETURN(const TensorType* src, ExpectPlainTensor(dc, 2));
  if (src->dtype() != input->dtype()) {
    return dc.Error(absl::StrCat("src dtype ", src->dtype().name(), " must match the input dtype ",
                                 input->dtype().name()));
  }
  // The flattened destination index is as wide as an element (INT16 for bytes).
  int needed = input->dtype().bytes() == 1 ? 2 : input->dtype().bytes();
  if (index->dtype().bytes() != needed) {
    return dc.Error(absl::StrCat("an input of ", input->dtype().name(), " needs a ", needed * 8,
                                 "-bit index, got ", index->dtype().name()));
  }
  if (input->rank() != 2) {
    return dc.Error(absl::StrCat("supports only a 2-D input, got rank ", input->rank()));
  }
  if (src->rank() != 2 || index->rank() != 2) {
    return dc.Error(absl::StrCat("needs 2-D src and index, got ranks ", src->rank(), " and ",
                                 index->rank()));
  }
  int64_t dim = dc.FindKwarg("dim")->int_value();
  if (dim != -1 && dim != 1) {
    return dc.Error(absl::StrCat("supports only dim=-1 (the last axis), got dim=", dim));
  }
  ExprSpan s = src->shape();
  PTO_RETURN_IF_ERROR(CheckExtent(dc, s[0], index->shape()[0], true, "src and index rows equal"));
  PTO_RETURN_IF_ERROR(
      CheckExtent(dc, s[1], index->shape()[1], true, "src and index columns equal"));
  PTO_RETURN_IF_ERROR(CheckExtent(dc, s[0], input->shape()[0], false, "src rows <= input rows"));
  PTO_RETURN_IF_ERROR(
      CheckExtent(dc, s[1], input->shape()[1], false, "src columns <= input columns"));
  return MakeTensor(dc, input->dtype(), input->shape(), TensorView{});
}

// Patterns 1-2 spread every row over twice the columns, 3-6 four times, 7 once.
absl::StatusOr<const Type*> DeduceScatterMask(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* input, ExpectPlainTensor(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, input->dtype(), kElementDTypes, "input dtype"));
  PTO_ASSIGN_OR_RETURN(const TensorType* dst, ExpectPlainTensor(dc, 1));
  if (dst->dtype() != input->dtype()) {
    return dc.Error(absl::StrCat("needs input and dst of one dtype, got ", input->dtype().name(),
                                 " and ", dst->dtype().name()));
  }
  if (input->rank() != 2 || dst->rank() != 2) {
    return dc.Error(absl::StrCat("needs 2-D input and dst, got ranks ", input->rank(), " and ",
                                 dst->rank()));
  }
  int64_t pattern = dc.FindKwarg("mask_pattern")->int_value();
  if (pattern < 1 || pattern > 7) {
    return dc.Error(absl::StrCat("mask_pattern must be in [1, 7], got ", pattern));
  }
  int64_t stride = pattern == 7 ? 1 : (pattern <= 2 ? 2 : 4);
  std::optional<int64_t> in_cols = AsConstInt(input->shape()[1]);
  std::optional<int64_t> dst_cols = AsConstInt(dst->shape()[1]);
  if (in_cols && dst_cols && *dst_cols != *in_cols * stride) {
    return dc.Error(absl::StrCat("mask_pattern ", pattern, " needs dst columns (", *dst_cols,
                                 ") == input columns (", *in_cols, ") * ", stride));
  }
  return MakeTensor(dc, dst->dtype(), dst->shape(), TensorView{});
}

absl::StatusOr<const Type*> DeduceScatterUpdate(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* input, ExpectPlainTensor(dc, 0));
  if (input->rank() != 2 && input->rank() != 4) {
    return dc.Error(absl::StrCat("needs a 2-D or 4-D input, got rank ", input->rank()));
  }
  PTO_ASSIGN_OR_RETURN(const TensorType* index, ExpectPlainTensor(dc, 1));
  if (index->rank() != 2) {
    return dc.Error(absl::StrCat("needs a 2-D [b, s] index, got rank ", index->rank()));
  }
  if (!index->dtype().IsInt()) {
    return dc.Error(absl::StrCat("needs an integer index, got ", index->dtype().name()));
  }
  PTO_ASSIGN_OR_RETURN(const TensorType* src, ExpectPlainTensor(dc, 2));
  if (src->rank() != input->rank()) {
    return dc.Error(absl::StrCat("src rank ", src->rank(), " must match the input rank ",
                                 input->rank()));
  }
  if (src->dtype() != input->dtype()) {
    return dc.Error(absl::StrCat("src dtype ", src->dtype().name(), " must match the input dtype ",
                                 input->dtype().name()));
  }
  if (int64_t dim = dc.FindKwarg("dim")->int_value(); dim != -2) {
    return dc.Error(absl::StrCat("supports only dim=-2, got ", dim));
  }
  return MakeTensor(dc, input->dtype(), input->shape(), TensorView{});
}

}  // namespace

void RegisterTensorScatterOps(OpRegistry& registry) {
  registry.Register("tensor.scatter")
      .Category(OpCategory::kTensor)
      .Doc("input with src[b, k] written at column index[b, k] of row b (dim=-1).")
      .Arg("input")
      // Printed `dim=.., index=.., src=..`, as tensor.gather's index.
      .NamedArg("index")
      .NamedArg("src")
      .Kwarg("dim", AttrKind::kInt)
      .Deduce(DeduceScatter);
  registry.Register("tensor.scatter_mask")
      .Category(OpCategory::kTensor)
      .Doc("dst with each compact input row spread onto the columns a mask pattern selects.")
      .Arg("input")
      .Arg("dst")
      .Kwarg("mask_pattern", AttrKind::kInt)
      .Deduce(DeduceScatterMask);
  registry.Register("tensor.scatter_update")
      .Category(OpCategory::kTensor)
      .Doc("input with the rows a 2-D [b, s] index selects replaced by the rows of src.")
      .Arg("input")
      .Arg("index")
      .Arg("src")
      .Kwarg("dim", AttrKind::kInt, AttrValue::Int(-2))
      .Deduce(DeduceScatterUpdate);
}

}  // namespace pto::ir
