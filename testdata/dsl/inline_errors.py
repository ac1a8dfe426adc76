# A function defined with @pl.inline inside the program class: upstream's
# program takes only its @pl.function methods, so neither self.f(...) nor
# f(...) names it. The error says where it is and what to do instead.
#
# RUN: not pto-opt %s --passes=none 2>&1 | FileCheck %s
#
# CHECK: inline_errors.py:19:44: error: 'shift' is an @pl.inline function of the program class ({{.*}}inline_errors.py:14), which upstream does not make part of the program: define it above the class
import pypto.language as pl


@pl.program
class InlineErrors:
    @pl.inline
    def shift(self, v: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        return v

    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = self.shift(x)
        return y
