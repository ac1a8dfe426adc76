# pto-opt's command line: dash and underscore flag spellings, per-pass IR
# dumps on stderr, upstream PyPTO's pass names, pass options that the pass
# does not declare, stdin input, -o output,
# unknown passes and backends, and parse errors with a caret and no output file, a FIFO as -o (written in
# place, never replaced: a device such as /dev/null is not used, since a
# regression run as root would replace it) and write errors.
#
# RUN: pto-opt %s --passes=legalize-tile-cast --print-ir-after-all --concise 2>&1 >/dev/null | FileCheck %s --check-prefix=DUMP
# RUN: pto-opt --passes=none --verify_each=false < %s | FileCheck %s --check-prefix=STDIN
# RUN: pto-opt %s --passes=legalize-tile-cast --backend=a2a3 -o %s.out && FileCheck %s --check-prefix=A2A3 < %s.out && rm %s.out
# RUN: pto-opt %s --passes=LowerCompositeOps,LegalizeTileCast --print-ir-after-all --concise 2>&1 >/dev/null | FileCheck %s --check-prefix=UPSTREAM
# RUN: not pto-opt %s --passes=no-such-pass 2>&1 | FileCheck %s --check-prefix=BADPASS
# RUN: not pto-opt %s --backend=a9 2>&1 | FileCheck %s --check-prefix=BADBACKEND
# RUN: not pto-opt %s '--passes=LegalizeTileCast{unroll=4}' -o %s.opt.out 2>&1 | FileCheck %s --check-prefix=BADOPTION
# RUN: test ! -e %s.opt.out
# RUN: not pto-opt %s '--passes=default{unroll=4}' 2>&1 | FileCheck %s --check-prefix=PIPEOPTION
# RUN: printf 'import pypto.language as pl\n@pl.program\nclass P:\n    def f(self) -> pl.Tile[[16], pl.FP32:\n        pass\n' > %s.bad
# RUN: not pto-opt %s.bad -o %s.bad.out 2>&1 | FileCheck %s --check-prefix=PARSE
# RUN: test ! -e %s.bad.out && rm %s.bad
# RUN: rm -f $TEST_TMPDIR/fifo && mkfifo $TEST_TMPDIR/fifo && (cat $TEST_TMPDIR/fifo > $TEST_TMPDIR/fifo.out &) && pto-opt %s -o $TEST_TMPDIR/fifo && test -p $TEST_TMPDIR/fifo
# RUN: not pto-opt %s -o /dev/full 2>&1 | FileCheck %s --check-prefix=FULL
# RUN: not pto-opt %s 2>&1 >/dev/full | FileCheck %s --check-prefix=FULLOUT
# RUN: test -c /dev/full
#
# DUMP: # -----// IR Dump After legalize-tile-cast //----- #
# DUMP: c__cast_fp32_tmp_v0 = pl.tile.cast(t, target_type=pl.FP32, mode='round')
# UPSTREAM: # -----// IR Dump After lower-composite-ops //----- #
# UPSTREAM: # -----// IR Dump After legalize-tile-cast //----- #
# UPSTREAM: c__cast_fp32_tmp_v0 = pl.tile.cast(t, target_type=pl.FP32, mode='round')
# STDIN: class Cli:
# STDIN: c: pl.Tile{{.*}} = pl.tile.cast(t, target_type=pl.FP16, mode='round')
# A2A3: c: pl.Tile{{.*}} = pl.tile.cast(t, target_type=pl.FP16, mode='round')
# A2A3-NOT: cast_fp32
# BADOPTION: pass 'legalize-tile-cast' has no option 'unroll'; its options: (none)
# PIPEOPTION: 'default' is a pipeline; options go on its passes
# BADPASS: unknown pass 'no-such-pass'; known passes: convert-tensor-to-tile-ops, convert-to-ssa, ctrl-flow-transform, flatten-call-expr, flatten-tile-nd-to-2d, infer-tile-memory-space, inline-functions, legalize-tile-cast, lower-composite-ops, materialize-tcvt-scratch, normalize-stmt-structure, optimize-orch-tensors, outline-cluster-scopes, outline-hierarchy-scopes, outline-incore-scopes, simplify, unroll-loops, verify-no-nested-call, verify-ssa
# BADPASS-SAME: aliases: ConvertTensorToTileOps = convert-tensor-to-tile-ops, ConvertToSSA = convert-to-ssa, CtrlFlowTransform = ctrl-flow-transform, FlattenCallExpr = flatten-call-expr, FlattenTileNdTo2D = flatten-tile-nd-to-2d, InferTileMemorySpace = infer-tile-memory-space, InlineFunctions = inline-functions, LegalizeTileCast = legalize-tile-cast, LowerCompositeOps = lower-composite-ops
# BADBACKEND: unknown backend 'a9'; known: a2a3, a5, none
# PARSE: pto_opt_cli.py.bad:4:41: error: expected ']' but found ':'
# PARSE-NEXT: def f(self) -> pl.Tile{{.*}}pl.FP32:
# PARSE-NEXT: {{^ +\^$}}
# FULL: pto-opt: error: cannot write /dev/full: No space left on device
# FULLOUT: pto-opt: error: cannot write <stdout>: No space left on device

# pypto.program: Cli
import pypto.language as pl

@pl.program
class Cli:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[16, 16], pl.INT32], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]) -> pl.Tensor[[16, 16], pl.FP16]:
        t: pl.Tile[[16, 16], pl.INT32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        c: pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec] = pl.tile.cast(t, target_type=pl.FP16, mode='round')
        r: pl.Tensor[[16, 16], pl.FP16] = pl.tile.store(c, [0, 0], out)
        return r
