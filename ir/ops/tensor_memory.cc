// Tensor creation: tensor.create (uninitialised) and tensor.full.
//
//   x = pl.tensor.create([N, 64], dtype=pl.FP32)
//   z = pl.tensor.full([16, 16], dtype=pl.FP32, value=0.0)
//
// Unlike tiles, tensor shapes may be symbolic.

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

absl::StatusOr<ExprSpan> ExpectTensorShape(const DeduceContext& dc, size_t i) {
  PTO_ASSIGN_OR_RETURN(ExprSpan shape, ExpectTuple(dc, i));
  PTO_RETURN_IF_ERROR(ExpectIntegerScalars(dc, shape, "shape"));
  for (size_t d = 0; d < shape.size(); ++d) {
    if (std::optional<int64_t> c = AsConstInt(shape[d]); c && *c <= 0) {
      return dc.Error(absl::StrCat("shape element ", d, " must be positive, got ", *c));
    }
  }
  return shape;
}

absl::StatusOr<const Type*> DeduceTensorCreate(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(ExprSpan shape, ExpectTensorShape(dc, 0));
  PTO_ASSIGN_OR_RETURN(DataType dtype, RequireDTypeKwarg(dc, "dtype"));
  TensorView view;
  view.layout = dc.FindKwarg("layout")->As<TensorLayout>();
  if (view.layout == TensorLayout::kNZ) {
    return dc.Error("layout NZ is tile-only and not allowed on a tensor");
  }
  if (view.layout == TensorLayout::kDN && shape.size() < 2) {
    return dc.Error(absl::StrCat("layout DN needs rank >= 2, got rank ", shape.size()));
  }
  return MakeTensor(dc, dtype, shape, view);
}

absl::StatusOr<const Type*> DeduceTensorFull(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(ExprSpan shape, ExpectTensorShape(dc, 0));
  PTO_ASSIGN_OR_RETURN(DataType dtype, RequireDTypeKwarg(dc, "dtype"));
  const Expr* value = dc.arg(1);
  if (!value->Is<ConstInt>() && !value->Is<ConstFloat>()) {
    return dc.Error(absl::StrCat("value must be an int or float literal, got ",
                                 FormatExpr(value)));
  }
  return MakeTensor(dc, dtype, shape, TensorView{});
}

}  // namespace

void RegisterTensorMemoryOps(OpRegistry& registry) {
  registry.Register("tensor.create")
      .Category(OpCategory::kTensor)
      .Doc("Allocates an uninitialised tensor of the given shape, dtype and layout.")
      .Arg("shape")
      .Kwarg("dtype", AttrKind::kDataType)
      .Kwarg("layout", AttrKind::kTensorLayout, AttrValue::Enum(TensorLayout::kND))
      .OptionalKwarg("manual_dep", AttrKind::kBool)
      .OptionalKwarg("init_value", AttrKind::kFloat)
      .Deduce(DeduceTensorCreate);
  registry.Register("tensor.full")
      .Category(OpCategory::kTensor)
      .Doc("A tensor of the given shape with every element set to a literal value.")
      .Arg("shape")
      .KeywordArg("value", /*optional=*/false)
      .Kwarg("dtype", AttrKind::kDataType)
      .Deduce(DeduceTensorFull);
}

}  // namespace pto::ir
