# An Inline function's body is placed where it is called, so it may return
# only as its last statement: a return inside an if is an error at that
# return, with no output.
#
# RUN: not pto-opt %s --passes=inline-functions --backend=none -o %s.out 2>&1 | FileCheck %s
# RUN: test ! -e %s.out
#
# CHECK: early_return.py:[[#@LINE+11]]:13: error: InlineFunctions: Inline function 'clip' returns before the end of its body; an Inline function is expanded in place, so it may return only as its last statement
# CHECK-NEXT: return x
# CHECK-NEXT: ^

import pypto.language as pl

@pl.program
class EarlyReturn:
    @pl.function(type=pl.FunctionType.Inline)
    def clip(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64], pl.FP32]:
        if n == 0:
            return x
        y: pl.Tensor[[64], pl.FP32] = pl.maximum(x, x)
        return y

    @pl.function
    def main(self, a: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        r: pl.Tensor[[64], pl.FP32] = self.clip(a, 1)
        return r
