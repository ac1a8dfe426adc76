// Tensor reductions along one axis: tensor.row_sum/max/min/prod and
// row_argmax/argmin (axis -1 by default), tensor.col_sum/max/min/prod and
// col_argmax/argmin (axis -2 by default, rank >= 2).
//
//   m = pl.tensor.row_max(x)                   # [M, N] -> [M, 1]
//   i = pl.tensor.col_argmax(x)                # [M, N] -> [1, N] INT32
//
// The reduced axis becomes 1 (or disappears with keep_dim=False; reducing
// the last axis away leaves a scalar). Other axes keep their extent and
// valid extent. argmax/argmin give INT32 indices. One table registers all
// twelve.

#include <iterator>
#include <utility>

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr DataType kRowMinDTypes[] = {DataType::kInt16, DataType::kInt32, DataType::kFP16,
                                      DataType::kFP32};

struct Reduction {
  absl::string_view name;
  absl::string_view doc;
  int default_axis;  // -1 for row reductions, -2 for column reductions
  bool index_result;  // argmax/argmin: INT32 result
  absl::Span<const DataType> dtypes;  // empty: any
};

absl::StatusOr<const Type*> DeduceReduction(const DeduceContext& dc, const Reduction& r) {
  PTO_ASSIGN_OR_RETURN(const TensorType* input, ExpectTensor(dc, 0));
  if (input->IsDistributed()) return dc.Error("does not take a DistributedTensorType");
  int64_t rank = static_cast<int64_t>(input->rank());
  if (r.default_axis == -2 && rank < 2) {
    return dc.Error(absl::StrCat("needs a tensor of rank >= 2, got rank ", rank));
  }
  const AttrValue* axis_attr = dc.FindKwarg("axis");
  int64_t axis = axis_attr ? axis_attr->int_value() : r.default_axis;
  if (axis < 0) axis += rank;
  if (axis < 0 || axis >= rank) {
    return dc.Error(absl::StrCat("axis ", axis_attr ? axis_attr->int_value() : r.default_axis,
                                 " is out of range for rank ", rank));
  }
  if (!r.dtypes.empty()) {
    PTO_RETURN_IF_ERROR(ExpectDType(dc, input->dtype(), r.dtypes, "input dtype"));
  }
  ExprSpan valid = input->ValidShape();
  for (size_t d = 0; d < valid.size(); ++d) {
    if (AsConstInt(valid[d]) == 0) {
      return dc.Error(absl::StrCat("cannot reduce an empty input (valid dimension ", d, " is 0)"));
    }
  }
  const AttrValue* keep_attr = dc.FindKwarg("keep_dim");
  bool keep_dim = keep_attr == nullptr || keep_attr->bool_value();
  DataType dtype = r.index_result ? DataType::kInt32 : input->dtype();
  DimVec shape;
  DimVec out_valid;
  for (int64_t d = 0; d < rank; ++d) {
    if (d == axis) {
      if (keep_dim) {
        shape.push_back(dc.ctx().Index(1));
        out_valid.push_back(dc.ctx().Index(1));
      }
      continue;
    }
    shape.push_back(input->shape()[d]);
    out_valid.push_back(valid[d]);
  }
  if (shape.empty()) return dc.ctx().GetScalarType(dtype);
  TensorView view;
  if (!ExprListIdentical(out_valid, shape)) view.valid_shape = out_valid;
  return MakeTensor(dc, dtype, shape, view);
}

constexpr Reduction kReductions[] = {
    {"tensor.row_max", "Maximum along an axis (the last by default).", -1, false, {}},
    {"tensor.row_sum", "Sum along an axis (the last by default).", -1, false, {}},
    {"tensor.row_min", "Minimum along an axis (the last by default).", -1, false, kRowMinDTypes},
    {"tensor.row_prod", "Product along an axis (the last by default).", -1, false, {}},
    {"tensor.col_sum", "Sum along an axis (the second-to-last by default).", -2, false, {}},
    {"tensor.col_max", "Maximum along an axis (the second-to-last by default).", -2, false, {}},
    {"tensor.col_min", "Minimum along an axis (the second-to-last by default).", -2, false, {}},
    {"tensor.col_prod", "Product along an axis (the second-to-last by default).", -2, false, {}},
    {"tensor.row_argmax", "INT32 index of the maximum along an axis (the last by default).", -1,
     true, {}},
    {"tensor.row_argmin", "INT32 index of the minimum along an axis (the last by default).", -1,
     true, {}},
    {"tensor.col_argmax",
     "INT32 index of the maximum along an axis (the second-to-last by default).", -2, true, {}},
    {"tensor.col_argmin",
     "INT32 index of the minimum along an axis (the second-to-last by default).", -2, true, {}},
};

template <size_t I>
absl::StatusOr<const Type*> Deduce(const DeduceContext& dc) {
  return DeduceReduction(dc, kReductions[I]);
}

template <size_t... I>
void RegisterAll(OpRegistry& registry, std::index_sequence<I...>) {
  (registry.Register(kReductions[I].name)
       .Category(OpCategory::kTensor)
       .Doc(kReductions[I].doc)
       .Arg("input")
       // Absent: the op's default axis, keep_dim=True. The DSL records neither.
       .OptionalKwarg("axis", AttrKind::kInt)
       .OptionalKwarg("keep_dim", AttrKind::kBool)
       .Deduce(Deduce<I>),
   ...);
}

}  // namespace

void RegisterTensorReductionOps(OpRegistry& registry) {
  RegisterAll(registry, std::make_index_sequence<std::size(kReductions)>());
}

}  // namespace pto::ir
