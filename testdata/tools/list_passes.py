# `pto-opt --list-passes` prints every registered pass (its name, upstream
# PyPTO's name for it, what it does) and every pipeline with the passes it
# runs, then exits 0 without reading an input.
#
# RUN: pto-opt --list-passes | FileCheck %s --match-full-lines
# RUN: pto-opt --list-passes=true --passes=no-such-pass | FileCheck %s --match-full-lines
#
# CHECK:      passes (name, upstream PyPTO name, what it does):
# CHECK-NEXT:   convert-tensor-to-tile-ops  ConvertTensorToTileOps  Converts the tensor ops of InCore functions to tile ops (entry loads, exit stores into new Out params) and updates their callers.
# CHECK-NEXT:   convert-to-ssa              ConvertToSSA            Gives every assignment its own variable and carries reassigned names out of loops and branches as iter args and if results.
# CHECK-NEXT:   ctrl-flow-transform         CtrlFlowTransform       Rewrites the loops of InCore functions without break and continue: if/else for a continue, a while loop on a flag for a break.
# CHECK-NEXT:   flatten-call-expr           FlattenCallExpr         Computes every call nested in another expression, condition, loop bound or return/yield value into a temporary before its statement (three-address form).
# CHECK-NEXT:   flatten-tile-nd-to-2d       FlattenTileNdTo2D       Makes every tile of rank > 2 in an InCore function the 2-D tile merging all its dims but the last ([2, 3, 4] is [6, 4]); loads keep their N-D window, stores name it.
# CHECK-NEXT:   infer-tile-memory-space     InferTileMemorySpace    Gives every tile of an InCore function the memory space it lives in (Vec for a tile produced by an op that is not a tile.* op, the input's for a view) and moves an operand its op cannot read where it lives into a space it can (tile.move).
# CHECK-NEXT:   inline-functions            InlineFunctions         Replaces every call of an Inline function by a copy of its body and drops the Inline functions.
# CHECK-NEXT:   legalize-tile-cast          LegalizeTileCast        Expands tile.cast pairs the target cannot convert natively into the shortest chain of native casts.
# CHECK-NEXT:   lower-composite-ops         LowerCompositeOps       Expands composite ops {{.*}} into primitive tile and distributed ops.
# CHECK-NEXT:   materialize-tcvt-scratch    -                       Gives every tile.cast whose pto.tcvt reads a scratch buffer on the target a compiler-owned tmp tile.
# CHECK-NEXT:   normalize-stmt-structure    NormalizeStmtStructure  Makes every body that is a sequence of one statement that statement.
# CHECK-NEXT:   optimize-orch-tensors       OptimizeOrchTensors     Reuses carried buffers for kernel outputs, gives kernel params the strides of the tensors their callers assemble into or slice from, and stores assemble loops straight into their outputs.
# CHECK-NEXT:   outline-cluster-scopes      OutlineClusterScopes    Outlines every pl.cluster scope into a Group function and every pl.spmd scope outside a cluster into a Spmd function; the launch spec rides the call.
# CHECK-NEXT:   outline-hierarchy-scopes    OutlineHierarchyScopes  Outlines every pl.at scope above CORE_GROUP of an Opaque function into a function at the scope's level and role, called where the scope was.
# CHECK-NEXT:   outline-incore-scopes       OutlineIncoreScopes     Outlines every pl.at(level=CORE_GROUP) scope into an InCore function called where the scope was; an Opaque parent becomes Orchestration.
# CHECK-NEXT:   simplify                    Simplify                Folds scalar arithmetic (in types too), decided ifs and single-trip loops, and removes dead scalar assignments.
# CHECK-NEXT:   unroll-loops                UnrollLoops             Replaces every pl.unroll loop by one copy of its body per trip, the loop variable a constant in each.
# CHECK-NEXT:       {max_iterations=1024}  int: the most trips a loop may have to be unrolled
# CHECK-NEXT:   verify-no-nested-call       VerifyNoNestedCall      Fails unless no call is nested in another expression, condition, loop bound or return/yield value (three-address form).
# CHECK-NEXT:   verify-ssa                  VerifySSA               Fails unless the program is in SSA form: each variable defined once and used within its scope.
# CHECK-NEXT: pipelines:
# CHECK-NEXT:   default = inline-functions, unroll-loops, ctrl-flow-transform, convert-to-ssa, simplify, normalize-stmt-structure, flatten-call-expr, outline-hierarchy-scopes, outline-incore-scopes, outline-cluster-scopes, convert-tensor-to-tile-ops, optimize-orch-tensors, lower-composite-ops, flatten-tile-nd-to-2d, legalize-tile-cast, infer-tile-memory-space, materialize-tcvt-scratch
# CHECK-EMPTY:
