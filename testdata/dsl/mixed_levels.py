# A unified op rejects a Tensor operand next to a Tile first operand, as
# upstream's dispatchers do.
#
# RUN: not pto-opt %s --passes=none 2>&1 | FileCheck %s
#
# CHECK: mixed_levels.py:17:23: error: pl.mul: cannot mix Tensor and Tile operands
# CHECK-NEXT: {{^ +}}b = pl.mul(a, x){{$}}

import pypto.language as pl


@pl.program
class Mixed:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        a = pl.load(x, [0, 0], [16, 16])
        b = pl.mul(a, x)
        r = pl.store(b, [0, 0], out)
        return r
