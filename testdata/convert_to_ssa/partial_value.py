# A name assigned in one branch only and read after the if has no value on
# the other path: ConvertToSSA names the read and says what to change.
#
# RUN: not pto-opt %s --passes=convert-to-ssa --backend=none 2>&1 | FileCheck %s
#
# CHECK: partial_value.py:[[#@LINE+11]]:9: error: ConvertToSSA: 't' is read here, but the value assigned to it in a loop body or branch does not reach this point on every path; assign it before that loop or in both branches
# CHECK-NEXT: return t

import pypto.language as pl

@pl.program
class PartialValue:
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64], pl.FP32]:
        if n == 0:
            t = pl.add(x, 1.0)
        return t
