# An Inline function is expanded where it is called, so it is no task:
# pl.submit of one is an error at the submit, with no output.
#
# RUN: not pto-opt %s --passes=inline-functions --backend=none -o %s.out 2>&1 | FileCheck %s
# RUN: test ! -e %s.out
#
# CHECK: submit.py:[[#@LINE+14]]:37: error: InlineFunctions: pl.submit of Inline function 'double': an Inline function is expanded where it is called, so there is no task to submit; call it directly

import pypto.language as pl

@pl.program
class Submit:
    @pl.function(type=pl.FunctionType.Inline)
    def double(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.manual_scope():
            r, tid = pl.submit(self.double, a)
        return r
