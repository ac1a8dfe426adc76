// Element-wise tensor arithmetic: tensor.add, sub, mul, div, maximum,
// minimum (tensor-tensor; maximum/minimum also take a scalar) and tensor.adds,
// subs, muls, divs (tensor-scalar). Results are fresh tensors: the sum of
// two windows is new local data, never a window (so never distributed).

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr DataType kDivDTypes[] = {DataType::kInt16, DataType::kInt32, DataType::kFP16,
                                   DataType::kFP32};
constexpr DataType kSubsDTypes[] = {DataType::kInt8, DataType::kInt16, DataType::kInt32,
                                    DataType::kFP16, DataType::kFP32, DataType::kBF16};

// The result keeps a valid shape only when it needs no mapping: two plain
// tensors of one shape whose valid shapes are provably equal.
absl::StatusOr<const Type*> DeduceTensorBinary(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* lhs, ExpectTensor(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TensorType* rhs, ExpectTensor(dc, 1));
  absl::StatusOr<DimVec> shape = BroadcastShapes(lhs->shape(), rhs->shape());
  if (!shape.ok()) return dc.Error(shape.status().message());
  DataType dtype = PromoteDataTypes(lhs->dtype(), rhs->dtype());
  bool keep_valid = !lhs->IsDistributed() && !rhs->IsDistributed() &&
                    ExprListIdentical(lhs->shape(), rhs->shape());
  for (size_t d = 0; keep_valid && d < lhs->rank(); ++d) {
    keep_valid = ProveEqual(lhs->ValidShape()[d], rhs->ValidShape()[d]) == Proof::kTrue;
  }
  TensorView view;
  if (keep_valid) view.valid_shape = lhs->ValidShape();
  return MakeTensor(dc, dtype, *shape, view);
}

absl::StatusOr<const Type*> DeduceTensorDiv(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* lhs, ExpectTensor(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TensorType* rhs, ExpectTensor(dc, 1));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, lhs->dtype(), kDivDTypes, "lhs dtype"));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, rhs->dtype(), kDivDTypes, "rhs dtype"));
  PTO_ASSIGN_OR_RETURN(const Type* result, DeduceTensorBinary(dc));
  if (const AttrValue* hp = dc.FindKwarg("high_precision");
      hp != nullptr && hp->bool_value() && !result->As<TensorType>()->dtype().IsFloat()) {
    return dc.Error("high_precision is supported only for FP16 and FP32");
  }
  return result;
}

// tensor op scalar; `promote` mixes the scalar's dtype in (tile ops do not).
absl::StatusOr<const Type*> TensorScalar(const DeduceContext& dc, bool promote) {
  PTO_ASSIGN_OR_RETURN(const TensorType* lhs, ExpectTensor(dc, 0));
  PTO_ASSIGN_OR_RETURN(const ScalarType* rhs, ExpectScalar(dc, 1));
  DataType dtype = promote ? PromoteDataTypes(lhs->dtype(), rhs->dtype()) : lhs->dtype();
  TensorView view;
  if (!lhs->IsDistributed()) view.valid_shape = lhs->ValidShape();
  return MakeTensor(dc, dtype, lhs->shape(), view);
}

absl::StatusOr<const Type*> DeduceTensorScalar(const DeduceContext& dc) {
  return TensorScalar(dc, /*promote=*/true);
}

absl::StatusOr<const Type*> DeduceTensorSubs(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* lhs, ExpectTensor(dc, 0));
  PTO_ASSIGN_OR_RETURN(const ScalarType* rhs, ExpectScalar(dc, 1));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, lhs->dtype(), kSubsDTypes, "tensor dtype"));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, rhs->dtype(), kSubsDTypes, "scalar dtype"));
  return TensorScalar(dc, /*promote=*/false);
}

// maximum/minimum take a tensor or a scalar rhs.
absl::StatusOr<const Type*> DeduceTensorMinMax(const DeduceContext& dc) {
  if (dc.arg(1)->type()->Is<ScalarType>()) return DeduceTensorScalar(dc);
  return DeduceTensorBinary(dc);
}

void Register(OpRegistry& registry, absl::string_view name, absl::string_view doc,
              DeduceFn deduce) {
  registry.Register(name)
      .Category(OpCategory::kTensor)
      .Doc(doc)
      .Arg("lhs")
      .Arg("rhs")
      .Deduce(deduce);
}

}  // namespace

void RegisterTensorElementwiseOps(OpRegistry& registry) {
  Register(registry, "tensor.add", "Element-wise sum of two tensors, with broadcasting.",
           DeduceTensorBinary);
  Register(registry, "tensor.sub", "Element-wise difference of two tensors, with broadcasting.",
           DeduceTensorBinary);
  Register(registry, "tensor.mul", "Element-wise product of two tensors, with broadcasting.",
           DeduceTensorBinary);
  registry.Register("tensor.div")
      .Category(OpCategory::kTensor)
      .Doc("Element-wise quotient of two tensors, with broadcasting.")
      .Arg("lhs")
      .Arg("rhs")
      .OptionalKwarg("high_precision", AttrKind::kBool)
      .Deduce(DeduceTensorDiv);
  Register(registry, "tensor.maximum",
           "Element-wise maximum of a tensor and a tensor (broadcast) or a scalar.",
           DeduceTensorMinMax);
  Register(registry, "tensor.minimum",
           "Element-wise minimum of a tensor and a tensor (broadcast) or a scalar.",
           DeduceTensorMinMax);
  Register(registry, "tensor.adds", "Adds a scalar to every element of a tensor.",
           DeduceTensorScalar);
  Register(registry, "tensor.subs", "Subtracts a scalar from every element of a tensor.",
           DeduceTensorSubs);
  Register(registry, "tensor.muls", "Multiplies every element of a tensor by a scalar.",
           DeduceTensorScalar);
  Register(registry, "tensor.divs", "Divides every element of a tensor by a scalar.",
           DeduceTensorScalar);
}

}  // namespace pto::ir
