// Simplify (upstream's pass 05): folds scalar arithmetic and the control
// flow it decides, everywhere in every function.
//
//   N = 4                                   t = pl.tensor.create([4, 8], ..)
//   t = pl.tensor.create([N, 8], ..)        for i in pl.range(8):
//   for i in pl.range(8):            =>         y = 0
//       y = i // 8                              pl.tensor.write(out, [i], y)
//       if i < 100:
//           pl.tensor.write(out, [i], y)
//
//   * Expressions, the dims inside types included, go through the
//     arithmetic analyzer (ir/arith/analyzer.h): constants fold, identities
//     drop, and what the facts bound to one value becomes that value.
//   * Facts: a loop variable lies in its range; an if's condition holds in
//     its then branch and fails in its else branch; a scalar assigned once
//     takes values in its value's range. An INDEX is non-negative (upstream
//     PyPTO's contract for the type).
//   * A scalar assigned a constant once, at the function's top level (not in
//     a loop, branch or pl.spmd body), is replaced by the constant.
//   * An if whose condition is decided is replaced by the branch that runs
//     (its results become the values that branch yields). A plain sequential
//     pl.range loop (no attrs) that provably runs zero times is replaced by
//     its results' initial values; one that runs once by its body, with the
//     loop variable its start.
//   * Dead code: a scalar assignment nobody reads whose value holds no call,
//     results of an if nobody reads, and an if left with nothing to do.
//
// A program already simplified comes back as the same object.
// Properties: requires, produces and invalidates nothing.
//
//   pto-opt --passes=simplify prog.py

#ifndef PTO_PASSES_NORMALIZE_SIMPLIFY_H_
#define PTO_PASSES_NORMALIZE_SIMPLIFY_H_

#include <memory>

#include "passes/pass.h"

namespace pto::passes {

std::unique_ptr<Pass> CreateSimplifyPass();

}  // namespace pto::passes

#endif  // PTO_PASSES_NORMALIZE_SIMPLIFY_H_
