// Element-wise tensor arithmetic: tensor.add, sub, mul, div, maximum,
// minimum, fmod (tensor-tensor; maximum/minimum also take a scalar) and
// tensor.adds, subs, muls, divs, fmods (tensor-scalar); the partial ops
// tensor.part_add/mul/max/min; tensor.cmp (tensor or scalar rhs, 0/1
// result); and the integer bitwise and shift ops tensor.and/or/xor/shl/shr
// with their scalar forms (no broadcasting: equal shapes only). Results are
// fresh tensors: the sum of two windows is new local data, never a window
// (so never distributed).

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

constexpr DataType kAnyInt[] = {DataType::kInt4,   DataType::kInt8,   DataType::kInt16,
                                DataType::kInt32,  DataType::kInt64,  DataType::kIndex,
                                DataType::kUInt8,  DataType::kUInt16, DataType::kUInt32,
                                DataType::kUInt64};

// The valid shape an element-wise result may keep: only when it needs no
// mapping, i.e. two plain tensors of one shape whose valid shapes are
// provably equal. Empty otherwise.
ExprSpan MatchingValidShape(const TensorType* lhs, const TensorType* rhs) {
  if (lhs->IsDistributed() || rhs->IsDistributed() ||
      !ExprListIdentical(lhs->shape(), rhs->shape())) {
    return {};
  }
  for (size_t d = 0; d < lhs->rank(); ++d) {
    if (ProveEqual(lhs->ValidShape()[d], rhs->ValidShape()[d]) != Proof::kTrue) return {};
  }
  return lhs->ValidShape();
}

// `keep_valid`: whether the result keeps the operands' matching valid shape
// (the partial ops and compares do not: their result is defined everywhere).
absl::StatusOr<const Type*> TensorBinary(const DeduceContext& dc, bool keep_valid) {
  PTO_ASSIGN_OR_RETURN(const TensorType* lhs, ExpectTensor(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TensorType* rhs, ExpectTensor(dc, 1));
  absl::StatusOr<DimVec> shape = BroadcastShapes(lhs->shape(), rhs->shape());
  if (!shape.ok()) return dc.Error(shape.status().message());
  DataType dtype = PromoteDataTypes(lhs->dtype(), rhs->dtype());
  TensorView view;
  if (keep_valid) view.valid_shape = MatchingValidShape(lhs, rhs);
  return MakeTensor(dc, dtype, *shape, view);
}

absl::StatusOr<const Type*> DeduceTensorBinary(const DeduceContext& dc) {
  return TensorBinary(dc, /*keep_valid=*/true);
}

absl::StatusOr<const Type*> DeduceTensorPartial(const DeduceContext& dc) {
  return TensorBinary(dc, /*keep_valid=*/false);
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

// tensor op scalar; `promote` mixes the scalar's dtype in (tile ops do not);
// `keep_valid` keeps a plain lhs's valid shape.
absl::StatusOr<const Type*> TensorScalar(const DeduceContext& dc, bool promote,
                                         bool keep_valid = true) {
  PTO_ASSIGN_OR_RETURN(const TensorType* lhs, ExpectTensor(dc, 0));
  PTO_ASSIGN_OR_RETURN(const ScalarType* rhs, ExpectScalar(dc, 1));
  DataType dtype = promote ? PromoteDataTypes(lhs->dtype(), rhs->dtype()) : lhs->dtype();
  TensorView view;
  if (keep_valid && !lhs->IsDistributed()) view.valid_shape = lhs->ValidShape();
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

// cmp_type is CmpType's integer (EQ, NE, LT, LE, GT, GE); the result is a
// 0/1 tensor of the promoted dtype, with no valid shape.
absl::StatusOr<const Type*> DeduceTensorCmp(const DeduceContext& dc) {
  int64_t cmp = dc.FindKwarg("cmp_type")->int_value();
  if (cmp < 0 || cmp > 5) {
    return dc.Error(absl::StrCat("cmp_type must be 0..5 (EQ, NE, LT, LE, GT, GE), got ", cmp));
  }
  if (dc.arg(1)->type()->Is<ScalarType>()) {
    return TensorScalar(dc, /*promote=*/true, /*keep_valid=*/false);
  }
  return TensorBinary(dc, /*keep_valid=*/false);
}

// Bitwise and shift ops have no row/col-expand form in hardware, so both
// operands must have one shape; `promote` (and/or/xor) mixes the dtypes,
// shifts keep the lhs dtype.
absl::StatusOr<const Type*> TensorBitwise(const DeduceContext& dc, bool promote, bool keep_valid) {
  PTO_ASSIGN_OR_RETURN(const TensorType* lhs, ExpectTensor(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TensorType* rhs, ExpectTensor(dc, 1));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, lhs->dtype(), kAnyInt, "lhs dtype"));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, rhs->dtype(), kAnyInt, "rhs dtype"));
  bool same = lhs->rank() == rhs->rank();
  for (size_t d = 0; same && d < lhs->rank(); ++d) {
    same = ProveEqual(lhs->shape()[d], rhs->shape()[d]) == Proof::kTrue;
  }
  if (!same) {
    return dc.Error(absl::StrCat("needs operands of one shape, got ", FormatShape(lhs->shape()),
                                 " and ", FormatShape(rhs->shape()),
                                 "; bitwise and shift ops do not broadcast"));
  }
  DataType dtype = promote ? PromoteDataTypes(lhs->dtype(), rhs->dtype()) : lhs->dtype();
  TensorView view;
  if (keep_valid) view.valid_shape = MatchingValidShape(lhs, rhs);
  return MakeTensor(dc, dtype, lhs->shape(), view);
}

absl::StatusOr<const Type*> DeduceTensorAndOr(const DeduceContext& dc) {
  return TensorBitwise(dc, /*promote=*/true, /*keep_valid=*/true);
}
absl::StatusOr<const Type*> DeduceTensorXor(const DeduceContext& dc) {
  return TensorBitwise(dc, /*promote=*/true, /*keep_valid=*/false);
}
absl::StatusOr<const Type*> DeduceTensorShift(const DeduceContext& dc) {
  return TensorBitwise(dc, /*promote=*/false, /*keep_valid=*/true);
}

// Integer tensor op integer scalar, keeping the lhs dtype; a constant shift
// count must not be negative.
absl::StatusOr<const Type*> TensorBitwiseScalar(const DeduceContext& dc, bool shift,
                                                bool keep_valid) {
  PTO_ASSIGN_OR_RETURN(const Type* result, TensorScalar(dc, /*promote=*/false, keep_valid));
  DataType lhs = dc.arg(0)->type()->As<TensorType>()->dtype();
  DataType rhs = dc.arg(1)->type()->As<ScalarType>()->dtype();
  PTO_RETURN_IF_ERROR(ExpectDType(dc, lhs, kAnyInt, "tensor dtype"));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, rhs, kAnyInt, "scalar dtype"));
  if (std::optional<int64_t> count = AsConstInt(dc.arg(1)); shift && count && *count < 0) {
    return dc.Error(absl::StrCat("needs a non-negative shift count, got ", *count));
  }
  return result;
}

absl::StatusOr<const Type*> DeduceTensorAndsOrs(const DeduceContext& dc) {
  return TensorBitwiseScalar(dc, /*shift=*/false, /*keep_valid=*/true);
}
absl::StatusOr<const Type*> DeduceTensorXors(const DeduceContext& dc) {
  return TensorBitwiseScalar(dc, /*shift=*/false, /*keep_valid=*/false);
}
absl::StatusOr<const Type*> DeduceTensorShiftScalar(const DeduceContext& dc) {
  return TensorBitwiseScalar(dc, /*shift=*/true, /*keep_valid=*/true);
}

void Register(OpRegistry& registry, absl::string_view name, absl::string_view doc,
              DeduceFn deduce, absl::string_view lhs = "lhs", absl::string_view rhs = "rhs") {
  registry.Register(name)
      .Category(OpCategory::kTensor)
      .Doc(doc)
      .Arg(lhs)
      .Arg(rhs)
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
  Register(registry, "tensor.part_add", "Partial element-wise sum of two tensors.",
           DeduceTensorPartial, "src0", "src1");
  Register(registry, "tensor.part_mul", "Partial element-wise product of two tensors.",
           DeduceTensorPartial, "src0", "src1");
  Register(registry, "tensor.part_max", "Partial element-wise maximum of two tensors.",
           DeduceTensorPartial, "src0", "src1");
  Register(registry, "tensor.part_min", "Partial element-wise minimum of two tensors.",
           DeduceTensorPartial, "src0", "src1");
  Register(registry, "tensor.fmod",
           "Element-wise floating-point remainder of two tensors, with broadcasting.",
           DeduceTensorBinary);
  Register(registry, "tensor.fmods",
           "Floating-point remainder of every element of a tensor by a scalar.",
           DeduceTensorScalar);
  registry.Register("tensor.cmp")
      .Category(OpCategory::kTensor)
      .Doc("Element-wise comparison of a tensor with a tensor or a scalar; 1 where it holds.")
      .Arg("lhs")
      .Arg("rhs")
      .Kwarg("cmp_type", AttrKind::kInt, AttrValue::Int(0))
      .Deduce(DeduceTensorCmp);
  Register(registry, "tensor.and", "Element-wise bitwise AND of two integer tensors.",
           DeduceTensorAndOr);
  Register(registry, "tensor.ands", "Bitwise AND of an integer tensor with an integer scalar.",
           DeduceTensorAndsOrs);
  Register(registry, "tensor.or", "Element-wise bitwise OR of two integer tensors.",
           DeduceTensorAndOr);
  Register(registry, "tensor.ors", "Bitwise OR of an integer tensor with an integer scalar.",
           DeduceTensorAndsOrs);
  Register(registry, "tensor.xor", "Element-wise bitwise XOR of two integer tensors.",
           DeduceTensorXor);
  Register(registry, "tensor.xors", "Bitwise XOR of an integer tensor with an integer scalar.",
           DeduceTensorXors);
  Register(registry, "tensor.shl", "Element-wise left shift of an integer tensor by another.",
           DeduceTensorShift);
  Register(registry, "tensor.shls",
           "Left shift of every element of an integer tensor by a non-negative scalar.",
           DeduceTensorShiftScalar);
  Register(registry, "tensor.shr", "Element-wise right shift of an integer tensor by another.",
           DeduceTensorShift);
  Register(registry, "tensor.shrs",
           "Right shift of every element of an integer tensor by a non-negative scalar.",
           DeduceTensorShiftScalar);
}

}  // namespace pto::ir
