# CtrlFlowTransform on what users write: a for loop with continue and break
# becomes a while loop on a flag (the statements after each jump move into
# the paths that do not take it), a while loop with break gains the flag in
# its condition. ConvertToSSA then carries the reassigned names, flag and
# induction variable. The interpreter gives the program the same result
# before and after: acc = 6x after the for loop (i = 2 skipped, the break at
# i = 5 after the add), 9x after the while loop.
#
# RUN: pto-opt %s --passes=ctrl-flow-transform --backend=none --concise | FileCheck %s
# RUN: pto-opt %s --passes=CtrlFlowTransform,convert-to-ssa,verify-ssa --backend=none --concise | FileCheck %s --check-prefix=SSA
# RUN: rm -rf $TEST_TMPDIR/cf && mkdir -p $TEST_TMPDIR/cf && printf '\x93NUMPY\x01\x00v\x00{\x27descr\x27: \x27<f4\x27, \x27fortran_order\x27: False, \x27shape\x27: (8,), }                                                            \x0a\x00\x00\x80?\x00\x00\x80?\x00\x00\x80?\x00\x00\x80?\x00\x00\x80?\x00\x00\x80?\x00\x00\x80?\x00\x00\x80?' > $TEST_TMPDIR/cf/x.npy
# RUN: pto-run %s --func=k --backend=none --in=x=$TEST_TMPDIR/cf/x.npy --out-dir=$TEST_TMPDIR/cf/direct
# RUN: pto-run %s --func=k --backend=none --passes=ctrl-flow-transform,convert-to-ssa --in=x=$TEST_TMPDIR/cf/x.npy --out-dir=$TEST_TMPDIR/cf/flat
# RUN: cmp $TEST_TMPDIR/cf/direct/ret0.npy $TEST_TMPDIR/cf/flat/ret0.npy
# RUN: od -A n -t x4 -j 128 -v $TEST_TMPDIR/cf/flat/ret0.npy | FileCheck %s --check-prefix=VALUES
#
# CHECK: acc = x
# CHECK-NEXT: [[I:i_idx]] = 0
# CHECK-NEXT: [[B:brk]] = False
# CHECK-NEXT: while [[I]] < 10 and not [[B]]:
# CHECK-NEXT: if [[I]] == 2:
# CHECK-NEXT: pass
# CHECK-NEXT: else:
# CHECK-NEXT: acc = pl.tensor.add(acc, x)
# CHECK-NEXT: if [[I]] == 5:
# CHECK-NEXT: [[B]] = True
# CHECK-NEXT: if not [[B]]:
# CHECK-NEXT: [[I]] = [[I]] + 1
# CHECK-NEXT: n = 0
# CHECK-NEXT: [[B2:brk_1]] = False
# CHECK-NEXT: while n < 100 and not [[B2]]:
# CHECK-NEXT: acc = pl.tensor.add(acc, x)
# CHECK-NEXT: n = n + 1
# CHECK-NEXT: if n == 3:
# CHECK-NEXT: [[B2]] = True
# CHECK-NEXT: return acc
# CHECK-NOT: break
# CHECK-NOT: continue
#
# SSA: for ({{.*}}) in pl.while_(init_values=(
# SSA-NOT: break
#
# VALUES-COUNT-2: 41100000 41100000 41100000 41100000

import pypto.language as pl

@pl.program
class BreakContinue:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[8], pl.FP32]) -> pl.Tensor[[8], pl.FP32]:
        acc = x
        for i in pl.range(10):
            if i == 2:
                continue
            acc = pl.add(acc, x)
            if i == 5:
                break
        n = 0
        while n < 100:
            acc = pl.add(acc, x)
            n = n + 1
            if n == 3:
                break
        return acc
