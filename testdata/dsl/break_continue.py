# break / continue in pl.range and while loops that carry no values: they
# print back as written, the passes keep them, PTO codegen rejects them.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s | diff $TEST_TMPDIR/once.py -
#
# CHECK: for i in pl.range(8):
# CHECK-NEXT: if i == 2:
# CHECK-NEXT: continue
# CHECK: if i >= n:
# CHECK-NEXT: break
# CHECK: while n > 0:
# CHECK-NEXT: break
#
# RUN: not pto-opt %s --emit=pto 2>&1 | FileCheck %s --check-prefix=CODEGEN
# CODEGEN: break_continue.py:29:17: error: codegen: continue is not supported by PTO codegen
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
