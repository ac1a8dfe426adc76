// pld.tensor.all_to_all: symmetric personalised exchange by push.
//
//   out = pld.tensor.all_to_all(inp, out, signal)      # inp, out [NR, SIZE]
// becomes
//   comm setup on out
//   aa_stage = tile.create(STAGE)         (the capped bounce tile, as allgather's)
//   for dest in [0, NR):
//     aa_put = pld.tile.put(out, dest, inp, aa_stage, [me, 0], [dest, 0], [1, SIZE], atomic=0)
//   barrier generation 1                  (every peer's rows landed here)
//   epilogue: subtract 1 from every non-self cell
//   out = out
// Afterwards row s of rank d's out holds row d of rank s's inp. STAGE is
// allgather's [1, cols] for a [1, SIZE] transfer. 4 For, 3 If.

#include "ir/status_macros.h"
#include "passes/lower_composite/common.h"
#include "passes/lower_composite/row_push.h"
#include "passes/lower_composite/rules.h"

namespace pto::passes::lower_composite {

absl::StatusOr<const ir::Expr*> LowerAllToAllRule(const ir::Call& call, ir::ExprSpan args,
                                                  LoweringBuilder& b) {
  const auto* target =
      args.size() == 3 ? args[1]->type()->As<ir::DistributedTensorType>() : nullptr;
  if (target == nullptr || target->rank() != 2) {
    return b.Internal("pld.tensor.all_to_all takes (input, target [NR, SIZE], signal)");
  }
  const ir::Expr* input = args[0];
  const ir::Expr* signal = args[2];
  absl::Status shape = ValidateMeshSignalShape(signal->type(), call.callee_name());
  if (!shape.ok()) return b.Error(shape.message());
  PTO_RETURN_IF_ERROR(EmitRowPush(call, args[1], input, signal,
                                  {"aa_stage", "dest", "aa_put", RowPush::Source::kPeerRow}, b));
  return args[1];
}

}  // namespace pto::passes::lower_composite
