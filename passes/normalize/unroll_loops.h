// UnrollLoops (upstream's pass 02): a `for i in pl.unroll(start, stop, step)`
// loop becomes one copy of its body per trip, with `i` replaced by that
// trip's INDEX constant:
//
//   for i in pl.unroll(3):              y = pl.add(x, pl.cast(0, pl.INT32))
//       y = pl.add(x, pl.cast(i, ..))   y_1 = pl.add(x, pl.cast(1, pl.INT32))
//                                 =>    y_2 = pl.add(x, pl.cast(2, pl.INT32))
//
// A variable the body only uses or assigns inside itself gets a new Var in
// each copy, so a program in SSA form stays in SSA form; one that lives on
// outside the loop (a name the body reassigns, upstream's pre-SSA form)
// stays one Var, assigned in every copy in turn, and ConvertToSSA versions
// it. A loop variable read after the loop is assigned the last trip's
// value, as in Python. Unroll loops nested in the body are unrolled too; a
// zero-trip loop disappears; other loops are left as they are.
//
// Errors (located, naming the pass): a start, stop or step that is not a
// compile-time integer (an integer literal, possibly negated); a zero step;
// more trips than the `max_iterations` option allows; a pl.unroll loop that
// carries values (iter args).
//
// Properties: requires nothing; produces UnrollResolved.
//
//   pto-opt --passes='unroll-loops{max_iterations=4096}' prog.py

#ifndef PTO_PASSES_NORMALIZE_UNROLL_LOOPS_H_
#define PTO_PASSES_NORMALIZE_UNROLL_LOOPS_H_

#include <memory>
#include <vector>

#include "passes/pass.h"
#include "passes/pass_options.h"

namespace pto::passes {

// max_iterations (int, default 1024, upstream's limit): the most trips a
// loop may have to be unrolled.
std::vector<PassOptionSpec> UnrollLoopsOptions();
std::unique_ptr<Pass> CreateUnrollLoopsPass(const PassOptions& options);

}  // namespace pto::passes

#endif  // PTO_PASSES_NORMALIZE_UNROLL_LOOPS_H_
