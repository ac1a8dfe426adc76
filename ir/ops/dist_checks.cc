#include "ir/ops/dist_checks.h"

#include <optional>

#include "absl/strings/str_cat.h"
#include "ir/check.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {

absl::StatusOr<const DistributedTensorType*> ExpectWindow(const DeduceContext& dc, size_t i) {
  PTO_CHECK(i < dc.num_args());
  const auto* w = dc.arg(i)->type()->As<DistributedTensorType>();
  if (w == nullptr) {
    return dc.Error(absl::StrCat(dc.op().args()[i].name,
                                 " must be a DistributedTensor (window-bound), got ",
                                 TypeKindName(dc.arg(i)->type())));
  }
  PTO_RETURN_IF_ERROR(ExpectTensor(dc, i).status());
  return w;
}

absl::StatusOr<const DistributedTensorType*> ExpectInt32Window(const DeduceContext& dc, size_t i,
                                                               absl::string_view what) {
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* w, ExpectWindow(dc, i));
  if (w->dtype() != DataType::kInt32) {
    return dc.Error(absl::StrCat(
        what, " must have INT32 elements (its cells are int counters), got ", w->dtype().name()));
  }
  if (w->rank() == 0) return dc.Error(absl::StrCat(what, " must have rank >= 1"));
  return w;
}

absl::Status ExpectIntegerScalar(const DeduceContext& dc, size_t i) {
  PTO_ASSIGN_OR_RETURN(const ScalarType* s, ExpectScalar(dc, i));
  if (!s->dtype().IsInt()) {
    return dc.Error(absl::StrCat(dc.op().args()[i].name, " must be an integer scalar, got ",
                                 s->dtype().name()));
  }
  return absl::OkStatus();
}

absl::StatusOr<ExprSpan> ExpectCoordinates(const DeduceContext& dc, size_t i, size_t rank,
                                           absl::string_view what) {
  PTO_ASSIGN_OR_RETURN(ExprSpan elements, ExpectTuple(dc, i));
  PTO_RETURN_IF_ERROR(ExpectIntegerScalars(dc, elements, what));
  if (elements.size() != rank) {
    return dc.Error(
        absl::StrCat(what, " has ", elements.size(), " elements; the tensor has rank ", rank));
  }
  return elements;
}

absl::StatusOr<int64_t> ExpectIntKwargIn(const DeduceContext& dc, absl::string_view name,
                                         int64_t lo, int64_t hi) {
  const AttrValue* v = dc.FindKwarg(name);
  PTO_CHECK(v != nullptr) << dc.op().name() << " declares no present kwarg " << name;
  int64_t i = v->int_value();
  if (i < lo || i > hi) {
    return dc.Error(absl::StrCat(name, " must be in [", lo, ", ", hi, "], got ", i));
  }
  return i;
}

// A constant read or write of `extent` at `offset` that ends past a static
// `dim` is an error; symbolic parts are the op's precondition.
absl::Status CheckRegionInBounds(const DeduceContext& dc, absl::string_view what, size_t d,
                           const Expr* offset, const Expr* extent, const Expr* dim) {
  std::optional<int64_t> o = AsConstInt(offset);
  std::optional<int64_t> e = AsConstInt(extent);
  std::optional<int64_t> n = AsConstInt(dim);
  if (o && *o < 0) {
    return dc.Error(absl::StrCat(what, " offset ", d, " is negative (", *o, ")"));
  }
  if (o && e && n && *o + *e > *n) {
    return dc.Error(absl::StrCat(what, " ends past dimension ", d, ": offset ", *o, " + extent ",
                                 *e, " exceeds ", *n));
  }
  return absl::OkStatus();
}

absl::StatusOr<ExprSpan> ExpectTransferRegion(const DeduceContext& dc, const TensorType* dst,
                                              const TensorType* src, size_t region_base) {
  if (dc.num_args() == region_base) {
    bool same = dst->rank() == src->rank();
    for (size_t d = 0; same && d < dst->rank(); ++d) {
      same = ProveEqual(dst->shape()[d], src->shape()[d]) == Proof::kTrue;
    }
    if (!same) {
      return dc.Error(absl::StrCat("the full-slice form needs dst and src of one shape, got ",
                                   FormatShape(dst->shape()), " and ", FormatShape(src->shape())));
    }
    return dst->shape();
  }
  if (dc.num_args() != region_base + 3) {
    return dc.Error(absl::StrCat("takes ", region_base, " arguments (full slice) or ",
                                 region_base + 3,
                                 " (with dst_offsets, src_offsets and shape), got ",
                                 dc.num_args()));
  }
  if (src->rank() != dst->rank()) {
    return dc.Error(
        absl::StrCat("dst and src must have one rank, got ", dst->rank(), " and ", src->rank()));
  }
  PTO_ASSIGN_OR_RETURN(ExprSpan dst_off, ExpectCoordinates(dc, region_base, dst->rank(), "dst_offsets"));
  PTO_ASSIGN_OR_RETURN(ExprSpan src_off, ExpectCoordinates(dc, region_base + 1, src->rank(), "src_offsets"));
  PTO_ASSIGN_OR_RETURN(ExprSpan shape, ExpectCoordinates(dc, region_base + 2, dst->rank(), "shape"));
  for (size_t d = 0; d < shape.size(); ++d) {
    if (std::optional<int64_t> c = AsConstInt(shape[d]); c && *c <= 0) {
      return dc.Error(absl::StrCat("shape element ", d, " must be positive, got ", *c));
    }
    PTO_RETURN_IF_ERROR(
        CheckRegionInBounds(dc, "the dst region", d, dst_off[d], shape[d], dst->shape()[d]));
    PTO_RETURN_IF_ERROR(
        CheckRegionInBounds(dc, "the src region", d, src_off[d], shape[d], src->shape()[d]));
  }
  return shape;
}

absl::Status ExpectAtomicAddDType(const DeduceContext& dc, DataType dtype, absl::string_view what) {
  static constexpr DataType kAtomicAddDTypes[] = {DataType::kFP32,  DataType::kBF16,
                                                  DataType::kFP16,  DataType::kInt32,
                                                  DataType::kInt16, DataType::kInt8};
  return ExpectDType(dc, dtype, kAtomicAddDTypes, what);
}

}  // namespace pto::ir
