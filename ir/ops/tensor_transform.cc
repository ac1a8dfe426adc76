// Tensor shape transforms: tensor.reshape (same elements, new shape, with
// an optional explicit valid shape), tensor.transpose (swaps two axes; a
// trailing-pair swap flips the layout between ND and DN), tensor.concat (two
// 2-D tensors side by side) and tensor.set_validshape (new 2-D valid extents,
// no data movement).
//
//   r = pl.tensor.reshape(x, [4, 64])
//   t = pl.tensor.transpose(x, 0, 1)
//   c = pl.tensor.concat(a, b)                    # [M, N0] ++ [M, N1] -> [M, N0 + N1]
//   v = pl.tensor.set_validshape(x, rows, cols)
//
// A reshape of a partially valid tensor keeps the data when it only inserts
// or erases unit axes (any valid rectangle survives), or when the valid
// region is a row-major flat prefix of the buffer that some box of the new
// shape covers exactly ([1, .., 1, k, full, .., full]); the prefix must have a
// static length. Anything else is rejected: reshape the full extent instead.

#include <algorithm>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

bool IsMx(TensorLayout l) { return l == TensorLayout::kMxAZZ || l == TensorLayout::kMxBNN; }

bool Equal(const Expr* a, const Expr* b) { return ProveEqual(a, b) == Proof::kTrue; }

std::optional<int64_t> StaticProduct(ExprSpan dims) {
  int64_t p = 1;
  for (const Expr* d : dims) {
    std::optional<int64_t> c = AsConstInt(d);
    if (!c || __builtin_mul_overflow(p, *c, &p)) return std::nullopt;
  }
  return p;
}

DimVec RowMajorStrides(Context& ctx, ExprSpan shape) {
  DimVec strides(shape.size(), nullptr);
  const Expr* s = ctx.Index(1);
  for (size_t i = shape.size(); i-- > 0;) {
    strides[i] = s;
    s = MulExtent(ctx, s, shape[i]);
  }
  return strides;
}

// A reshape that only inserts or erases unit axes moves no data between
// rows and columns, so any valid rectangle survives it. Walks both shapes
// left to right: equal extents pair up (tried first, so a partial axis keeps
// its extent), an input unit axis may vanish when its one coordinate is
// valid, an output unit axis appears fully valid. `dead` remembers the
// (input, output) positions already shown to fail, so the search visits each
// position once. Fills `out` (in reverse) and returns true on success.
bool MapUnitAxes(ExprSpan valid, ExprSpan in, ExprSpan out_shape, size_t i, size_t o,
                 std::vector<char>& dead, DimVec& out) {
  size_t state = i * (out_shape.size() + 1) + o;
  if (dead[state]) return false;
  if (i == in.size() && o == out_shape.size()) return true;
  if (i < in.size() && o < out_shape.size() && Equal(in[i], out_shape[o]) &&
      MapUnitAxes(valid, in, out_shape, i + 1, o + 1, dead, out)) {
    out.push_back(valid[i]);
    return true;
  }
  if (i < in.size() && AsConstInt(in[i]) == 1 && Equal(valid[i], in[i]) &&
      MapUnitAxes(valid, in, out_shape, i + 1, o, dead, out)) {
    return true;
  }
  if (o < out_shape.size() && AsConstInt(out_shape[o]) == 1 &&
      MapUnitAxes(valid, in, out_shape, i, o + 1, dead, out)) {
    out.push_back(out_shape[o]);
    return true;
  }
  dead[state] = 1;
  return false;
}

// The valid shape of `shape` covering the same cells as `valid` of `in_shape`
// (module comment); `row_major` says the source is stored packed row-major.
absl::StatusOr<DimVec> ReshapeValidShape(const DeduceContext& dc, ExprSpan valid,
                                         ExprSpan in_shape, ExprSpan shape, bool row_major) {
  Context& ctx = dc.ctx();
  bool full = true;
  for (size_t i = 0; full && i < valid.size(); ++i) full = Equal(valid[i], in_shape[i]);
  if (full) return DimVec(shape.begin(), shape.end());
  if (std::any_of(valid.begin(), valid.end(), [](const Expr* e) { return AsConstInt(e) == 0; })) {
    return DimVec(shape.size(), ctx.Index(0));
  }
  std::vector<char> dead((in_shape.size() + 1) * (shape.size() + 1), 0);
  DimVec mapped;
  if (MapUnitAxes(valid, in_shape, shape, 0, 0, dead, mapped)) {
    std::reverse(mapped.begin(), mapped.end());
    return mapped;
  }
  std::string what = absl::StrCat("cannot reshape ", FormatShape(in_shape), " to ",
                                  FormatShape(shape), " with valid_shape ", FormatShape(valid));
  if (!row_major) {
    return dc.Error(absl::StrCat(what, ": the source is not stored row-major, so its valid data "
                                       "is not a contiguous prefix"));
  }
  size_t free_dim = 0;
  while (free_dim + 1 < valid.size() && AsConstInt(valid[free_dim]) == 1) ++free_dim;
  for (size_t i = free_dim + 1; i < valid.size(); ++i) {
    if (!Equal(valid[i], in_shape[i])) {
      return dc.Error(absl::StrCat(what, ": dimension ", i, " is only partly valid, so the valid "
                                         "data is not a contiguous prefix"));
    }
  }
  std::optional<int64_t> k = AsConstInt(valid[free_dim]);
  std::optional<int64_t> tail = StaticProduct(in_shape.subspan(free_dim + 1));
  int64_t prefix;
  if (!k || !tail || __builtin_mul_overflow(*k, *tail, &prefix)) {
    return dc.Error(absl::StrCat(what, ": the valid prefix has no static length"));
  }
  for (size_t j = 0; j < shape.size(); ++j) {
    std::optional<int64_t> rest = StaticProduct(shape.subspan(j + 1));
    std::optional<int64_t> extent = AsConstInt(shape[j]);
    if (!rest || !extent || *rest == 0 || prefix % *rest != 0 || prefix / *rest > *extent) continue;
    DimVec out(j, ctx.Index(1));
    out.push_back(ctx.Index(prefix / *rest));
    out.insert(out.end(), shape.begin() + j + 1, shape.end());
    return out;
  }
  return dc.Error(absl::StrCat(what, ": no box of the new shape covers exactly the ", prefix,
                               " valid elements"));
}

absl::StatusOr<const TensorType*> ExpectPlainTensor(const DeduceContext& dc, size_t i) {
  PTO_ASSIGN_OR_RETURN(const TensorType* t, ExpectTensor(dc, i));
  if (t->IsDistributed()) return dc.Error("does not take a DistributedTensorType");
  return t;
}

absl::StatusOr<const Type*> DeduceReshape(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* src, ExpectPlainTensor(dc, 0));
  TensorView src_view = src->EffectiveView();
  if (IsMx(src_view.layout)) return dc.Error("does not support MX-layout tensors");
  PTO_ASSIGN_OR_RETURN(ExprSpan shape, ExpectTuple(dc, 1));
  PTO_RETURN_IF_ERROR(ExpectIntegerScalars(dc, shape, "shape"));
  if (shape.empty()) return dc.Error("needs a non-empty shape");
  std::optional<int64_t> before = StaticProduct(src->shape());
  std::optional<int64_t> after = StaticProduct(shape);
  if (before && after && *before != *after) {
    return dc.Error(absl::StrCat("cannot reshape ", *before, " elements into shape ",
                                 FormatShape(shape), " of ", *after, " elements"));
  }
  bool row_major = src_view.layout == TensorLayout::kND;
  if (row_major && !src_view.stride.empty()) {
    DimVec packed = RowMajorStrides(dc.ctx(), src->shape());
    for (size_t i = 0; row_major && i < packed.size(); ++i) {
      row_major = Equal(packed[i], src_view.stride[i]);
    }
  }
  PTO_ASSIGN_OR_RETURN(DimVec valid, ReshapeValidShape(dc, src->ValidShape(), src->shape(),
                                                       shape, row_major));
  if (dc.num_args() > 2) {
    PTO_ASSIGN_OR_RETURN(ExprSpan requested, ExpectTuple(dc, 2));
    PTO_RETURN_IF_ERROR(ExpectIntegerScalars(dc, requested, "valid_shape"));
    if (requested.size() != shape.size()) {
      return dc.Error(absl::StrCat("valid_shape rank ", requested.size(),
                                   " must match the shape rank ", shape.size()));
    }
    for (size_t i = 0; i < requested.size(); ++i) {
      if (ProveLessEqual(dc.ctx().Index(0), requested[i]) != Proof::kTrue ||
          ProveLessEqual(requested[i], valid[i]) != Proof::kTrue) {
        return dc.Error(absl::StrCat("valid_shape[", i, "] = ", FormatExpr(requested[i]),
                                     " is not provably within [0, ", FormatExpr(valid[i]), "]"));
      }
    }
    valid.assign(requested.begin(), requested.end());
  }
  TensorView view;
  view.valid_shape = valid;
  view.pad = src_view.pad;
  return MakeTensor(dc, src->dtype(), shape, view);
}

absl::StatusOr<int64_t> ExpectAxis(const DeduceContext& dc, size_t i, int64_t rank) {
  std::optional<int64_t> axis = AsConstInt(dc.arg(i));
  if (!axis) {
    return dc.Error(absl::StrCat(dc.op().args()[i].name, " must be an int constant, got ",
                                 FormatExpr(dc.arg(i))));
  }
  int64_t a = *axis < 0 ? *axis + rank : *axis;
  if (a < 0 || a >= rank) {
    return dc.Error(absl::StrCat(dc.op().args()[i].name, " ", *axis, " is out of range for rank ",
                                 rank));
  }
  return a;
}

absl::StatusOr<const Type*> DeduceTranspose(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* src, ExpectPlainTensor(dc, 0));
  TensorView in = src->EffectiveView();
  if (IsMx(in.layout)) return dc.Error("does not support MX-layout tensors");
  int64_t rank = static_cast<int64_t>(src->rank());
  if (rank < 2) return dc.Error(absl::StrCat("needs rank >= 2, got rank ", rank));
  PTO_ASSIGN_OR_RETURN(int64_t a1, ExpectAxis(dc, 1, rank));
  PTO_ASSIGN_OR_RETURN(int64_t a2, ExpectAxis(dc, 2, rank));
  if (a1 == a2) return dc.Error(absl::StrCat("needs two different axes, got ", a1, " twice"));
  DimVec shape(src->shape().begin(), src->shape().end());
  std::swap(shape[a1], shape[a2]);
  bool trailing = std::min(a1, a2) == rank - 2 && std::max(a1, a2) == rank - 1;
  TensorView view;
  view.layout = in.layout;
  if (trailing) {
    view.layout = in.layout == TensorLayout::kND ? TensorLayout::kDN : TensorLayout::kND;
  }
  view.pad = in.pad;
  DimVec stride = in.stride.empty() ? RowMajorStrides(dc.ctx(), src->shape())
                                    : DimVec(in.stride.begin(), in.stride.end());
  std::swap(stride[a1], stride[a2]);
  DimVec canonical = RowMajorStrides(dc.ctx(), shape);
  bool packed = view.layout == TensorLayout::kND;
  for (size_t i = 0; packed && i < stride.size(); ++i) packed = Equal(stride[i], canonical[i]);
  if (!packed) view.stride = stride;
  DimVec valid;
  if (dc.num_args() > 3) {
    PTO_ASSIGN_OR_RETURN(ExprSpan v, ExpectTuple(dc, 3));
    PTO_RETURN_IF_ERROR(ExpectIntegerScalars(dc, v, "valid_shape"));
    if (static_cast<int64_t>(v.size()) != rank) {
      return dc.Error(absl::StrCat("valid_shape rank ", v.size(), " must match the rank ", rank));
    }
    valid.assign(v.begin(), v.end());
  } else if (!in.valid_shape.empty()) {
    valid.assign(in.valid_shape.begin(), in.valid_shape.end());
    std::swap(valid[a1], valid[a2]);
  }
  view.valid_shape = valid;
  return MakeTensor(dc, src->dtype(), shape, view);
}

absl::StatusOr<const Type*> DeduceConcat(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* a, ExpectPlainTensor(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TensorType* b, ExpectPlainTensor(dc, 1));
  if (a->dtype() != b->dtype()) {
    return dc.Error(absl::StrCat("needs src0 and src1 of one dtype, got ", a->dtype().name(),
                                 " and ", b->dtype().name()));
  }
  if (a->rank() != 2 || b->rank() != 2) {
    return dc.Error(absl::StrCat("needs 2-D tensors, got ranks ", a->rank(), " and ", b->rank()));
  }
  std::optional<int64_t> r0 = AsConstInt(a->shape()[0]);
  std::optional<int64_t> r1 = AsConstInt(b->shape()[0]);
  if (r0 && r1 && *r0 != *r1) {
    return dc.Error(absl::StrCat("needs equal row counts, got ", *r0, " and ", *r1));
  }
  const Expr* shape[] = {a->shape()[0], AddExtent(dc.ctx(), a->shape()[1], b->shape()[1])};
  return MakeTensor(dc, a->dtype(), shape, TensorView{});
}

absl::StatusOr<const Type*> DeduceSetValidShape(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* t, ExpectPlainTensor(dc, 0));
  if (t->rank() != 2) return dc.Error(absl::StrCat("needs a 2-D tensor, got rank ", t->rank()));
  for (size_t i : {size_t{1}, size_t{2}}) {
    absl::string_view name = dc.op().args()[i].name;
    PTO_ASSIGN_OR_RETURN(const ScalarType* s, ExpectScalar(dc, i));
    if (!s->dtype().IsIndexLike()) {
      return dc.Error(absl::StrCat(name, " must be INT64, UINT64 or INDEX, got ",
                                   s->dtype().name()));
    }
    if (std::optional<int64_t> c = AsConstInt(dc.arg(i))) {
      if (*c < 0) return dc.Error(absl::StrCat(name, " must be >= 0, got ", *c));
      if (std::optional<int64_t> bound = AsConstInt(t->shape()[i - 1]); bound && *c > *bound) {
        return dc.Error(absl::StrCat(name, " (", *c, ") exceeds the tensor extent ", *bound));
      }
    }
  }
  TensorView view = t->EffectiveView();
  const Expr* valid[] = {dc.arg(1), dc.arg(2)};
  view.valid_shape = valid;
  return MakeTensor(dc, t->dtype(), t->shape(), view);
}

}  // namespace

void RegisterTensorTransformOps(OpRegistry& registry) {
  registry.Register("tensor.reshape")
      .Category(OpCategory::kTensor)
      .Doc("The same elements in a new shape (row-major order).")
      .Arg("input")
      .Arg("shape")
      .OptionalArg("valid_shape")
      .Deduce(DeduceReshape);
  registry.Register("tensor.transpose")
      .Category(OpCategory::kTensor)
      .Doc("Swaps two axes of a tensor (a view: strides and layout record the swap).")
      .Arg("input")
      .Arg("axis1")
      .Arg("axis2")
      .OptionalArg("valid_shape")
      .Deduce(DeduceTranspose);
  registry.Register("tensor.concat")
      .Category(OpCategory::kTensor)
      .Doc("Concatenates two 2-D tensors of one row count along the columns.")
      .Arg("src0")
      .Arg("src1")
      .Deduce(DeduceConcat);
  registry.Register("tensor.set_validshape")
      .Category(OpCategory::kTensor)
      .Doc("A 2-D tensor with new valid extents (metadata only, no data movement).")
      .Arg("tensor")
      .Arg("valid_rows")
      .Arg("valid_cols")
      .Deduce(DeduceSetValidShape);
}

}  // namespace pto::ir
