// Cross-rank system primitives: the communication context and the signal
// cells the collectives synchronise on.
//
//   ctx = pld.system.get_comm_ctx(signal)              # pld.CommCtxType
//   me = pld.system.rank(ctx)                          # INT32 in [0, nranks)
//   n = pld.system.nranks(ctx)                         # INT32 >= 1
//   r = pld.system.notify(signal, peer, [me, 0], pl.const(1, pl.INT32), op=0)
//   w = pld.system.wait(signal, [src, 0], pl.const(1, pl.INT32), cmp=1)
//
// Semantics (every rank runs the same kernel; W@p is rank p's copy of a
// window W, all copies having the same shape):
//   * get_comm_ctx(W): the communication group W belongs to. Pure.
//   * rank(ctx) / nranks(ctx): this rank's index in the group and the group
//     size, as runtime INT32 scalars. Pure.
//   * notify(W, peer, offsets, value, op): one atomic update of the single
//     INT32 cell W@peer[offsets]: op=0 (AtomicAdd) adds `value` (which may be
//     negative), op=1 (Set) stores it. Every earlier memory effect of this
//     rank (tile stores, puts, GM writes) is complete and visible to `peer`
//     before the update is. peer == rank() updates the local copy.
//   * wait(W, offsets, expected, cmp): blocks until the local cell
//     W@rank()[offsets] compares true against `expected` (cmp=0: ==,
//     cmp=1: >=), then makes the memory effects that preceded the matching
//     notifies visible to this rank. It writes nothing.
//   * defer_wait(W, offsets, expected, cmp=1): registers a completion
//     condition: the enclosing task may finish running, but its TaskId stays
//     incomplete until W@rank()[offsets] >= expected. Only cmp=1 (>=) is
//     supported; a constant `expected` lies in [0, INT32_MAX]. It writes
//     nothing and does not block the kernel.
//   * world_size(): the number of devices of the distributed run (INT64),
//     host orchestration only. Pure.
// notify writes its window argument; notify, wait and defer_wait are kept as
// effects (results are UnknownType and are bound to throwaway vars by the
// lowering).

#include <limits>
#include <optional>

#include "absl/strings/str_cat.h"
#include "ir/ops/comm_enums.h"
#include "ir/ops/dist_checks.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

absl::StatusOr<const Type*> DeduceGetCommCtx(const DeduceContext& dc) {
  PTO_RETURN_IF_ERROR(ExpectWindow(dc, 0).status());
  return dc.ctx().GetCommCtxType();
}

absl::StatusOr<const Type*> DeduceCommCtxScalar(const DeduceContext& dc) {
  if (!dc.arg(0)->type()->Is<CommCtxType>()) {
    return dc.Error(absl::StrCat("ctx must be a CommCtxType (from pld.system.get_comm_ctx), got ",
                                 TypeKindName(dc.arg(0)->type())));
  }
  return dc.ctx().GetScalarType(DataType::kInt32);
}

absl::StatusOr<const Type*> DeduceNotify(const DeduceContext& dc) {
  // Upstream's deducer takes a window of any dtype and any scalar value; PTO
  // codegen and the interpreter reject what they cannot signal (INT32 cells
  // and integer values only), each with a located error.
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* target, ExpectWindow(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectIntegerScalar(dc, 1));
  PTO_RETURN_IF_ERROR(ExpectCoordinates(dc, 2, target->rank(), "offsets").status());
  PTO_RETURN_IF_ERROR(ExpectScalar(dc, 3).status());
  PTO_RETURN_IF_ERROR(ExpectIntKwargIn(dc, "op", static_cast<int64_t>(NotifyOp::kAtomicAdd),
                                       static_cast<int64_t>(NotifyOp::kSet))
                          .status());
  return dc.ctx().GetUnknownType();
}

absl::StatusOr<const Type*> DeduceWait(const DeduceContext& dc) {
  // Any window dtype and any scalar `expected`, as upstream's deducer (see
  // DeduceNotify).
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* signal, ExpectWindow(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectCoordinates(dc, 1, signal->rank(), "offsets").status());
  PTO_RETURN_IF_ERROR(ExpectScalar(dc, 2).status());
  PTO_RETURN_IF_ERROR(ExpectIntKwargIn(dc, "cmp", static_cast<int64_t>(WaitCmp::kEq),
                                       static_cast<int64_t>(WaitCmp::kGe))
                          .status());
  return dc.ctx().GetUnknownType();
}

absl::StatusOr<const Type*> DeduceDeferWait(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* signal, ExpectInt32Window(dc, 0, "signal"));
  if (signal->rank() == 0) return dc.Error("signal must have rank >= 1");
  PTO_RETURN_IF_ERROR(ExpectCoordinates(dc, 1, signal->rank(), "offsets").status());
  PTO_RETURN_IF_ERROR(ExpectIntegerScalar(dc, 2));
  if (std::optional<int64_t> e = AsConstInt(dc.arg(2));
      e && (*e < 0 || *e > std::numeric_limits<int32_t>::max())) {
    return dc.Error(absl::StrCat("a constant expected must be in [0, INT32_MAX], got ", *e));
  }
  PTO_ASSIGN_OR_RETURN(int64_t cmp, ExpectIntKwargIn(dc, "cmp", 0, 1));
  if (cmp != static_cast<int64_t>(WaitCmp::kGe)) {
    return dc.Error(absl::StrCat("supports only cmp=1 (WaitCmp.Ge), got ", cmp));
  }
  return dc.ctx().GetUnknownType();
}

absl::StatusOr<const Type*> DeduceWorldSize(const DeduceContext& dc) {
  return dc.ctx().GetScalarType(DataType::kInt64);
}

}  // namespace

void RegisterDistSystemOps(OpRegistry& registry) {
  registry.Register("pld.system.get_comm_ctx")
      .Category(OpCategory::kSystem)
      .Doc("The communication context (rank group) of a window-bound DistributedTensor.")
      .Arg("dist_tensor")
      .Deduce(DeduceGetCommCtx);
  registry.Register("pld.system.rank")
      .Category(OpCategory::kSystem)
      .Doc("This rank's index in the communication group (INT32, in [0, nranks)).")
      .Arg("ctx")
      .Deduce(DeduceCommCtxScalar);
  registry.Register("pld.system.nranks")
      .Category(OpCategory::kSystem)
      .Doc("The number of ranks of the communication group (INT32).")
      .Arg("ctx")
      .Deduce(DeduceCommCtxScalar);
  registry.Register("pld.system.notify")
      .Category(OpCategory::kSystem)
      .Doc(
          "Atomically adds (op=0) or sets (op=1) one INT32 cell of the peer rank's copy of a "
          "window, after every earlier memory effect of this rank is visible to the peer.")
      .Arg("target")
      .Arg("peer")
      .Arg("offsets")
      .Arg("value")
      .Kwarg("op", AttrKind::kInt)
      .Writes(0)
      .Deduce(DeduceNotify);
  registry.Register("pld.system.wait")
      .Category(OpCategory::kSystem)
      .Doc(
          "Blocks until one INT32 cell of the local copy of a window equals (cmp=0) or is at "
          "least (cmp=1) the expected value.")
      .Arg("signal")
      .Arg("offsets")
      .Arg("expected")
      .Kwarg("cmp", AttrKind::kInt)
      .SideEffects()
      .Deduce(DeduceWait);
  registry.Register("pld.system.defer_wait")
      .Category(OpCategory::kSystem)
      .Doc(
          "Keeps the enclosing task incomplete until one INT32 cell of the local copy of a "
          "window is at least the expected value; does not block the kernel.")
      .Arg("signal")
      .Arg("offsets")
      .Arg("expected")
      .Kwarg("cmp", AttrKind::kInt)
      .SideEffects()
      .Deduce(DeduceDeferWait);
  registry.Register("pld.system.world_size")
      .Category(OpCategory::kSystem)
      .Doc("The number of devices of the distributed run (INT64; host orchestration only).")
      .Deduce(DeduceWorldSize);
}

}  // namespace pto::ir
