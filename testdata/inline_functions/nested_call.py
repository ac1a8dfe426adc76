# A call of an Inline function is expanded where it is a statement's whole
# value; inside an expression it is an error naming the function.
#
# RUN: not pto-opt %s --passes=inline-functions --backend=none -o %s.out 2>&1 | FileCheck %s
# RUN: test ! -e %s.out
#
# CHECK: nested_call.py:[[#@LINE+15]]:51: error: InlineFunctions: the call of Inline function 'double' is nested in an expression; assign its result to a variable first
# CHECK-NEXT: r: pl.Tensor{{.*}} = pl.add(self.double(a), a)
# CHECK-NEXT: ^

import pypto.language as pl

@pl.program
class NestedCall:
    @pl.function(type=pl.FunctionType.Inline)
    def double(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        r: pl.Tensor[[64], pl.FP32] = pl.add(self.double(a), a)
        return r
