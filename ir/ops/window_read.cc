#include "ir/ops/window_read.h"

#include <algorithm>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "ir/ops/type_inference.h"

namespace pto::ir {
namespace {

bool IsZero(const Expr* e) { return AsConstInt(e) == 0; }

// a + b when both are integer constants.
std::optional<int64_t> ConstSum(const Expr* a, const Expr* b) {
  std::optional<int64_t> x = AsConstInt(a);
  std::optional<int64_t> y = AsConstInt(b);
  if (!x || !y) return std::nullopt;
  return *x + *y;
}

}  // namespace

const Expr* WindowReadValidExtent(Context& ctx, const WindowReadDim& d, bool clamp,
                                  WindowNarrowing narrowing) {
  bool exact = narrowing != WindowNarrowing::kProven;
  bool fully_valid = ExprIdentical(d.source_valid, d.source);
  const Expr* available;
  if (!clamp && fully_valid && (!exact || AsConstInt(d.source).has_value())) {
    available = d.window;
  } else {
    // max(valid - offset, 0) rather than valid - offset: an offset past the
    // valid data leaves nothing, never a negative extent. (Upstream builds
    // max(valid, offset) - offset, which its simplifier rewrites to this
    // form; extents are INDEX, so neither can wrap.)
    const Expr* remaining =
        AsConstInt(d.offset) == 0
            ? d.source_valid
            : MaxExtent(ctx, SubExtent(ctx, d.source_valid, d.offset), ctx.Index(0));
    available = MinExtent(ctx, remaining, d.window);
  }
  if (d.requested == nullptr) return available;
  // requested <= window is the caller's checked (or trusted) precondition.
  if (narrowing == WindowNarrowing::kRuntime) return MinExtent(ctx, d.requested, available);
  if (ExprIdentical(available, d.window)) return d.requested;
  if (exact) return MinExtent(ctx, d.requested, available);
  return ProveLessEqual(available, d.requested) == Proof::kTrue ? available : d.requested;
}

// The valid shape of a window read: the request, narrowed to the part of the
// source valid region the window covers when that is provably smaller.
absl::StatusOr<DimVec> InferWindowReadValidShape(const DeduceContext& dc, const WindowRead& r) {
  Context& ctx = dc.ctx();
  DimVec result;
  for (size_t i = 0; i < r.window.size(); ++i) {
    const Expr* offset = r.offsets[i];
    // No request: the window is what the read reaches, and the result is
    // whatever the source holds under it.
    bool has_request = !r.requested.empty();
    const Expr* requested = has_request ? r.requested[i] : r.window[i];
    if (ProveLessEqual(ctx.Index(0), offset) == Proof::kFalse) {
      return dc.Error(absl::StrCat("offset ", i, " is negative (", FormatExpr(offset),
                                   "); a window must start inside its source"));
    }
    if (ProveLessEqual(requested, r.window[i]) == Proof::kFalse) {
      return dc.Error(absl::StrCat("valid_shape ", i, " is ", FormatExpr(requested),
                                   ", which exceeds the window extent ", FormatExpr(r.window[i])));
    }
    // Only constants can disprove the bound; a symbolic end is the op's
    // precondition (and building it would leave garbage in the arena).
    std::optional<int64_t> end = ConstSum(offset, requested);
    if (!r.clamp && end && ProveLessEqual(ctx.Index(*end), r.source[i]) == Proof::kFalse) {
      return dc.Error(absl::StrCat("reads past the end of dimension ", i, ": offset ",
                                   FormatExpr(offset), " + extent ", FormatExpr(requested),
                                   " exceeds the source extent ", FormatExpr(r.source[i]),
                                   "; pass clamp=True to narrow the read to the source edge"));
    }
    result.push_back(WindowReadValidExtent(
        ctx,
        WindowReadDim{r.source[i], r.source_valid[i], offset, r.window[i],
                      has_request ? requested : nullptr},
        r.clamp,
        WindowNarrowing::kProven));
  }
  return result;
}

// The destination's valid region after the write: the union of the two
// regions when that is one origin-anchored rectangle; an error otherwise.
absl::StatusOr<DimVec> InferWriteValidShapeUnion(const DeduceContext& dc, const WriteUnion& w) {
  Context& ctx = dc.ctx();
  size_t rank = w.target.size();
  for (size_t i = 0; i < rank; ++i) {
    const Expr* offset = w.offsets[i];
    if (ProveLessEqual(ctx.Index(0), offset) == Proof::kFalse) {
      return dc.Error(absl::StrCat("offset ", i, " is negative (", FormatExpr(offset),
                                   "); a write must start inside its target"));
    }
    std::optional<int64_t> end = ConstSum(offset, w.source_valid[i]);
    if (end && ProveLessEqual(ctx.Index(*end), w.target[i]) == Proof::kFalse) {
      return dc.Error(absl::StrCat("writes past the end of dimension ", i, ": offset ",
                                   FormatExpr(offset), " + extent ",
                                   FormatExpr(w.source_valid[i]), " exceeds the target extent ",
                                   FormatExpr(w.target[i])));
    }
  }
  DimVec target_valid(w.target_valid.begin(), w.target_valid.end());
  if (std::any_of(w.source_valid.begin(), w.source_valid.end(), IsZero)) return target_valid;
  bool anchored = std::all_of(w.offsets.begin(), w.offsets.end(), IsZero);
  if (std::any_of(target_valid.begin(), target_valid.end(), IsZero)) {
    if (!anchored) {
      return dc.Error(absl::StrCat("writes at offset ", FormatShape(w.offsets),
                                   " into a target whose valid region is empty; the result "
                                   "would not start at the origin"));
    }
    return DimVec(w.source_valid.begin(), w.source_valid.end());
  }
  bool target_full = true;
  for (size_t i = 0; i < rank; ++i) {
    target_full = target_full && ProveEqual(target_valid[i], w.target[i]) == Proof::kTrue;
  }
  if (target_full) return target_valid;

  DimVec far_edge;
  absl::InlinedVector<size_t, 4> growing;
  for (size_t i = 0; i < rank; ++i) {
    far_edge.push_back(AddExtent(ctx, w.offsets[i], w.source_valid[i]));
    if (ProveLessEqual(far_edge[i], target_valid[i]) != Proof::kTrue) growing.push_back(i);
  }
  if (growing.empty()) return target_valid;
  if (anchored) {
    bool covers = true;
    for (size_t i = 0; i < rank; ++i) {
      covers = covers && ProveLessEqual(target_valid[i], w.source_valid[i]) == Proof::kTrue;
    }
    if (covers) return DimVec(w.source_valid.begin(), w.source_valid.end());
  }
  std::string region = absl::StrCat("target valid ", FormatShape(target_valid), ", writing ",
                                    FormatShape(w.source_valid), " at offset ",
                                    FormatShape(w.offsets));
  if (growing.size() != 1) {
    return dc.Error(absl::StrCat("grows the valid region along several dimensions at once; the "
                                 "union is not one origin-anchored rectangle (",
                                 region, ")"));
  }
  size_t axis = growing.front();
  // A valid extent counts elements, so it is never negative: a write from
  // offset 0 abuts any valid region, symbolic ones included (upstream's
  // prover accepts `store(t, [0], out)` into a `valid_shape=[VALID]` target).
  if (!IsZero(w.offsets[axis]) &&
      ProveLessEqual(w.offsets[axis], target_valid[axis]) != Proof::kTrue) {
    return dc.Error(absl::StrCat("leaves a gap in dimension ", axis,
                                 ": the write must start at or before the valid extent (", region,
                                 ")"));
  }
  for (size_t i = 0; i < rank; ++i) {
    if (i == axis) continue;
    if (!IsZero(w.offsets[i]) ||
        ProveEqual(w.source_valid[i], target_valid[i]) != Proof::kTrue) {
      return dc.Error(absl::StrCat("grows dimension ", axis, ", so it must span dimension ", i,
                                   " exactly from the origin (", region, ")"));
    }
  }
  target_valid[axis] =
      MinExtent(ctx, MaxExtent(ctx, target_valid[axis], far_edge[axis]), w.target[axis]);
  return target_valid;
}

}  // namespace pto::ir
