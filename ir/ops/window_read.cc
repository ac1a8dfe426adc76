#include "ir/ops/window_read.h"

#include <optional>

#include "ir/ops/type_inference.h"

namespace pto::ir {

const Expr* WindowReadValidExtent(Context& ctx, const WindowReadDim& d, bool clamp,
                                  WindowNarrowing narrowing) {
  bool exact = narrowing == WindowNarrowing::kExact;
  bool fully_valid = ExprIdentical(d.source_valid, d.source);
  const Expr* available;
  if (!clamp && fully_valid && (!exact || AsConstInt(d.source).has_value())) {
    available = d.window;
  } else {
    // max(valid, offset) - offset rather than valid - offset: an offset past
    // the valid data leaves nothing, never a negative extent.
    const Expr* remaining =
        AsConstInt(d.offset) == 0
            ? d.source_valid
            : SubExtent(ctx, MaxExtent(ctx, d.source_valid, d.offset), d.offset);
    available = MinExtent(ctx, remaining, d.window);
  }
  // requested <= window is the caller's checked (or trusted) precondition.
  if (ExprIdentical(available, d.window)) return d.requested;
  if (exact) return MinExtent(ctx, d.requested, available);
  return ProveLessEqual(available, d.requested) == Proof::kTrue ? available : d.requested;
}

}  // namespace pto::ir
