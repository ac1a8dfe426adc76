// FlattenCallExpr (upstream's pass 07): three-address form. A call nested in
// another expression is computed into a temporary first:
//
//   r = pl.add(pl.mul(x, 2.0), pl.exp(x))      t0 = pl.mul(x, 2.0)
//                                       =>     t1 = pl.exp(x)
//                                              r = pl.add(t0, t1)
//
// Hoisted: a call that is an argument of another call (list arguments
// included), an operand of an arithmetic or comparison expression, an if or
// while condition, a for loop's start/stop/step, or a value of a return or
// pl.yield_. The temporaries go right before the statement, in evaluation
// order (inner calls first): before an if or loop for its condition and
// bounds, inside a loop body or scope for what is in them. A while
// condition is evaluated before every iteration, so a call in it is hoisted
// before the loop only if it reads nothing the loop carries; otherwise it is
// an error (compute it at the end of the body and carry it).
//
// Properties: requires SSAForm and NormalizedStmtStructure; produces
// NoNestedCalls (and keeps SSAForm and NormalizedStmtStructure). Idempotent:
// a program in three-address form comes back as the same object.
//
//   pto-opt --passes=convert-to-ssa,normalize-stmt-structure,flatten-call-expr k.py

#ifndef PTO_PASSES_NORMALIZE_FLATTEN_CALL_EXPR_H_
#define PTO_PASSES_NORMALIZE_FLATTEN_CALL_EXPR_H_

#include <memory>

#include "passes/pass.h"

namespace pto::passes {

std::unique_ptr<Pass> CreateFlattenCallExprPass();

}  // namespace pto::passes

#endif  // PTO_PASSES_NORMALIZE_FLATTEN_CALL_EXPR_H_
