# An Inline function that reaches itself through calls cannot be expanded:
# InlineFunctions names the cycle at the call that closes it and writes
# nothing.
#
# RUN: not pto-opt %s --passes=inline-functions --backend=none -o %s.out 2>&1 | FileCheck %s
# RUN: test ! -e %s.out
#
# CHECK: recursion.py:[[#@LINE+15]]:44: error: InlineFunctions: Inline function 'ping' calls itself (ping -> pong -> ping); an Inline function is expanded at its calls, so it cannot recurse
# CHECK-NEXT: y: pl.Tensor{{.*}} = self.ping(x)
# CHECK-NEXT: ^

import pypto.language as pl

@pl.program
class Recursion:
    @pl.function(type=pl.FunctionType.Inline)
    def ping(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = self.pong(x)
        return y

    @pl.function(type=pl.FunctionType.Inline)
    def pong(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = self.ping(x)
        return y

    @pl.function
    def main(self, a: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        r: pl.Tensor[[64], pl.FP32] = self.ping(a)
        return r
