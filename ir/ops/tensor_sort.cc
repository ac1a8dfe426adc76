// Tensor sorting: tensor.sort32 (sorts fixed 32-element blocks of an
// FP16/FP32 tensor with their UINT32 indices; the result interleaves value
// and index, so the last axis doubles), tensor.mrgsort_format1 (merges the
// sorted runs of one tensor, run length a multiple of 64) and
// tensor.mrgsort_format2 (merges 2-4 sorted tensors along the last axis).
//
//   s = pl.tensor.sort32(x, idx)                       # [1, 64] -> [1, 128]
//   m = pl.tensor.mrgsort_format2(a, b, exhausted=False)

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr DataType kSortDTypes[] = {DataType::kFP16, DataType::kFP32};
constexpr int64_t kSortBlock = 32;
constexpr int64_t kMergeRunAlignment = 64;

absl::StatusOr<const TensorType*> ExpectSortable(const DeduceContext& dc, size_t i) {
  PTO_ASSIGN_OR_RETURN(const TensorType* t, ExpectTensor(dc, i));
  if (t->IsDistributed()) return dc.Error("does not take a DistributedTensorType");
  PTO_RETURN_IF_ERROR(ExpectDType(dc, t->dtype(), kSortDTypes, "src dtype"));
  if (t->rank() == 0) return dc.Error("needs a tensor of rank >= 1");
  return t;
}

absl::StatusOr<const Type*> DeduceSort32(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* src, ExpectSortable(dc, 0));
  ExprSpan shape = src->shape();
  if (std::optional<int64_t> n = AsConstInt(shape.back()); n && (*n <= 0 || *n % kSortBlock)) {
    return dc.Error(absl::StrCat("needs a last dimension that is a positive multiple of ",
                                 kSortBlock, ", got ", *n));
  }
  PTO_ASSIGN_OR_RETURN(const TensorType* idx, ExpectTensor(dc, 1));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, idx->dtype(), {DataType::kUInt32}, "idx dtype"));
  if (idx->rank() != src->rank()) {
    return dc.Error(absl::StrCat("idx rank ", idx->rank(), " must match the src rank ",
                                 src->rank()));
  }
  for (size_t d = 0; d < shape.size(); ++d) {
    if (ProveEqual(shape[d], idx->shape()[d]) != Proof::kTrue) {
      return dc.Error(absl::StrCat("idx shape ", FormatShape(idx->shape()),
                                   " must match the src shape ", FormatShape(shape)));
    }
  }
  DimVec out(shape.begin(), shape.end());
  out.back() = MulExtent(dc.ctx(), out.back(), dc.ctx().Index(2));
  return MakeTensor(dc, src->dtype(), out, TensorView{});
}

absl::StatusOr<const Type*> DeduceMrgSortFormat1(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* src, ExpectSortable(dc, 0));
  PTO_ASSIGN_OR_RETURN(const ScalarType* len, ExpectScalar(dc, 1));
  if (!len->dtype().IsInt()) {
    return dc.Error(absl::StrCat("block_len must be an integer, got ", len->dtype().name()));
  }
  if (std::optional<int64_t> n = AsConstInt(dc.arg(1));
      n && (*n <= 0 || *n % kMergeRunAlignment != 0)) {
    return dc.Error(absl::StrCat("block_len must be a positive multiple of ", kMergeRunAlignment,
                                 ", got ", *n));
  }
  return MakeTensor(dc, src->dtype(), src->shape(), TensorView{});
}

// The inputs agree on dtype, rank and every axis but the last; the result's
// last axis is the sum of theirs.
absl::StatusOr<const Type*> DeduceMrgSortFormat2(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* src0, ExpectSortable(dc, 0));
  const Expr* last = src0->shape().back();
  for (size_t i = 1; i < dc.num_args(); ++i) {
    PTO_ASSIGN_OR_RETURN(const TensorType* s, ExpectTensor(dc, i));
    if (s->dtype() != src0->dtype()) {
      return dc.Error(absl::StrCat("argument ", i, " has dtype ", s->dtype().name(),
                                   ", expected ", src0->dtype().name()));
    }
    if (s->rank() != src0->rank()) {
      return dc.Error(absl::StrCat("argument ", i, " has rank ", s->rank(), ", expected ",
                                   src0->rank()));
    }
    for (size_t d = 0; d + 1 < s->rank(); ++d) {
      if (ProveEqual(s->shape()[d], src0->shape()[d]) != Proof::kTrue) {
        return dc.Error(absl::StrCat("argument ", i, " differs from src0 in dimension ", d));
      }
    }
    last = AddExtent(dc.ctx(), last, s->shape().back());
  }
  DimVec out(src0->shape().begin(), src0->shape().end());
  out.back() = last;
  return MakeTensor(dc, src0->dtype(), out, TensorView{});
}

}  // namespace

void RegisterTensorSortOps(OpRegistry& registry) {
  registry.Register("tensor.sort32")
      .Category(OpCategory::kTensor)
      .Doc("Sorts 32-element blocks of values with their UINT32 indices (value/index pairs).")
      .Arg("src")
      .Arg("idx")
      .Deduce(DeduceSort32);
  registry.Register("tensor.mrgsort_format1")
      .Category(OpCategory::kTensor)
      .Doc("Merges the sorted runs of block_len elements of one tensor.")
      .Arg("src")
      .Arg("block_len")
      .Deduce(DeduceMrgSortFormat1);
  registry.Register("tensor.mrgsort_format2")
      .Category(OpCategory::kTensor)
      .Doc("Merges 2 to 4 sorted tensors along the last axis.")
      .Arg("src0")
      .Arg("src1")
      .OptionalArg("src2")
      .OptionalArg("src3")
      .KeywordOnly()
      .Kwarg("exhausted", AttrKind::kBool, AttrValue::Bool(false))
      .Deduce(DeduceMrgSortFormat2);
}

}  // namespace pto::ir
