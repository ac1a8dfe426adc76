// pld.tensor.allgather: push this rank's chunk into every peer's window.
//
//   out = pld.tensor.allgather(local, out, signal)     # local [1, SIZE], out [NR, SIZE]
// becomes
//   comm setup on out
//   ag_stage = tile.create(STAGE)         (Vec bounce tile, at most one 16-KiB chunk)
//   for peer in [0, NR):
//     push = pld.tile.put(out, peer, local, ag_stage, [me, 0], [0, 0], [1, SIZE], atomic=0)
//   barrier generation 1                  (every peer's push into this rank landed)
//   epilogue: subtract 1 from every non-self cell
//   out = out
// The self push (peer == me) is the local copy of row me, so there is no
// branch. STAGE = [1, cols]: a static SIZE gives cols = min(SIZE, chunk)
// rounded down to 32 bytes (FP32 SIZE=17 -> 16; TPUT slides the transfer
// through it); a symbolic SIZE takes the whole chunk bound (4096 FP32
// elements, 16384 FP4 byte carriers). A SIZE below one 32-byte unit has no
// aligned stage and is rejected. 4 For, 3 If.

#include "absl/strings/str_cat.h"
#include "ir/status_macros.h"
#include "passes/lower_composite/common.h"
#include "passes/lower_composite/row_push.h"
#include "passes/lower_composite/rules.h"

namespace pto::passes::lower_composite {

absl::StatusOr<const ir::Expr*> LowerAllGatherRule(const ir::Call& call, ir::ExprSpan args,
                                                   LoweringBuilder& b) {
  const auto* target =
      args.size() == 3 ? args[1]->type()->As<ir::DistributedTensorType>() : nullptr;
  if (target == nullptr || target->rank() != 2) {
    return b.Internal("pld.tensor.allgather takes (input, target [NR, SIZE], signal)");
  }
  const ir::Expr* local = args[0];
  if (!local->type()->Is<ir::TensorType>() ||
      local->type()->As<ir::TensorType>()->IsDistributed()) {
    return b.Error(absl::StrCat(
        call.callee_name(), ": input must be a plain Tensor [1, SIZE] on the InCore path, got ",
        local->type()->Is<ir::DistributedTensorType>() ? "a DistributedTensor" : "another type"));
  }
  const ir::Expr* signal = args[2];
  absl::Status shape = ValidateMeshSignalShape(signal->type(), call.callee_name());
  if (!shape.ok()) return b.Error(shape.message());
  PTO_RETURN_IF_ERROR(EmitRowPush(call, args[1], local, signal,
                                  {"ag_stage", "peer", "push", RowPush::Source::kRowZero}, b));
  return args[1];
}

}  // namespace pto::passes::lower_composite
