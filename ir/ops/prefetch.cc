// Asynchronous GM -> L2 prefetch: a cache hint that changes no value.
//
//   ctx = pl.prefetch.make_context()              # pl.PrefetchAsyncContext
//   evt = pl.prefetch.async_prefetch(src, ctx)    # pl.AsyncEvent
//   ses = pl.prefetch.session(ctx)                # pl.AsyncSession
//   done = pl.prefetch.wait(evt, ses)             # pl.Scalar[pl.BOOL]
//
// async_prefetch starts warming L2 with the GM tensor `src` and returns at
// once; wait blocks until that event has completed in its session. `src`
// must be one flat contiguous run of static size: rank >= 1, every dim but
// the last equal to 1 (reshape to [N] or [1, N] first). A kernel computes
// the same values with or without these ops.

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/system_checks.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr absl::string_view kMakeContext = "prefetch.make_context";

absl::StatusOr<const Type*> DeduceMakeContext(const DeduceContext& dc) {
  return dc.ctx().GetHandleType(HandleKind::kPrefetchAsyncContext);
}

absl::StatusOr<const Type*> DeduceAsyncPrefetch(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* src, ExpectTensor(dc, 0));
  if (src->rank() == 0) return dc.Error("src must have rank >= 1, got a rank-0 tensor");
  for (size_t d = 0; d < src->rank(); ++d) {
    std::optional<int64_t> n = AsConstInt(src->shape()[d]);
    if (!n) {
      return dc.Error(absl::StrCat("src must have a static shape (the prefetch needs a "
                                   "compile-time byte extent), but dimension ",
                                   d, " is ", FormatExpr(src->shape()[d])));
    }
    if (d + 1 < src->rank() && *n != 1) {
      return dc.Error(absl::StrCat(
          "src must be a flat contiguous 1-D region (every dimension but the last 1), but "
          "dimension ",
          d, " is ", *n, "; reshape it to [N] or [1, ..., N]"));
    }
  }
  PTO_RETURN_IF_ERROR(ExpectHandle(dc, 1, HandleKind::kPrefetchAsyncContext, kMakeContext));
  return dc.ctx().GetHandleType(HandleKind::kAsyncEvent);
}

absl::StatusOr<const Type*> DeduceSession(const DeduceContext& dc) {
  PTO_RETURN_IF_ERROR(ExpectHandle(dc, 0, HandleKind::kPrefetchAsyncContext, kMakeContext));
  return dc.ctx().GetHandleType(HandleKind::kAsyncSession);
}

absl::StatusOr<const Type*> DeduceWait(const DeduceContext& dc) {
  PTO_RETURN_IF_ERROR(ExpectHandle(dc, 0, HandleKind::kAsyncEvent, "prefetch.async_prefetch"));
  PTO_RETURN_IF_ERROR(ExpectHandle(dc, 1, HandleKind::kAsyncSession, "prefetch.session"));
  return dc.ctx().GetScalarType(DataType::kBool);
}

}  // namespace

void RegisterPrefetchOps(OpRegistry& registry) {
  registry.Register("prefetch.make_context")
      .Category(OpCategory::kSystem)
      .Doc("A context for asynchronous prefetches (its SDMA workspace comes from the runtime).")
      .Deduce(DeduceMakeContext);
  registry.Register("prefetch.async_prefetch")
      .Category(OpCategory::kSystem)
      .Doc("Starts warming L2 with a flat GM region; returns the completion event.")
      .Arg("src")
      .Arg("ctx")
      .SideEffects()
      .Deduce(DeduceAsyncPrefetch);
  registry.Register("prefetch.session")
      .Category(OpCategory::kSystem)
      .Doc("The asynchronous session of a prefetch context.")
      .Arg("ctx")
      .Deduce(DeduceSession);
  registry.Register("prefetch.wait")
      .Category(OpCategory::kSystem)
      .Doc("Blocks until a prefetch event has completed in its session; returns True.")
      .Arg("event")
      .Arg("session")
      .SideEffects()
      .Deduce(DeduceWait);
}

}  // namespace pto::ir
