// ConvertToSSA (upstream's pass 04): gives every assignment its own Var and
// threads values through control flow, so that each Var is defined once.
//
// Users write Python: a name may be assigned many times, and what a loop or
// a branch assigns is visible after it. The pass turns that into SSA form:
//
//   acc = x                                acc = x
//   for i in pl.range(4):          =>      for i, (acc_1,) in pl.range(4, init_values=(acc,)):
//       acc = pl.add(acc, 1.0)                 acc_2 = pl.add(acc_1, 1.0)
//   return acc                                 acc_3 = pl.yield_(acc_2)
//                                          return acc_3
//
//   * A reassigned name gets a new Var per assignment (the first keeps its
//     Var); later reads see the latest.
//   * Loop-carried: a name a loop body assigns that was defined before the
//     loop becomes an iter arg, yielded at the end of the body, read after
//     the loop through a return var. Iter args the loop already has stay
//     first; the new ones follow, ordered by name.
//   * Escaping: a name first assigned in a loop body and read after the
//     loop is carried too. Its initial value is an Out/InOut param of its
//     type, else the earliest value of its type defined before the loop.
//   * Branches: a name an if assigns in either branch (if it existed
//     before) or in both (if new) becomes a return var of the if; each
//     branch yields its version, a missing else yields the old values.
//     A branch that ends in break, continue or return does not reach the
//     code after the if, so only the other branch's values flow on.
//   * A loop in upstream's pre-SSA form (init_values, no pl.yield_, the
//     body rebinding each carried name) yields the last rebinding of each.
//   * `with` scopes are transparent; an outlining scope (pl.at, pl.cluster,
//     pl.spmd) keeps its locals: they do not escape loops inside it.
//
// Errors, each at the offending statement and naming the pass: a name read
// where the value a loop or branch assigned does not reach on every path
// (and none existed before); a name carried out of a loop with no value of
// its type before the loop to start from; a loop that carries a name it
// reassigns before a break or continue (run CtrlFlowTransform first): a
// jump carries the values the iteration started with, so jumps that come
// before every such assignment are kept as they are.
//
// Properties: produces SSAForm; invalidates NormalizedStmtStructure.
// Idempotent: a program in SSA form comes back as the same object.
//
//   auto pass = CreateConvertToSSAPass();
//   absl::StatusOr<ir::Program> out = pass->Run(program, ctx);

#ifndef PTO_PASSES_NORMALIZE_CONVERT_TO_SSA_H_
#define PTO_PASSES_NORMALIZE_CONVERT_TO_SSA_H_

#include <memory>

#include "passes/pass.h"

namespace pto::passes {

std::unique_ptr<Pass> CreateConvertToSSAPass();

}  // namespace pto::passes

#endif  // PTO_PASSES_NORMALIZE_CONVERT_TO_SSA_H_
