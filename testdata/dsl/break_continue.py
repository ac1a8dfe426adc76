# break / continue in pl.range and while loops that carry no values: they
# print back as written. PTO codegen has no jumps: it rejects them as
# written, and the default pipeline's CtrlFlowTransform turns them into
# structured loops it emits (scf.while on a break flag).
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --concise | FileCheck %s --check-prefix=DEFAULT
# RUN: pto-opt %s --emit=pto | FileCheck %s --check-prefix=EMIT
#
# CHECK: for i in pl.range(8):
# CHECK-NEXT: if i == 2:
# CHECK-NEXT: continue
# CHECK: if i >= n:
# CHECK-NEXT: break
# CHECK: while n > 0:
# CHECK-NEXT: break
#
# DEFAULT-NOT: break
# DEFAULT-NOT: continue
# DEFAULT: pl.cond({{i_idx.*}} < 8 and not {{brk.*}})
# DEFAULT: pl.cond(n > 0 and not {{brk.*}})
#
# EMIT-COUNT-2: scf.while
#
# RUN: not pto-opt %s --passes=none --emit=pto 2>&1 | FileCheck %s --check-prefix=CODEGEN
# CODEGEN: break_continue.py:39:17: error: codegen: continue is not supported by PTO codegen
import pypto.language as pl


@pl.program
class Jumps:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[1, 8], pl.FP32], out: pl.Out[pl.Tensor[[1, 8], pl.FP32]], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[1, 8], pl.FP32]:
        t = pl.tile.load(x, [0, 0], [1, 1], [1, 1], target_memory=pl.Mem.Vec)
        for i in pl.range(8):
            if i == 2:
                continue
            if i >= n:
                break
            r = pl.tile.store(t, [0, i], out)
        while n > 0:
            break
        r2 = pl.tile.store(t, [0, 7], out)
        return r2
