// pld.tensor.barrier: pure synchronisation.
//
//   signal = pld.tensor.barrier(signal)
// becomes
//   comm setup on signal
//   barrier generation 1    (AtomicAdd(+1) to every peer; wait every cell >= 1)
//   epilogue                (AtomicAdd(-1) on every non-self cell of this rank)
//   signal = signal
// Every call restarts at generation 1 and leaves the cells as it found them
// (minus nothing a faster peer already credited to its next call), so the
// rebind idiom needs no state: 3 For, 3 If.

#include "absl/strings/str_cat.h"
#include "ir/status_macros.h"
#include "passes/lower_composite/common.h"
#include "passes/lower_composite/rules.h"

namespace pto::passes::lower_composite {

absl::StatusOr<const ir::Expr*> LowerBarrierRule(const ir::Call& call, ir::ExprSpan args,
                                                 LoweringBuilder& b) {
  if (args.size() != 1) return b.Internal("pld.tensor.barrier takes one argument");
  const ir::Expr* signal = args[0];
  absl::Status shape = ValidateMeshSignalShape(signal->type(), call.callee_name());
  if (!shape.ok()) return b.Error(shape.message());
  PTO_ASSIGN_OR_RETURN(CommSetup comm, b.EmitCommSetup(signal));
  PTO_RETURN_IF_ERROR(b.EmitBarrier(signal, comm).status());
  PTO_RETURN_IF_ERROR(b.EmitEpilogueReset(signal, comm, b.I32(b.barrier_count())));
  return signal;
}

}  // namespace pto::passes::lower_composite
