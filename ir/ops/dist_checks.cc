#include "ir/ops/dist_checks.h"

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

}  // namespace pto::ir
