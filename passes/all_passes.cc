// The project's pass list. Adding a pass: register its factory here.

#include "passes/all_passes.h"

#include "passes/layout/flatten_tile_nd_to_2d.h"
#include "passes/legalize_tile_cast/legalize_tile_cast.h"
#include "passes/lower_composite/lower_composite_ops.h"
#include "passes/materialize_tcvt_scratch/materialize_tcvt_scratch.h"
#include "passes/memory/infer_tile_memory_space.h"
#include "passes/normalize/convert_to_ssa.h"
#include "passes/normalize/ctrl_flow_transform.h"
#include "passes/normalize/flatten_call_expr.h"
#include "passes/normalize/inline_functions.h"
#include "passes/normalize/normalize_stmt_structure.h"
#include "passes/normalize/simplify.h"
#include "passes/normalize/unroll_loops.h"
#include "passes/outline/outline_cluster_scopes.h"
#include "passes/outline/outline_hierarchy_scopes.h"
#include "passes/outline/outline_incore_scopes.h"
#include "passes/tensor_to_tile/convert_tensor_to_tile_ops.h"
#include "passes/tensor_to_tile/optimize_orch_tensors.h"
#include "passes/verify/verify_no_nested_call.h"
#include "passes/verify/verify_ssa.h"

namespace pto::passes {

const PassRegistry& BuiltinPasses() {
  static const PassRegistry* const registry = [] {
    auto* r = new PassRegistry();
    r->RegisterPass("convert-tensor-to-tile-ops", CreateConvertTensorToTileOpsPass);
    r->RegisterPass("convert-to-ssa", CreateConvertToSSAPass);
    r->RegisterPass("ctrl-flow-transform", CreateCtrlFlowTransformPass);
    r->RegisterPass("flatten-call-expr", CreateFlattenCallExprPass);
    r->RegisterPass("flatten-tile-nd-to-2d", CreateFlattenTileNdTo2DPass);
    r->RegisterPass("infer-tile-memory-space", CreateInferTileMemorySpacePass);
    r->RegisterPass("inline-functions", CreateInlineFunctionsPass);
    r->RegisterPass("legalize-tile-cast", CreateLegalizeTileCastPass);
    r->RegisterPass("lower-composite-ops", CreateLowerCompositeOpsPass);
    r->RegisterPass("materialize-tcvt-scratch", CreateMaterializeTcvtScratchPass);
    r->RegisterPass("normalize-stmt-structure", CreateNormalizeStmtStructurePass);
    r->RegisterPass("optimize-orch-tensors", CreateOptimizeOrchTensorsPass);
    r->RegisterPass("outline-hierarchy-scopes", CreateOutlineHierarchyScopesPass);
    r->RegisterPass("outline-incore-scopes", CreateOutlineIncoreScopesPass);
    r->RegisterPass("outline-cluster-scopes", CreateOutlineClusterScopesPass);
    r->RegisterPass("simplify", CreateSimplifyPass);
    r->RegisterPass("unroll-loops", CreateUnrollLoopsPass, UnrollLoopsOptions());
    r->RegisterPass("verify-no-nested-call", CreateVerifyNoNestedCallPass);
    r->RegisterPass("verify-ssa", CreateVerifySSAPass);
    // Upstream PyPTO's names for the same passes.
    r->RegisterAlias("ConvertTensorToTileOps", "convert-tensor-to-tile-ops");
    r->RegisterAlias("ConvertToSSA", "convert-to-ssa");
    r->RegisterAlias("CtrlFlowTransform", "ctrl-flow-transform");
    r->RegisterAlias("FlattenCallExpr", "flatten-call-expr");
    r->RegisterAlias("FlattenTileNdTo2D", "flatten-tile-nd-to-2d");
    r->RegisterAlias("InferTileMemorySpace", "infer-tile-memory-space");
    r->RegisterAlias("InlineFunctions", "inline-functions");
    r->RegisterAlias("LegalizeTileCast", "legalize-tile-cast");
    r->RegisterAlias("LowerCompositeOps", "lower-composite-ops");
    r->RegisterAlias("NormalizeStmtStructure", "normalize-stmt-structure");
    r->RegisterAlias("OptimizeOrchTensors", "optimize-orch-tensors");
    r->RegisterAlias("OutlineHierarchyScopes", "outline-hierarchy-scopes");
    r->RegisterAlias("OutlineIncoreScopes", "outline-incore-scopes");
    r->RegisterAlias("OutlineClusterScopes", "outline-cluster-scopes");
    r->RegisterAlias("Simplify", "simplify");
    r->RegisterAlias("UnrollLoops", "unroll-loops");
    r->RegisterAlias("VerifyNoNestedCall", "verify-no-nested-call");
    r->RegisterAlias("VerifySSA", "verify-ssa");
    r->RegisterPipeline("default", {"inline-functions", "unroll-loops", "ctrl-flow-transform",
                                    "convert-to-ssa", "simplify", "normalize-stmt-structure",
                                    "flatten-call-expr", "outline-hierarchy-scopes",
                                    "outline-incore-scopes", "outline-cluster-scopes",
                                    "convert-tensor-to-tile-ops", "optimize-orch-tensors",
                                    "lower-composite-ops", "flatten-tile-nd-to-2d",
                                    "legalize-tile-cast",
                                    "infer-tile-memory-space", "materialize-tcvt-scratch"});
    return r;
  }();
  return *registry;
}

}  // namespace pto::passes
