// Tensor math and conversion: tensor.neg, abs, not (INT16/UINT16 only),
// recip, exp, sqrt, rsqrt (an integer input gives an FP32 result), log
// (FP16/FP32 only), tensor.sin, tensor.cos (FP32 only; lowered to
// tile.sin/cos) and tensor.cast (the tensor form of tile.cast, with the
// same kwargs and the saturation rule of cast_saturation.h).
//
// Each result is a fresh tensor of the input's shape that keeps only the
// input's effective valid shape: no stride, layout or pad survives.

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/cast_saturation.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

absl::StatusOr<const Type*> DeduceFP32OnlyUnary(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* input, ExpectTensor(dc, 0));
  if (input->dtype() != DataType::kFP32) {
    return dc.Error(absl::StrCat("is FP32-only, got ", input->dtype().name(),
                                 "; cast the input to FP32 first (pl.cast(x, pl.FP32))"));
  }
  return MakeFreshTensor(dc, DataType::kFP32, input->shape(), input);
}

absl::StatusOr<const Type*> DeduceSameDType(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* input, ExpectTensor(dc, 0));
  return MakeFreshTensor(dc, input->dtype(), input->shape(), input);
}

bool HighPrecision(const DeduceContext& dc) {
  const AttrValue* hp = dc.FindKwarg("high_precision");
  return hp != nullptr && hp->bool_value();
}

// exp, sqrt, rsqrt, recip: a float input keeps its dtype, any other gives FP32.
absl::StatusOr<const Type*> DeduceFloatResult(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* input, ExpectTensor(dc, 0));
  DataType dtype = input->dtype().IsFloat() ? input->dtype() : DataType::kFP32;
  return MakeFreshTensor(dc, dtype, input->shape(), input);
}

absl::StatusOr<const Type*> DeduceRecip(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* input, ExpectTensor(dc, 0));
  if (HighPrecision(dc) && input->dtype() != DataType::kFP16 &&
      input->dtype() != DataType::kFP32) {
    return dc.Error(absl::StrCat("high_precision is supported only for FP16 and FP32, got ",
                                 input->dtype().name()));
  }
  return DeduceFloatResult(dc);
}

absl::StatusOr<const Type*> DeduceLog(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* input, ExpectTensor(dc, 0));
  PTO_RETURN_IF_ERROR(
      ExpectDType(dc, input->dtype(), {DataType::kFP16, DataType::kFP32}, "input dtype"));
  return MakeFreshTensor(dc, input->dtype(), input->shape(), input);
}

absl::StatusOr<const Type*> DeduceNot(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* input, ExpectTensor(dc, 0));
  PTO_RETURN_IF_ERROR(
      ExpectDType(dc, input->dtype(), {DataType::kInt16, DataType::kUInt16}, "input dtype"));
  return MakeFreshTensor(dc, input->dtype(), input->shape(), input);
}

absl::StatusOr<const Type*> DeduceTensorCast(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* input, ExpectTensor(dc, 0));
  PTO_ASSIGN_OR_RETURN(DataType target, RequireDTypeKwarg(dc, "target_type"));
  if (target == input->dtype()) {
    return dc.Error(absl::StrCat("target_type ", target.name(),
                                 " equals the input dtype; same-dtype cast is not a valid "
                                 "operation"));
  }
  return MakeFreshTensor(dc, target, input->shape(), input);
}

}  // namespace

void RegisterTensorUnaryOps(OpRegistry& registry) {
  struct Unary {
    absl::string_view name;
    absl::string_view doc;
    DeduceFn deduce;
    bool high_precision;  // takes the optional high_precision kwarg
  };
  static constexpr Unary kUnary[] = {
      {"tensor.neg", "Element-wise negation of a tensor.", DeduceSameDType, false},
      {"tensor.abs", "Element-wise absolute value of a tensor.", DeduceSameDType, false},
      {"tensor.not", "Element-wise bitwise NOT of an INT16 or UINT16 tensor.", DeduceNot, false},
      {"tensor.recip", "Element-wise reciprocal 1/x of a tensor.", DeduceRecip, true},
      {"tensor.exp", "Element-wise exponential of a tensor.", DeduceFloatResult, false},
      {"tensor.log", "Element-wise natural logarithm of an FP16 or FP32 tensor.", DeduceLog,
       true},
      {"tensor.sqrt", "Element-wise square root of a tensor.", DeduceFloatResult, false},
      {"tensor.rsqrt", "Element-wise reciprocal square root of a tensor.", DeduceFloatResult,
       true},
  };
  for (const Unary& u : kUnary) {
    OpBuilder b = registry.Register(u.name);
    b.Category(OpCategory::kTensor).Doc(u.doc).Arg("input");
    // Absent means False; the DSL records only True.
    if (u.high_precision) b.OptionalKwarg("high_precision", AttrKind::kBool);
    b.Deduce(u.deduce);
  }
  registry.Register("tensor.sin")
      .Category(OpCategory::kTensor)
      .Doc("Element-wise sine of an FP32 tensor.")
      .Arg("input")
      .Deduce(DeduceFP32OnlyUnary);
  registry.Register("tensor.cos")
      .Category(OpCategory::kTensor)
      .Doc("Element-wise cosine of an FP32 tensor.")
      .Arg("input")
      .Deduce(DeduceFP32OnlyUnary);
  registry.Register("tensor.cast")
      .Category(OpCategory::kTensor)
      .Doc("Converts every element of a tensor to target_type with the given rounding and "
           "destination saturation.")
      .Arg("input")
      .Kwarg("target_type", AttrKind::kDataType)
      .Kwarg("mode", AttrKind::kRoundMode, AttrValue::Enum(RoundMode::kRound))
      .OptionalKwarg("saturation_mode", AttrKind::kSaturationMode)
      .Canonicalize(CanonicalizeCastKwargs)
      .Deduce(DeduceTensorCast);
}

}  // namespace pto::ir
