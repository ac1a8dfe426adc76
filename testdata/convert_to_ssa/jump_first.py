# A loop whose break and continue come before every assignment of the names
# it carries: at a jump they still hold what the iteration started with,
# which is what a loop's break and continue carry, so ConvertToSSA threads
# them as iter args and keeps the jumps, in any function. The interpreter
# gives the same result before and after.
#
# RUN: pto-opt %s --passes=convert-to-ssa --backend=none --concise | FileCheck %s
# RUN: rm -rf $TEST_TMPDIR/jf && mkdir -p $TEST_TMPDIR/jf
# RUN: pto-run %s --func=main --backend=none --seed=2 --out-dir=$TEST_TMPDIR/jf/direct
# RUN: pto-run %s --func=main --backend=none --seed=2 --passes=convert-to-ssa --out-dir=$TEST_TMPDIR/jf/ssa
# RUN: cmp $TEST_TMPDIR/jf/direct/ret0.npy $TEST_TMPDIR/jf/ssa/ret0.npy
#
# CHECK: acc = x
# CHECK-NEXT: for i, ([[A:acc_[0-9]+]],) in pl.range(8, init_values=(acc,)):
# CHECK-NEXT: if i < 2:
# CHECK-NEXT: continue
# CHECK-NEXT: if i > 5:
# CHECK-NEXT: break
# CHECK-NEXT: [[N:acc_[0-9]+]] = pl.tensor.adds([[A]], 1.0)
# CHECK-NEXT: [[R:acc_[0-9]+]] = pl.yield_([[N]])
# CHECK-NEXT: return [[R]]

import pypto.language as pl

@pl.program
class JumpFirst:
    @pl.function
    def main(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        acc = x
        for i in pl.range(8):
            if i < 2:
                continue
            if i > 5:
                break
            acc = pl.tensor.adds(acc, 1.0)
        return acc
