// OutlineIncoreScopes (upstream's pass 08): every `with
// pl.at(level=pl.Level.CORE_GROUP)` scope of an Opaque, Orchestration or
// Graph function becomes an InCore function of its own, called where the
// scope was (passes/outline/scope_outliner.h says how params, directions
// and results are found):
//
//   @pl.function                               @pl.function(type=pl.FunctionType.InCore)
//   def main(self, x):                         def main_incore_0(self, x):
//       with pl.at(level=CORE_GROUP):   =>         y = pl.add(x, x)
//           y = pl.add(x, x)                       return y
//       return y                               @pl.function(type=pl.FunctionType.Orchestration)
//                                              def main(self, x):
//                                                  y = self.main_incore_0(x)
//                                                  return y
//
// The new function is named by the scope's name_hint, else
// `<parent>_incore_<n>` (passes/outline/function_names.h), and placed before
// its parent. An Opaque parent that loses a scope becomes Orchestration;
// other parents keep their type. A scope inside pl.spmd keeps its spmd
// wrapper, which now holds the call.
//
// Errors (located, naming the pass): a scope with arguments outlining does
// not handle yet (task ids, deps, no_dep_args, dumps, optimizations, ...).
//
// Properties: requires SSAForm; produces SSAForm and SplitIncoreOrch.
//
//   pto-opt --passes=convert-to-ssa,outline-incore-scopes prog.py

#ifndef PTO_PASSES_OUTLINE_OUTLINE_INCORE_SCOPES_H_
#define PTO_PASSES_OUTLINE_OUTLINE_INCORE_SCOPES_H_

#include <memory>

#include "passes/pass.h"

namespace pto::passes {

std::unique_ptr<Pass> CreateOutlineIncoreScopesPass();

}  // namespace pto::passes

#endif  // PTO_PASSES_OUTLINE_OUTLINE_INCORE_SCOPES_H_
