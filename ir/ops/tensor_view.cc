// Zero-copy tensor views: tensor.view (new shape and/or layout over the same
// memory) and tensor.reinterpret_view (another element type of the same
// bytes). A distributed (window) tensor stays distributed through tensor.view.
//
//   v = pl.tensor.view(x, [4, 64])                        # reshape a packed [16, 16]
//   t = pl.tensor.view(x, layout=pl.TensorLayout.DN)      # [M, N] ND -> [N, M] DN
//   b = pl.tensor.reinterpret_view(x, dtype=pl.INT8)

#include "absl/strings/str_cat.h"
#include "ir/check.h"
#include "ir/ops/families.h"
#include "ir/ops/reinterpret_view.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

bool IsMx(TensorLayout l) { return l == TensorLayout::kMxAZZ || l == TensorLayout::kMxBNN; }

bool Equal(const Expr* a, const Expr* b) { return ProveEqual(a, b) == Proof::kTrue; }

bool AllEqual(ExprSpan a, ExprSpan b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!Equal(a[i], b[i])) return false;
  }
  return true;
}

// The packed strides of `shape` under `layout`: row-major for ND (and the MX
// layouts); for DN the trailing pair is column-major and outer dims step over
// whole DN blocks. `layout` is not NZ, and DN has rank >= 2.
DimVec PackedStrides(Context& ctx, ExprSpan shape, TensorLayout layout) {
  size_t n = shape.size();
  PTO_CHECK(layout != TensorLayout::kNZ && (layout != TensorLayout::kDN || n >= 2));
  DimVec strides(n, nullptr);
  if (n == 0) return strides;
  size_t next;  // first dim, from the right, filled by the row-major loop
  if (layout == TensorLayout::kDN) {
    strides[n - 2] = ctx.Index(1);
    strides[n - 1] = shape[n - 2];
    if (n < 3) return strides;
    strides[n - 3] = MulExtent(ctx, shape[n - 2], shape[n - 1]);
    next = n - 3;
  } else {
    strides[n - 1] = ctx.Index(1);
    next = n - 1;
  }
  for (size_t i = next; i-- > 0;) strides[i] = MulExtent(ctx, strides[i + 1], shape[i + 1]);
  return strides;
}

const Expr* Product(Context& ctx, ExprSpan dims) {
  const Expr* p = ctx.Index(1);
  for (const Expr* d : dims) p = MulExtent(ctx, p, d);
  return p;
}

std::optional<int64_t> StaticProduct(ExprSpan dims) {
  int64_t p = 1;
  for (const Expr* d : dims) {
    std::optional<int64_t> c = AsConstInt(d);
    if (!c || __builtin_mul_overflow(p, *c, &p)) return std::nullopt;
  }
  return p;
}

// Whether an explicit target valid shape describes a 2-D collapse the source
// valid region maps onto exactly: leading dims folded into rows ([A, B, C] ->
// [A*B, C]) or everything folded into one row ([1, A*B*C]); in either case
// the valid region must stay one rectangle (ones, then at most one partial
// dim, then full dims).
bool IsNdCollapseTo2D(Context& ctx, ExprSpan shape, ExprSpan valid, ExprSpan target,
                      ExprSpan target_valid) {
  if (shape.empty() || valid.size() != shape.size() || target.size() != 2 ||
      target_valid.size() != 2) {
    return false;
  }
  ExprSpan lead = shape.subspan(0, shape.size() - 1);
  ExprSpan valid_lead = valid.subspan(0, valid.size() - 1);
  bool leading = Equal(target[0], Product(ctx, lead)) && Equal(target[1], shape.back()) &&
                 Equal(target_valid[0], Product(ctx, valid_lead)) &&
                 Equal(target_valid[1], valid.back());
  bool prefix = AsConstInt(target[0]) == 1 && Equal(target[1], Product(ctx, shape)) &&
                AsConstInt(target_valid[0]) == 1 && Equal(target_valid[1], Product(ctx, valid));
  if (!leading && !prefix) return false;
  bool past_boundary = false;
  size_t checked = prefix ? shape.size() : shape.size() - 1;
  for (size_t i = 0; i < checked; ++i) {
    if (past_boundary && !Equal(valid[i], shape[i])) return false;
    if (!past_boundary && AsConstInt(valid[i]) != 1) past_boundary = true;
  }
  return true;
}

absl::StatusOr<const Type*> DeduceTensorView(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* src, ExpectTensor(dc, 0));
  Context& ctx = dc.ctx();
  const AttrValue* layout_attr = dc.FindKwarg("layout");
  bool has_shape = dc.num_args() >= 2;
  bool has_valid = dc.num_args() >= 3;
  if (!has_shape && layout_attr == nullptr) return dc.Error("needs a shape or a layout");
  TensorView src_view = src->EffectiveView();
  TensorLayout src_layout = src_view.layout;
  TensorLayout layout = layout_attr ? layout_attr->As<TensorLayout>() : src_layout;
  if (IsMx(src_layout) || IsMx(layout)) return dc.Error("does not support MX layouts");
  if (src_layout == TensorLayout::kNZ || layout == TensorLayout::kNZ) {
    return dc.Error("layout NZ is tile-only and not allowed on a tensor");
  }
  bool has_stride = !src_view.stride.empty();
  if (has_stride) {
    DimVec packed = PackedStrides(ctx, src->shape(), src_layout);
    bool canonical = packed.size() == src_view.stride.size();
    for (size_t i = 0; canonical && i < packed.size(); ++i) {
      canonical = ProveEqual(packed[i], src_view.stride[i]) != Proof::kFalse;
    }
    if (!canonical) {
      return dc.Error(absl::StrCat("the source stride ", FormatShape(src_view.stride),
                                   " is not canonical for layout ", EnumName(src_layout)));
    }
    if (has_shape && !AllEqual(packed, src_view.stride)) {
      return dc.Error("a shape change needs a packed source (its explicit stride must be the "
                      "packed one)");
    }
  }

  DimVec shape;
  if (has_shape) {
    PTO_ASSIGN_OR_RETURN(ExprSpan s, ExpectTuple(dc, 1));
    PTO_RETURN_IF_ERROR(ExpectIntegerScalars(dc, s, "shape"));
    for (size_t d = 0; d < s.size(); ++d) {
      if (std::optional<int64_t> c = AsConstInt(s[d]); c && *c <= 0) {
        return dc.Error(absl::StrCat("shape dimension ", d, " must be positive, got ", *c));
      }
    }
    std::optional<int64_t> before = StaticProduct(src->shape());
    std::optional<int64_t> after = StaticProduct(s);
    if (before && after && *before != *after) {
      return dc.Error(absl::StrCat("cannot view ", *before, " elements as shape ", FormatShape(s),
                                   " of ", *after, " elements"));
    }
    shape.assign(s.begin(), s.end());
  } else {
    shape.assign(src->shape().begin(), src->shape().end());
    if (src_layout != layout) {
      if (shape.size() < 2) {
        return dc.Error(absl::StrCat("a layout change needs rank >= 2, got rank ", shape.size()));
      }
      std::swap(shape[shape.size() - 2], shape.back());
    }
  }
  if (shape.empty()) return dc.Error("the target shape must have rank >= 1");
  if (layout == TensorLayout::kDN && shape.size() < 2) {
    return dc.Error(absl::StrCat("layout DN needs rank >= 2, got rank ", shape.size()));
  }

  TensorView view;
  view.layout = layout;
  DimVec strides;
  if (!has_shape && has_stride) {
    strides.assign(src_view.stride.begin(), src_view.stride.end());
    if (src_layout != layout) std::swap(strides[strides.size() - 2], strides.back());
  } else {
    strides = PackedStrides(ctx, shape, layout);
  }
  view.stride = strides;

  bool src_partial = !src_view.valid_shape.empty();
  DimVec valid;
  if (!has_shape && src_partial) {
    valid.assign(src_view.valid_shape.begin(), src_view.valid_shape.end());
    if (src_layout != layout && valid.size() >= 2) std::swap(valid[valid.size() - 2], valid.back());
  }
  if (has_shape && !has_valid && src_partial) {
    return dc.Error("a shape change cannot carry a partial source valid_shape; pass the target "
                    "valid_shape");
  }
  if (!has_shape || has_valid) view.pad = src_view.pad;
  if (has_valid) {
    PTO_ASSIGN_OR_RETURN(ExprSpan v, ExpectTuple(dc, 2));
    PTO_RETURN_IF_ERROR(ExpectIntegerScalars(dc, v, "valid_shape"));
    if (!v.empty() && v.size() != shape.size()) {
      return dc.Error(absl::StrCat("valid_shape rank ", v.size(), " must match the shape rank ",
                                   shape.size()));
    }
    for (size_t d = 0; d < v.size(); ++d) {
      std::optional<int64_t> c = AsConstInt(v[d]);
      if (c && *c <= 0) {
        return dc.Error(
            absl::StrCat("valid_shape dimension ", d, " must be positive, got ", *c));
      }
      if (std::optional<int64_t> bound = AsConstInt(shape[d]); c && bound && *c > *bound) {
        return dc.Error(absl::StrCat("valid_shape dimension ", d, " (", *c,
                                     ") exceeds the shape dimension ", *bound));
      }
    }
    if (!v.empty()) {
      if (!src_partial) {
        return dc.Error("an explicit valid_shape needs a source with a valid_shape");
      }
      if (src_layout != TensorLayout::kND || layout != TensorLayout::kND) {
        return dc.Error("an explicit valid_shape needs ND source and target layouts");
      }
      if (!IsNdCollapseTo2D(ctx, src->shape(), src_view.valid_shape, shape, v)) {
        return dc.Error("an explicit valid_shape must describe an ND leading-dim collapse or a "
                        "prefix collapse to 2-D");
      }
    } else if (src_partial) {
      return dc.Error("a partial source valid_shape needs a non-empty target valid_shape");
    }
    valid.assign(v.begin(), v.end());
  }
  view.valid_shape = valid;
  return MakeTensor(dc, src->dtype(), shape, view, src->IsDistributed());
}

absl::StatusOr<const Type*> DeduceTensorReinterpretView(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* src, ExpectTensor(dc, 0));
  if (src->IsDistributed()) return dc.Error("does not support a DistributedTensorType");
  if (src->rank() == 0) return dc.Error("needs a tensor of rank >= 1");
  PTO_ASSIGN_OR_RETURN(DataType target, RequireDTypeKwarg(dc, "dtype"));
  TensorView src_view = src->EffectiveView();
  TensorLayout layout = src_view.layout;
  if (IsMx(layout)) return dc.Error("does not support MX layouts");
  if (layout == TensorLayout::kNZ) return dc.Error("does not support the NZ layout");
  bool dn = layout == TensorLayout::kDN;
  if (dn && src->rank() < 2) return dc.Error("needs rank >= 2 for the DN layout");
  Context& ctx = dc.ctx();
  bool keep_stride = !src_view.stride.empty();
  if (keep_stride && !AllEqual(src_view.stride, PackedStrides(ctx, src->shape(), layout))) {
    return dc.Error("supports only packed tensors (canonical strides for their layout)");
  }
  std::optional<ExprSpan> requested;
  if (dc.num_args() > 1) {
    PTO_ASSIGN_OR_RETURN(ExprSpan shape, ExpectTuple(dc, 1));
    PTO_RETURN_IF_ERROR(ExpectIntegerScalars(dc, shape, "shape"));
    if (dn && shape.size() < 2) return dc.Error("needs a target rank >= 2 for the DN layout");
    requested = shape;
  }
  size_t axis = src->rank() - (dn ? 2 : 1);
  PTO_ASSIGN_OR_RETURN(ReinterpretPlan plan,
                       PlanReinterpret(dc, ReinterpretRequest{src->shape(), src->ValidShape(),
                                                              src->dtype(), target, axis,
                                                              requested}));
  TensorView view;
  view.layout = layout;
  view.valid_shape = plan.valid_shape;
  view.pad = ReinterpretedPad(src_view.pad);
  DimVec strides;
  if (keep_stride) strides = PackedStrides(ctx, plan.shape, layout);
  view.stride = strides;
  return MakeTensor(dc, target, plan.shape, view);
}

}  // namespace

void RegisterTensorViewOps(OpRegistry& registry) {
  registry.Register("tensor.view")
      .Category(OpCategory::kTensor)
      .Doc("Views a tensor's memory with a new shape and/or layout (canonical packed strides).")
      .Arg("input")
      .OptionalArg("shape")
      .OptionalArg("valid_shape")
      .OptionalKwarg("layout", AttrKind::kTensorLayout)
      .Deduce(DeduceTensorView);
  registry.Register("tensor.reinterpret_view")
      .Category(OpCategory::kTensor)
      .Doc("Zero-copy view of a packed tensor as another element type of the same bytes.")
      .Arg("data")
      .KeywordArg("shape", /*optional=*/true)
      .Kwarg("dtype", AttrKind::kDataType)
      .Deduce(DeduceTensorReinterpretView);
}

}  // namespace pto::ir
