// OutlineClusterScopes (upstream's pass 09): every `with pl.cluster()` scope
// of an Opaque or Orchestration function becomes a Group function, and
// every `with pl.spmd(n)` scope outside a cluster a Spmd function, called
// where the scope was (passes/outline/scope_outliner.h says how params,
// directions and results are found; a call of a program function writes
// the arguments it takes as Out or InOut):
//
//   with pl.spmd(4, sync_start=True):          @pl.function(type=pl.FunctionType.Spmd)
//       out = self.kernel(x, out)        =>    def main_spmd_0(self, x, out: pl.Out[...]):
//                                                  out_1 = self.kernel(x, out)
//                                                  return out
//                                              ...
//                                              out_1 = self.main_spmd_0(
//                                                  x, out, attrs={"core_num": 4, "sync_start": True})
//
// The launch spec rides the dispatch, never the function: a core count is
// an expression of the caller. A plain call carries it as the "core_num"
// (and, when true, "sync_start") attrs; `with pl.spmd(...) as tid`, deps,
// allow_early_resolve or a predicate make the dispatch a pl.spmd_submit
// binding the task id. A cluster holding a spmd scope keeps one Group
// function, marked spmd_unwrapped, whose body is the spmd scope's; its call
// carries the launch spec.
//
// Names: the scope's name_hint, else `<parent>_cluster_<n>` /
// `<parent>_spmd_<n>` (passes/outline/function_names.h); the new functions
// are placed before their parent, whose type is kept.
//
// Errors (located, naming the pass): a cluster holding more than one spmd
// scope; a scope argument outlining does not handle.
//
// Properties: requires SSAForm; produces SSAForm and ClusterOutlined.
//
//   pto-opt --passes=convert-to-ssa,outline-incore-scopes,outline-cluster-scopes prog.py

#ifndef PTO_PASSES_OUTLINE_OUTLINE_CLUSTER_SCOPES_H_
#define PTO_PASSES_OUTLINE_OUTLINE_CLUSTER_SCOPES_H_

#include <memory>

#include "passes/pass.h"

namespace pto::passes {

std::unique_ptr<Pass> CreateOutlineClusterScopesPass();

}  // namespace pto::passes

#endif  // PTO_PASSES_OUTLINE_OUTLINE_CLUSTER_SCOPES_H_
