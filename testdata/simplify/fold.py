# Simplify folds what the facts decide. N, assigned a constant at the top
# level, becomes 8 everywhere, in the tensor's type too, and its assignment
# goes. Inside the loop i is in [0, 16): i // 16 is 0 and i % 16 is i, so
# lo is i, and `lo < 100` is decided. `i < N` is not, but in its branches
# i // 8 is 0 and 1, and the constants of the else branch gather. The last
# loop runs once and is replaced by its body, j by 0. The interpreter gives
# the same result before and after: 40 * (0 + ... + 7 + 1 + ... + 8) = 2560.
#
# RUN: pto-opt %s --passes=simplify --backend=none --concise | FileCheck %s
# RUN: pto-opt %s --passes=simplify,simplify --backend=none --concise > %t.twice
# RUN: pto-opt %s --passes=simplify --backend=none --concise | diff - %t.twice
# RUN: rm -rf $TEST_TMPDIR/fold && mkdir -p $TEST_TMPDIR/fold
# RUN: pto-run %s --func=k --backend=none --out-dir=$TEST_TMPDIR/fold/direct
# RUN: pto-run %s --func=k --backend=none --passes=simplify --out-dir=$TEST_TMPDIR/fold/simple
# RUN: cmp $TEST_TMPDIR/fold/direct/ret0.npy $TEST_TMPDIR/fold/simple/ret0.npy
# RUN: od -A n -t f4 -j 128 -v $TEST_TMPDIR/fold/simple/ret0.npy | FileCheck %s --check-prefix=VALUES
#
# CHECK: acc = pl.tensor.full({{\[}}2, 8], dtype=pl.FP32, value=0.0)
# CHECK-NEXT: for i in pl.range(16):
# CHECK-NEXT: lo = i
# CHECK-NEXT: if i < 8:
# CHECK-NEXT: acc = pl.tensor.adds(acc, pl.cast(lo, pl.FP32))
# CHECK-NEXT: else:
# CHECK-NEXT: acc = pl.tensor.adds(acc, pl.cast(lo - 7, pl.FP32))
# CHECK-NEXT: acc = pl.tensor.muls(acc, pl.cast(40, pl.FP32))
# CHECK-NEXT: return acc
#
# VALUES-COUNT-4: 2560 2560 2560 2560

import pypto.language as pl

@pl.program
class Fold:
    @pl.function
    def k(self) -> pl.Tensor[[2, 8], pl.FP32]:
        N: pl.Scalar[pl.INDEX] = 8
        acc: pl.Tensor[[2, N], pl.FP32] = pl.tensor.full([2, N], dtype=pl.FP32, value=0.0)
        for i in pl.range(0, 2 * N):
            lo: pl.Scalar[pl.INDEX] = i % 16 + i // 16
            if lo < 100:
                if i < N:
                    acc = pl.tensor.adds(acc, pl.cast(lo + i // 8, pl.FP32))
                else:
                    acc = pl.tensor.adds(acc, pl.cast(lo - i // 8 - 6 + 0, pl.FP32))
        for j in pl.range(0, N, N):
            acc = pl.tensor.muls(acc, pl.cast((N + 2) * 4 + j, pl.FP32))
        return acc
