// The same program as a user writes it without SSA: loop-carried values and
// if results become names assigned again (upstream's "pattern B"), which
// ConvertToSSA must turn back into iter args and return vars.
//
//   for i, (acc,) in pl.range(4, init_values=(x,)):      acc = x
//       a = pl.tile.adds(acc, 1.0)               =>      for i in pl.range(4):
//       r = pl.yield_(a)                                     a = pl.tile.adds(acc, 1.0)
//   y = pl.tile.muls(r, 2.0)                                 acc_t = a
//                                                            acc = acc_t
//                                                        y = pl.tile.muls(acc, 2.0)
//
// Each iter arg and if return var becomes one Var assigned before the loop
// (its init), at the end of every iteration or branch (through temporaries,
// so the yielded values are read before any is reassigned), and read in
// their place. A loop with break or continue keeps its iter args: without
// CtrlFlowTransform the reassigned form has no SSA equivalent there. The
// result verifies and computes what the input computes.
//
//   ir::Program b = ToReassignedForm(ctx, program);

#ifndef PTO_FUZZ_GEN_REASSIGNED_FORM_H_
#define PTO_FUZZ_GEN_REASSIGNED_FORM_H_

#include "ir/context.h"
#include "ir/function.h"

namespace pto::fuzz {

ir::Program ToReassignedForm(ir::Context& ctx, const ir::Program& program);

}  // namespace pto::fuzz

#endif  // PTO_FUZZ_GEN_REASSIGNED_FORM_H_
