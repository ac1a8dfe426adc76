// Tensor math and conversion: tensor.sin, tensor.cos (FP32 only; lowered
// to tile.sin/cos) and tensor.cast (the tensor form of tile.cast, with the
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
