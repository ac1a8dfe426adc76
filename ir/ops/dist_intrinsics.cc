// Runtime intrinsics of host-level distributed orchestration. PyPTO's
// distributed lowering builds these calls and gives them their types
// itself; its registry deduces nothing (UnknownType). They are registered
// here so such programs parse, verify and print; every one is an effect.
//
//   t = dist.make_tensor(rt, n)          # a runtime tensor of n elements
//   r = dist.tree_reduce(rt, leaves)     # tree reduction of the leaves
//   f = dist.submit_worker(rt)           # launch a worker task; a future
//   g = dist.submit_orchestrator(rt)     # launch an orchestrator task; a future
//   v = dist.future_get(f)               # await a future
//
// `count` must be an integer scalar; the runtime handles and futures have
// no type of their own in the IR yet, so the other operands are unchecked.

#include "ir/ops/dist_checks.h"
#include "ir/ops/families.h"
#include "ir/ops/system_checks.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

absl::StatusOr<const Type*> DeduceMakeTensor(const DeduceContext& dc) {
  PTO_RETURN_IF_ERROR(ExpectIntegerScalar(dc, 1));
  return NoValue(dc);
}

}  // namespace

void RegisterDistIntrinsicOps(OpRegistry& registry) {
  registry.Register("dist.make_tensor")
      .Category(OpCategory::kDistributed)
      .Doc("A runtime tensor of `count` elements from a runtime handle.")
      .Arg("rt")
      .Arg("count")
      .SideEffects()
      .Deduce(DeduceMakeTensor);
  registry.Register("dist.tree_reduce")
      .Category(OpCategory::kDistributed)
      .Doc("A tree-structured reduction of the leaf contributions.")
      .Arg("rt")
      .Arg("leaves")
      .SideEffects()
      .Deduce(NoValue);
  registry.Register("dist.submit_worker")
      .Category(OpCategory::kDistributed)
      .Doc("Launches a worker task; returns its future.")
      .Arg("rt")
      .SideEffects()
      .Deduce(NoValue);
  registry.Register("dist.submit_orchestrator")
      .Category(OpCategory::kDistributed)
      .Doc("Launches an orchestrator task; returns its future.")
      .Arg("rt")
      .SideEffects()
      .Deduce(NoValue);
  registry.Register("dist.future_get")
      .Category(OpCategory::kDistributed)
      .Doc("Awaits a future and yields its value.")
      .Arg("future")
      .SideEffects()
      .Deduce(NoValue);
}

}  // namespace pto::ir
