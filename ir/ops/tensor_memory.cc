// Tensor creation: tensor.create (uninitialised), tensor.full, tensor.ci
// (an integer sequence along the last axis), tensor.random (counter-based
// pseudo-random integers); and the tensor-scope block queries
// tensor.get_block_idx, get_subblock_idx, get_block_num (INDEX scalars).
//
//   x = pl.tensor.create([N, 64], dtype=pl.FP32)
//   z = pl.tensor.full([16, 16], dtype=pl.FP32, value=0.0)
//   s = pl.tensor.ci(start, [1, 32], dtype=pl.INT32, descending=False)
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

constexpr DataType kCiDTypes[] = {DataType::kInt16, DataType::kInt32, DataType::kUInt16,
                                  DataType::kUInt32};
constexpr DataType kRandomDTypes[] = {DataType::kInt32, DataType::kUInt32};
constexpr int kRandomSeeds = 6;  // key0, key1, counter0..3

// pto.tci fills only the first row: leading dims must be 1 and the last != 1.
absl::StatusOr<const Type*> DeduceTensorCi(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(DataType dtype, RequireDTypeKwarg(dc, "dtype"));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, dtype, kCiDTypes, "dtype"));
  PTO_ASSIGN_OR_RETURN(const ScalarType* start, ExpectScalar(dc, 0));
  if (start->dtype() != dtype) {
    return dc.Error(absl::StrCat("start dtype ", start->dtype().name(),
                                 " must match the destination dtype ", dtype.name()));
  }
  PTO_ASSIGN_OR_RETURN(ExprSpan shape, ExpectTensorShape(dc, 1));
  if (shape.empty()) return dc.Error("needs a non-empty shape");
  if (AsConstInt(shape.back()) == 1) {
    return dc.Error("needs an innermost dimension != 1");
  }
  for (size_t d = 0; d + 1 < shape.size(); ++d) {
    if (std::optional<int64_t> c = AsConstInt(shape[d]); c && *c != 1) {
      return dc.Error(absl::StrCat("fills only the first row, so leading dimensions must be 1, "
                                   "got ", *c, " at index ", d));
    }
  }
  return MakeTensor(dc, dtype, shape, TensorView{});
}

absl::StatusOr<const Type*> DeduceTensorRandom(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(DataType dtype, RequireDTypeKwarg(dc, "dtype"));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, dtype, kRandomDTypes, "dtype"));
  int64_t rounds = dc.FindKwarg("rounds")->int_value();
  if (rounds != 7 && rounds != 10) {
    return dc.Error(absl::StrCat("rounds must be 7 or 10, got ", rounds));
  }
  for (int i = 0; i < kRandomSeeds; ++i) {
    PTO_ASSIGN_OR_RETURN(const ScalarType* seed, ExpectScalar(dc, i));
    if (seed->dtype() != DataType::kInt32) {
      return dc.Error(absl::StrCat("seed argument ", i, " must be INT32, got ",
                                   seed->dtype().name()));
    }
  }
  PTO_ASSIGN_OR_RETURN(ExprSpan shape, ExpectTensorShape(dc, kRandomSeeds));
  if (shape.size() != 2) {
    return dc.Error(absl::StrCat("needs a 2-D shape (rows, cols), got rank ", shape.size()));
  }
  return MakeTensor(dc, dtype, shape, TensorView{});
}

absl::StatusOr<const Type*> DeduceIndexQuery(const DeduceContext& dc) {
  return dc.ctx().GetScalarType(DataType::kIndex);
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
  registry.Register("tensor.ci")
      .Category(OpCategory::kTensor)
      .Doc("An integer sequence from start along the last axis (descending: counting down).")
      .Arg("start")
      .Arg("shape")
      .Kwarg("dtype", AttrKind::kDataType, AttrValue::DType(DataType::kInt32))
      .Kwarg("descending", AttrKind::kBool, AttrValue::Bool(false))
      .Deduce(DeduceTensorCi);
  {
    OpBuilder random = registry.Register("tensor.random");
    random.Category(OpCategory::kTensor)
        .Doc("Counter-based pseudo-random INT32/UINT32 values of a 2-D shape from two key and "
             "four counter words.");
    for (const char* seed : {"key0", "key1", "counter0", "counter1", "counter2", "counter3"}) {
      random.Arg(seed);
    }
    random.Arg("shape")
        .Kwarg("dtype", AttrKind::kDataType, AttrValue::DType(DataType::kUInt32))
        .Kwarg("rounds", AttrKind::kInt, AttrValue::Int(10))
        .Deduce(DeduceTensorRandom);
  }
  for (auto [name, doc] : {std::pair<const char*, const char*>{
                               "tensor.get_block_idx", "The current block index (an INDEX)."},
                           {"tensor.get_subblock_idx",
                            "The current sub-block (vector core) index (an INDEX)."},
                           {"tensor.get_block_num",
                            "The number of blocks of the current SPMD task (an INDEX)."}}) {
    registry.Register(name).Category(OpCategory::kTensor).Doc(doc).Deduce(DeduceIndexQuery);
  }
}

}  // namespace pto::ir
