// tensor.read: one element of a tensor as a scalar.
//
//   n = pl.tensor.read(counts, [dest, 0])      # pl.Scalar[pl.INT32]
//
// Semantics: the value of the local element tensor[indices] (of a window, the
// local copy) when the op runs. Every index must lie in [0, dim); constant
// indices are checked here, symbolic ones are the caller's precondition.
// Pure: it reads memory and writes nothing.

#include <optional>

#include "absl/strings/str_cat.h"
#include "ir/ops/dist_checks.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

absl::StatusOr<const Type*> DeduceTensorRead(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* t, ExpectTensor(dc, 0));
  if (t->rank() == 0) return dc.Error("tensor must have rank >= 1");
  PTO_ASSIGN_OR_RETURN(ExprSpan indices, ExpectCoordinates(dc, 1, t->rank(), "indices"));
  for (size_t d = 0; d < indices.size(); ++d) {
    std::optional<int64_t> i = AsConstInt(indices[d]);
    if (!i) continue;
    std::optional<int64_t> n = AsConstInt(t->shape()[d]);
    if (*i < 0 || (n && *i >= *n)) {
      return dc.Error(absl::StrCat("index ", d, " (", *i, ") is outside dimension ", d, " of ",
                                   FormatShape(t->shape())));
    }
  }
  return dc.ctx().GetScalarType(t->dtype());
}

}  // namespace

void RegisterTensorReadOps(OpRegistry& registry) {
  registry.Register("tensor.read")
      .Category(OpCategory::kTensor)
      .Doc("Reads one element of a tensor (of a window: the local copy) as a scalar.")
      .Arg("tensor")
      .Arg("indices")
      .Deduce(DeduceTensorRead);
}

}  // namespace pto::ir
