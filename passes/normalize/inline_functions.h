// InlineFunctions (upstream's pass 01): every call of a function declared
// `@pl.function(type=pl.FunctionType.Inline)` is replaced by the function's
// body, and the Inline functions leave the program.
//
//   @pl.function(type=pl.FunctionType.Inline)        r = self.helper(a)
//   def helper(self, x):                        =>
//       y = pl.add(x, x)                               y_inline = pl.add(a, a)
//       return y                                       r = y_inline
//
// A call is inlined where it is a whole statement's value: `v = f(...)`,
// `a, b = f(...)`, a bare `f(...)` (whose return values are dropped) and
// `return f(...)`. The copy's params stand for the call's arguments (an
// argument that is itself a call is computed once, into a temporary); its
// locals are new Vars named `<name>_inline`. A tensor param the body
// reassigns (`out = pl.tensor.assemble(out, ...)`) writes the caller's
// tensor, as an in-place Out param does; another reassigned param gets a
// local copy. Inline functions may call Inline functions: callees are
// expanded first.
//
// Errors (located, naming the pass): an Inline function that reaches
// itself through calls (the cycle is named); a return before the end of an
// Inline function's body; the value of an Inline function that returns
// nothing; a call of one nested in an expression, condition or loop bound;
// pl.submit of one, or dispatch options on its call (an Inline function is
// no task).
//
// Properties: requires nothing; produces InlineFunctionsEliminated. The
// result is not in SSA form in general (ConvertToSSA follows it).
//
//   pto-opt --passes=inline-functions prog.py

#ifndef PTO_PASSES_NORMALIZE_INLINE_FUNCTIONS_H_
#define PTO_PASSES_NORMALIZE_INLINE_FUNCTIONS_H_

#include <memory>

#include "passes/pass.h"

namespace pto::passes {

std::unique_ptr<Pass> CreateInlineFunctionsPass();

}  // namespace pto::passes

#endif  // PTO_PASSES_NORMALIZE_INLINE_FUNCTIONS_H_
