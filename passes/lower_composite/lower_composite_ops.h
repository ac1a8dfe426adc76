// LowerCompositeOps: expands composite tile ops into primitive ones.
//
//   y = pl.tile.sin(x)
// becomes 30 primitive statements (y__pi_inv_x_tmp_v0 = pl.tile.muls(x, ...),
// ...) and a final `y = pl.tile.mul(y__sign_tmp_v19, y__t_p_tmp_v29)`.
//
// Composite ops are those with a rule in rules.h (tile.sin, tile.cos,
// tile.select, tile.tquant_mx and the seven pld.tensor.* collectives, whose
// recipes docs/collectives.md describes). The pass only traverses and binds: a
// `var = composite(...)` statement becomes the rule's statements followed by
// `var = <result>`, keeping the original Var object; a composite call as an
// expression statement is expanded with temporaries based on "eval" and its
// result dropped; one directly inside a return is expanded with base
// "ret<i>" and its result bound to `ret<i>__result_tmp_v<N>`. Operands are
// visited first. One temporary counter spans each function.
//
// Multi-result rules return a tuple; projections of such a tuple (through
// the Var it is bound to, or any plain alias of that Var) fold to its
// elements. A tuple the user built (`v = (a, b)`) is never folded. In
// orchestration functions (FunctionType.Orchestration or role Orchestrator)
// managed pld.tensor.* collectives are left for the collective passes.
//
// Properties: requires, produces and invalidates nothing. A program without
// composite calls is returned as the same object; the pass is idempotent,
// since rules emit only non-composite ops. Errors name the call's location.

#ifndef PTO_PASSES_LOWER_COMPOSITE_LOWER_COMPOSITE_OPS_H_
#define PTO_PASSES_LOWER_COMPOSITE_LOWER_COMPOSITE_OPS_H_

#include <memory>

#include "passes/pass.h"

namespace pto::passes {

std::unique_ptr<Pass> CreateLowerCompositeOpsPass();

}  // namespace pto::passes

#endif  // PTO_PASSES_LOWER_COMPOSITE_LOWER_COMPOSITE_OPS_H_
