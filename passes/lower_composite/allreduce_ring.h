// The ring recipe of pld.tensor.allreduce (mode="ring"), entered from the
// allreduce front in allreduce.cc once the call passed the shared checks
// (explicit signal, packed ND target, core_num == 1). The recipe itself is
// documented in allreduce_ring.cc.
//
//   if (mode == "ring") return LowerRingAllReduce(call, visited_args, op, b);

#ifndef PTO_PASSES_LOWER_COMPOSITE_ALLREDUCE_RING_H_
#define PTO_PASSES_LOWER_COMPOSITE_ALLREDUCE_RING_H_

#include "absl/status/statusor.h"
#include "ir/expr.h"
#include "passes/lower_composite/builder.h"

namespace pto::passes::lower_composite {

absl::StatusOr<const ir::Expr*> LowerRingAllReduce(const ir::Call& call, ir::ExprSpan args,
                                                   ReduceOp op, LoweringBuilder& b);

}  // namespace pto::passes::lower_composite

#endif  // PTO_PASSES_LOWER_COMPOSITE_ALLREDUCE_RING_H_
