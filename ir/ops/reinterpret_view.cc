#include "ir/ops/reinterpret_view.h"

#include "absl/strings/str_cat.h"
#include "ir/status_macros.h"

namespace pto::ir {

bool IsReinterpretableDType(DataType dtype) {
  switch (dtype.code()) {
    case DataType::kInt8: case DataType::kInt16: case DataType::kInt32: case DataType::kInt64:
    case DataType::kUInt8: case DataType::kUInt16: case DataType::kUInt32:
    case DataType::kUInt64: case DataType::kFP16: case DataType::kFP32: case DataType::kBF16:
    // The MX quantization aliases: FP8 data over INT8 bytes, E8M0 scales over
    // UINT8 exponents.
    case DataType::kFP8E4M3FN: case DataType::kFP8E8M0:
      return true;
    default:
      return false;
  }
}

PadValue ReinterpretedPad(PadValue source) {
  return source == PadValue::kZero ? PadValue::kZero : PadValue::kNull;
}

namespace {

bool SameExtents(ExprSpan a, ExprSpan b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (ProveEqual(a[i], b[i]) != Proof::kTrue) return false;
  }
  return true;
}

// `extent` in target elements, or nullopt when that is not provable.
std::optional<const Expr*> TryScale(Context& ctx, const Expr* extent, int src_bytes,
                                    int dst_bytes) {
  if (src_bytes == dst_bytes) return extent;
  if (src_bytes > dst_bytes) return MulExtent(ctx, extent, ctx.Index(src_bytes / dst_bytes));
  int64_t divisor = dst_bytes / src_bytes;
  if (std::optional<int64_t> c = AsConstInt(extent)) {
    if (*c % divisor != 0) return std::nullopt;
    return ctx.Index(*c / divisor);
  }
  // Undo an earlier narrowing: (x * d) viewed back at the wider type is x.
  if (const auto* mul = extent->As<BinaryExpr>();
      mul != nullptr && mul->op() == BinaryOp::kMul && AsConstInt(mul->rhs()) == divisor) {
    return mul->lhs();
  }
  return std::nullopt;
}

absl::StatusOr<DimVec> ScaleAxis(const DeduceContext& dc, ExprSpan dims, size_t axis,
                                 int src_bytes, int dst_bytes, absl::string_view what) {
  DimVec out(dims.begin(), dims.end());
  std::optional<const Expr*> scaled = TryScale(dc.ctx(), dims[axis], src_bytes, dst_bytes);
  if (!scaled) {
    int64_t divisor = dst_bytes / src_bytes;
    if (AsConstInt(dims[axis])) {
      return dc.Error(absl::StrCat(what, " dimension ", axis, " (", FormatExpr(dims[axis]),
                                   ") is not divisible by ", divisor,
                                   " for the wider target dtype"));
    }
    return dc.Error(absl::StrCat("cannot prove that dynamic ", what, " dimension ", axis,
                                 " is divisible by ", divisor,
                                 " for the wider target dtype; use a static extent"));
  }
  out[axis] = *scaled;
  return out;
}

absl::Status CheckPositive(const DeduceContext& dc, ExprSpan shape, absl::string_view what) {
  if (shape.empty()) return dc.Error(absl::StrCat(what, " must have rank >= 1"));
  for (size_t i = 0; i < shape.size(); ++i) {
    if (std::optional<int64_t> c = AsConstInt(shape[i]); c && *c <= 0) {
      return dc.Error(
          absl::StrCat(what, " dimension ", i, " must be positive, got ", *c));
    }
  }
  return absl::OkStatus();
}

std::optional<int64_t> StaticBytes(ExprSpan shape, int bytes) {
  int64_t n = bytes;
  for (const Expr* d : shape) {
    std::optional<int64_t> c = AsConstInt(d);
    if (!c || __builtin_mul_overflow(n, *c, &n)) return std::nullopt;
  }
  return n;
}

}  // namespace

absl::StatusOr<ReinterpretPlan> PlanReinterpret(const DeduceContext& dc,
                                                const ReinterpretRequest& r) {
  for (auto [what, t] : {std::pair<absl::string_view, DataType>{"source", r.source_dtype},
                         {"target", r.target_dtype}}) {
    if (!IsReinterpretableDType(t)) {
      return dc.Error(absl::StrCat("does not support ", what, " dtype ", t.name(),
                                   "; supported: 8- to 64-bit ints, FP16, BF16 and FP32"));
    }
  }
  if (r.source_dtype == r.target_dtype) {
    return dc.Error("source and target dtypes must differ; use a shape view for shape-only "
                    "changes");
  }
  PTO_RETURN_IF_ERROR(CheckPositive(dc, r.source_shape, "source shape"));
  int src_bytes = r.source_dtype.bytes();
  int dst_bytes = r.target_dtype.bytes();
  size_t axis = r.contiguous_axis;
  std::optional<const Expr*> auto_axis =
      TryScale(dc.ctx(), r.source_shape[axis], src_bytes, dst_bytes);
  std::optional<DimVec> auto_shape;
  if (auto_axis) {
    auto_shape.emplace(r.source_shape.begin(), r.source_shape.end());
    (*auto_shape)[axis] = *auto_axis;
  }

  ReinterpretPlan plan;
  if (r.requested_shape) {
    ExprSpan requested = *r.requested_shape;
    PTO_RETURN_IF_ERROR(CheckPositive(dc, requested, "target shape"));
    if (!auto_shape || !SameExtents(requested, *auto_shape)) {
      std::optional<int64_t> from = StaticBytes(r.source_shape, src_bytes);
      std::optional<int64_t> to = StaticBytes(requested, dst_bytes);
      if (!from || !to) {
        return dc.Error("cannot prove equal byte sizes for an explicit shape with dynamic dims; "
                        "omit shape or make both shapes static");
      }
      if (*from != *to) {
        return dc.Error(absl::StrCat("needs equal source and target byte sizes, got ", *from,
                                     " and ", *to, " bytes"));
      }
    }
    plan.shape.assign(requested.begin(), requested.end());
  } else if (auto_shape) {
    plan.shape = *auto_shape;
  } else {
    PTO_ASSIGN_OR_RETURN(plan.shape,
                         ScaleAxis(dc, r.source_shape, axis, src_bytes, dst_bytes, "shape"));
  }

  bool partial = !SameExtents(r.source_valid, r.source_shape);
  if (!partial) {
    plan.valid_shape = plan.shape;
    return plan;
  }
  if (r.requested_shape && (!auto_shape || !SameExtents(plan.shape, *auto_shape))) {
    return dc.Error("cannot carry a partial valid shape through an arbitrary explicit shape; "
                    "omit shape or use the automatic one");
  }
  PTO_ASSIGN_OR_RETURN(plan.valid_shape, ScaleAxis(dc, r.source_valid, axis, src_bytes,
                                                   dst_bytes, "valid_shape"));
  return plan;
}

}  // namespace pto::ir
