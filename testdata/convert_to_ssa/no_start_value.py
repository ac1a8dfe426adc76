# A name first assigned in a loop and read after it is carried out of the
# loop, starting from a value of its type defined before the loop. With
# none (no FP32 scalar exists before this loop), ConvertToSSA stops.
#
# RUN: not pto-opt %s --passes=convert-to-ssa --backend=none 2>&1 | FileCheck %s
#
# CHECK: no_start_value.py:[[#@LINE+8]]:9: error: ConvertToSSA: 's' is assigned in this loop and read after it, but no value of its type exists before the loop to start from; assign it before the loop

import pypto.language as pl

@pl.program
class NoStartValue:
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i in pl.range(4):
            s: pl.Scalar[pl.FP32] = 2.0
        y = pl.mul(x, s)
        return y
