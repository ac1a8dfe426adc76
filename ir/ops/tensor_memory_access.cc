// Reading and writing parts of tensors: tensor.slice (a window view),
// tensor.assemble (writes a tensor into another at an offset), tensor.write
// (one element), tensor.dim (one extent as a scalar), tensor.fillpad and
// tensor.fillpad_expand (fill the invalid region, optionally growing the
// shape).
//
//   w = pl.tensor.slice(x, [16, 64], [i, 0])                  # [16, 64] window
//   r = pl.tensor.slice(x, [1, 64], [i, 0], [], [0])          # drop_dims: [64]
//   y = pl.tensor.assemble(y, w, [i, 0])
//   x = pl.tensor.write(x, [0, 1], v)
//
// A slice's valid region is the source's valid region under the window (the
// rule of tile.load, window_read.h); an assemble's result is the target grown
// by the written valid region when that is one origin-anchored rectangle
// (the rule of tile.store).

#include <algorithm>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/ops/window_read.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr DataType kAtomicAddDTypes[] = {DataType::kFP32,  DataType::kBF16,  DataType::kFP16,
                                         DataType::kInt32, DataType::kInt16, DataType::kInt8};

bool IsMx(TensorLayout l) { return l == TensorLayout::kMxAZZ || l == TensorLayout::kMxBNN; }

absl::StatusOr<ExprSpan> ExpectIntegerList(const DeduceContext& dc, size_t i,
                                           absl::string_view what) {
  PTO_ASSIGN_OR_RETURN(ExprSpan list, ExpectTuple(dc, i));
  PTO_RETURN_IF_ERROR(ExpectIntegerScalars(dc, list, what));
  return list;
}

// drop_dims: distinct constant axes of static unit extent, sorted.
absl::StatusOr<std::vector<size_t>> ParseDropDims(const DeduceContext& dc, ExprSpan shape) {
  std::vector<size_t> axes;
  if (dc.num_args() < 5) return axes;
  PTO_ASSIGN_OR_RETURN(ExprSpan dims, ExpectTuple(dc, 4));
  for (size_t i = 0; i < dims.size(); ++i) {
    std::optional<int64_t> axis = AsConstInt(dims[i]);
    if (!axis) return dc.Error(absl::StrCat("drop_dims element ", i, " must be an int constant"));
    if (*axis < 0 || *axis >= static_cast<int64_t>(shape.size())) {
      return dc.Error(absl::StrCat("drop_dims index ", *axis, " is out of range for rank ",
                                   shape.size()));
    }
    size_t a = static_cast<size_t>(*axis);
    if (std::find(axes.begin(), axes.end(), a) != axes.end()) {
      return dc.Error(absl::StrCat("drop_dims index ", a, " is repeated"));
    }
    if (AsConstInt(shape[a]) != 1) {
      return dc.Error(absl::StrCat("drop_dims index ", a, " must select a static unit dimension, "
                                   "but dimension ", a, " is ", FormatExpr(shape[a])));
    }
    axes.push_back(a);
  }
  std::sort(axes.begin(), axes.end());
  return axes;
}

DimVec DropAxes(ExprSpan dims, const std::vector<size_t>& axes) {
  DimVec out;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (!std::binary_search(axes.begin(), axes.end(), i)) out.push_back(dims[i]);
  }
  return out;
}

absl::StatusOr<const Type*> DeduceSlice(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* src, ExpectTensor(dc, 0));
  if (IsMx(src->EffectiveView().layout)) return dc.Error("does not support MX-layout tensors");
  PTO_ASSIGN_OR_RETURN(ExprSpan shape, ExpectIntegerList(dc, 1, "shape"));
  PTO_ASSIGN_OR_RETURN(ExprSpan offsets, ExpectIntegerList(dc, 2, "offset"));
  ExprSpan requested;
  if (dc.num_args() > 3) {
    PTO_ASSIGN_OR_RETURN(requested, ExpectIntegerList(dc, 3, "valid_shape"));
  }
  PTO_ASSIGN_OR_RETURN(std::vector<size_t> drop, ParseDropDims(dc, shape));
  if (!shape.empty() && drop.size() >= shape.size()) {
    return dc.Error("drop_dims cannot erase every dimension; keep one or use tensor.read");
  }
  if (!requested.empty() && requested.size() != shape.size()) {
    return dc.Error(absl::StrCat("valid_shape rank ", requested.size(),
                                 " must match the shape rank ", shape.size()));
  }
  const AttrValue* clamp_attr = dc.FindKwarg("clamp");
  bool clamp = clamp_attr != nullptr && clamp_attr->bool_value();
  DimVec valid;
  if (shape.size() == src->rank() && offsets.size() == shape.size()) {
    PTO_ASSIGN_OR_RETURN(valid, InferWindowReadValidShape(
                                    dc, WindowRead{src->shape(), src->ValidShape(), offsets,
                                                   shape, requested, clamp}));
  } else if (!requested.empty()) {
    valid.assign(requested.begin(), requested.end());
  } else {
    valid.assign(shape.begin(), shape.end());
  }
  for (size_t axis : drop) {
    if (ProveEqual(valid[axis], dc.ctx().Index(1)) != Proof::kTrue) {
      return dc.Error(absl::StrCat("cannot drop dimension ", axis, ": its valid extent ",
                                   FormatExpr(valid[axis]), " is not provably 1"));
    }
  }
  PadValue pad = src->EffectiveView().pad;
  if (const AttrValue* p = dc.FindKwarg("pad_value")) pad = p->As<PadValue>();
  DimVec result_valid = DropAxes(valid, drop);
  DimVec result_shape = DropAxes(shape, drop);
  TensorView view;
  view.valid_shape = result_valid;
  view.pad = pad;
  return MakeTensor(dc, src->dtype(), result_shape, view, src->IsDistributed());
}

absl::StatusOr<const Type*> DeduceAssemble(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* target, ExpectTensor(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TensorType* source, ExpectTensor(dc, 1));
  PTO_ASSIGN_OR_RETURN(ExprSpan offsets, ExpectIntegerList(dc, 2, "offset"));
  if (const AttrValue* atomic = dc.FindKwarg("atomic");
      atomic != nullptr && atomic->As<AtomicType>() == AtomicType::kAdd) {
    PTO_RETURN_IF_ERROR(
        ExpectDType(dc, target->dtype(), kAtomicAddDTypes, "target dtype with atomic=Add"));
  }
  DimVec valid(target->shape().begin(), target->shape().end());
  if (source->rank() == target->rank() && offsets.size() == target->rank()) {
    PTO_ASSIGN_OR_RETURN(valid, InferWriteValidShapeUnion(
                                    dc, WriteUnion{target->shape(), target->ValidShape(),
                                                   source->ValidShape(), offsets}));
  }
  TensorView view;
  view.valid_shape = valid;
  return MakeTensor(dc, target->dtype(), target->shape(), view, target->IsDistributed());
}

absl::StatusOr<const Type*> DeduceWrite(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* t, ExpectTensor(dc, 0));
  PTO_ASSIGN_OR_RETURN(ExprSpan indices, ExpectIntegerList(dc, 1, "indices"));
  if (indices.size() != t->rank()) {
    return dc.Error(absl::StrCat("has ", indices.size(), " indices for a tensor of rank ",
                                 t->rank()));
  }
  PTO_ASSIGN_OR_RETURN(const ScalarType* value, ExpectScalar(dc, 2));
  if (value->dtype() != t->dtype()) {
    return dc.Error(absl::StrCat("value dtype ", value->dtype().name(),
                                 " must match the tensor dtype ", t->dtype().name()));
  }
  return t;
}

absl::StatusOr<const Type*> DeduceDim(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* t, ExpectTensor(dc, 0));
  std::optional<int64_t> axis = AsConstInt(dc.arg(1));
  if (!axis) {
    return dc.Error(absl::StrCat("axis must be an int constant, got ", FormatExpr(dc.arg(1))));
  }
  int64_t rank = static_cast<int64_t>(t->rank());
  int64_t a = *axis < 0 ? *axis + rank : *axis;
  if (a < 0 || a >= rank) {
    return dc.Error(absl::StrCat("axis ", *axis, " is out of range for rank ", rank));
  }
  return dc.ctx().GetScalarType(DataType::kIndex);
}

absl::StatusOr<PadValue> ExpectFillPad(const DeduceContext& dc) {
  PadValue pad = dc.FindKwarg("pad_value")->As<PadValue>();
  if (pad == PadValue::kNull) {
    return dc.Error("pad_value must be zero, max or min, not null");
  }
  return pad;
}

absl::StatusOr<const TensorType*> ExpectPlainTensor(const DeduceContext& dc, size_t i) {
  PTO_ASSIGN_OR_RETURN(const TensorType* t, ExpectTensor(dc, i));
  if (t->IsDistributed()) return dc.Error("does not take a DistributedTensorType");
  return t;
}

// The whole tensor becomes valid; layout, stride and pad stay.
absl::StatusOr<const Type*> DeduceFillpad(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* t, ExpectPlainTensor(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectFillPad(dc).status());
  TensorView view = t->EffectiveView();
  view.valid_shape = {};
  return MakeTensor(dc, t->dtype(), t->shape(), view);
}

// A larger tensor whose every element is valid, recording the pad mode.
absl::StatusOr<const Type*> DeduceFillpadExpand(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* t, ExpectPlainTensor(dc, 0));
  PTO_ASSIGN_OR_RETURN(ExprSpan shape, ExpectTuple(dc, 1));
  if (shape.size() != t->rank()) {
    return dc.Error(absl::StrCat("shape rank ", shape.size(), " must match the source rank ",
                                 t->rank()));
  }
  for (size_t d = 0; d < shape.size(); ++d) {
    std::optional<int64_t> dst = AsConstInt(shape[d]);
    if (!dst) return dc.Error(absl::StrCat("shape dimension ", d, " must be an int constant"));
    if (*dst <= 0) {
      return dc.Error(absl::StrCat("shape dimension ", d, " must be positive, got ", *dst));
    }
    if (std::optional<int64_t> src = AsConstInt(t->shape()[d]); src && *dst < *src) {
      return dc.Error(absl::StrCat("destination dimension ", d, " (", *dst,
                                   ") must be >= the source dimension (", *src, ")"));
    }
  }
  PTO_ASSIGN_OR_RETURN(PadValue pad, ExpectFillPad(dc));
  TensorView view;
  view.layout = t->EffectiveView().layout;
  view.pad = pad;
  return MakeTensor(dc, t->dtype(), shape, view);
}

bool IsDDR(MemorySpace space) { return space == MemorySpace::kDDR; }

absl::StatusOr<const Type*> DeduceTensorAlloc(const DeduceContext& dc) {
  return DeduceAllocation(dc, IsDDR, "DDR");
}

}  // namespace

void RegisterTensorMemoryAccessOps(OpRegistry& registry) {
  registry.Register("tensor.slice")
      .Category(OpCategory::kTensor)
      .Doc("A window view of a tensor: shape at offset, valid where the source is valid.")
      .Arg("input")
      .Arg("shape")
      .Arg("offset")
      // An empty list stands for "none" when drop_dims follows.
      .OptionalArg("valid_shape")
      .OptionalArg("drop_dims")
      // Absent: the source's pad; clamp absent means False (the DSL records only True).
      .OptionalKwarg("pad_value", AttrKind::kPadValue)
      .OptionalKwarg("clamp", AttrKind::kBool)
      .Deduce(DeduceSlice);
  registry.Register("tensor.assemble")
      .Category(OpCategory::kTensor)
      .Doc("Writes a tensor's valid region into a target at an offset; returns the target.")
      .Arg("target")
      .Arg("source")
      .Arg("offset")
      .KeywordOnly()
      // Absent means AtomicType.None_; the DSL records only Add.
      .OptionalKwarg("atomic", AttrKind::kAtomicType)
      .Writes(0)
      .Deduce(DeduceAssemble);
  registry.Register("tensor.write")
      .Category(OpCategory::kTensor)
      .Doc("Writes a scalar into one element of a tensor; returns the tensor.")
      .Arg("tensor")
      .Arg("indices")
      .Arg("value")
      .Writes(0)
      .Deduce(DeduceWrite);
  registry.Register("tensor.alloc")
      .Category(OpCategory::kTensor)
      .Doc("Declares a DDR allocation of `size` bytes and returns its pl.Ptr.")
      .Arg("memory_space")
      .Arg("size")
      .SideEffects()
      .Deduce(DeduceTensorAlloc);
  registry.Register("tensor.dim")
      .Category(OpCategory::kTensor)
      .Doc("One extent of a tensor's shape (negative axes count from the end) as an INDEX.")
      .Arg("tensor")
      .Arg("axis")
      .Deduce(DeduceDim);
  registry.Register("tensor.fillpad")
      .Category(OpCategory::kTensor)
      .Doc("Fills a tensor's invalid region with pad_value; the whole tensor becomes valid.")
      .Arg("tensor")
      .Kwarg("pad_value", AttrKind::kPadValue, AttrValue::Enum(PadValue::kZero))
      .Deduce(DeduceFillpad);
  registry.Register("tensor.fillpad_expand")
      .Category(OpCategory::kTensor)
      .Doc("Copies a tensor's valid region into a larger tensor, filling the rest with "
           "pad_value.")
      .Arg("tensor")
      .Arg("shape")
      .Kwarg("pad_value", AttrKind::kPadValue, AttrValue::Enum(PadValue::kZero))
      .Deduce(DeduceFillpadExpand);
}

}  // namespace pto::ir
