// OutlineHierarchyScopes (upstream's pass 07): every `with pl.at(level=L,
// role=R)` scope of an Opaque function, for a level other than CORE_GROUP
// (those are OutlineIncoreScopes'), becomes an Opaque function at level L
// with role R, called where the scope was (passes/outline/scope_outliner.h):
//
//   with pl.at(level=pl.Level.HOST,          @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
//              role=pl.Role.Orchestrator): => def main_host_orch_0(self, x): ...
//       y = pl.add(x, x)                     y = self.main_host_orch_0(x)
//
// The new function is named by the scope's name_hint, else
// `<parent>_<level>[_<role>]_<n>` (level in lower case, CLUSTER_0 as
// cluster0; role orch, worker or subworker), and placed before its parent.
// Scopes nested in an outlined scope are outlined from the new function in
// turn, so their names chain: `main_global_orch_0_host_orch_0`. The parent
// keeps its type.
//
// Errors (located, naming the pass): a scope with arguments outlining does
// not handle yet (task ids, deps, ...).
//
// Properties: requires SSAForm; produces SSAForm and HierarchyOutlined.
//
//   pto-opt --passes=convert-to-ssa,outline-hierarchy-scopes prog.py

#ifndef PTO_PASSES_OUTLINE_OUTLINE_HIERARCHY_SCOPES_H_
#define PTO_PASSES_OUTLINE_OUTLINE_HIERARCHY_SCOPES_H_

#include <memory>

#include "passes/pass.h"

namespace pto::passes {

std::unique_ptr<Pass> CreateOutlineHierarchyScopesPass();

}  // namespace pto::passes

#endif  // PTO_PASSES_OUTLINE_OUTLINE_HIERARCHY_SCOPES_H_
