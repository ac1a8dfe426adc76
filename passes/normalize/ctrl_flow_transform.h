// CtrlFlowTransform (upstream's pass 03): removes break and continue from
// the loops of InCore functions (InCore, AIC, AIV), whose code generator
// has no jumps. Other functions are left as they are, as upstream does.
//
// A continue becomes an if/else: the statements after the statement that
// may continue move into the paths that do not. In a loop that carries
// values, each path yields the loop's values (a continuing path carries
// the iteration's iter args on unchanged) into the if's results, which the
// body yields:
//
//   for i, (x,) in pl.range(10, init_values=(x0,)):     for i, (x,) in pl.range(10, init_values=(x0,)):
//       if i < 5:                                           if i < 5:
//           continue                              =>            phi = pl.yield_(x)
//       y = pl.add(x, x)                                    else:
//       x_rv = pl.yield_(y)                                     y = pl.add(x, x)
//                                                               phi = pl.yield_(y)
//                                                           x_rv = pl.yield_(phi)
//
// A loop with break becomes a while loop on a flag: `brk = False` before
// it, `while <cond> and not brk`, the break replaced by `brk = True` and the
// same if/else shape as a continue. A for loop turns into `i_idx = start`,
// `while i_idx < stop and not brk` (`>` for a negative step) and
// `if not brk: i_idx = i_idx + step` at the end of the body. Nested loops are
// transformed inner first.
//
// The flag and the induction variable are assigned again in the loop (as
// upstream writes them), so the output is not in SSA form: ConvertToSSA,
// which follows in the default pipeline, carries them. Errors (located): a
// break or continue inside a `with` scope in the loop; a for loop with break
// whose step is not a constant.
//
// Properties: requires nothing; produces StructuredCtrlFlow; invalidates
// SSAForm.
//
//   pto-opt --passes=ctrl-flow-transform,convert-to-ssa kernel.py

#ifndef PTO_PASSES_NORMALIZE_CTRL_FLOW_TRANSFORM_H_
#define PTO_PASSES_NORMALIZE_CTRL_FLOW_TRANSFORM_H_

#include <memory>

#include "passes/pass.h"

namespace pto::passes {

std::unique_ptr<Pass> CreateCtrlFlowTransformPass();

}  // namespace pto::passes

#endif  // PTO_PASSES_NORMALIZE_CTRL_FLOW_TRANSFORM_H_
