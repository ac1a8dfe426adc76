# UnrollLoops needs the trip count at compile time: a bound that is a
# runtime value is an error at the loop, and so is a loop with more trips
# than the max_iterations option allows (1024 unless set). No output is
# written.
#
# RUN: not pto-opt %s --passes=unroll-loops --backend=none -o %s.out 2>&1 | FileCheck %s
# RUN: test ! -e %s.out
# RUN: sed -e 's/pl.unroll(n)/pl.unroll(8)/' %s > %t.py
# RUN: not pto-opt %t.py --passes='unroll-loops{max_iterations=4}' --backend=none 2>&1 | FileCheck %s --check-prefix=LIMIT
# RUN: pto-opt %t.py --passes='UnrollLoops{max_iterations=8}' --backend=none --concise | FileCheck %s --check-prefix=OK
#
# CHECK: bounds.py:[[#@LINE+14]]:9: error: UnrollLoops: the loop's stop must be a compile-time integer constant, got 'n'; use pl.range for a bound known only at run time
# CHECK-NEXT: for i in pl.unroll(n):
# CHECK-NEXT: ^
#
# LIMIT: error: UnrollLoops: the loop has 8 trips, more than the 4 unroll-loops allows (option max_iterations); use pl.range, or raise the limit
#
# OK-COUNT-8: = pl.tensor.adds(x, 1.0)

import pypto.language as pl

@pl.program
class Bounds:
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64], pl.FP32]:
        for i in pl.unroll(n):
            y: pl.Tensor[[64], pl.FP32] = pl.tensor.adds(x, 1.0)
        return x
